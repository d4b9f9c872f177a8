#!/usr/bin/env node
// `npm run verify:reproducible` (part of `npm test`): builds the working tree twice, in two temporary
// directories of different paths, and fails naming every file of `apps/*/dist` and `packages/*/dist`
// that is missing from one build or differs between them.
//
// Each copy gets the tracked and untracked (not ignored) files of this checkout (the second in reverse
// order, so that directory listings differ) and a hard-linked copy of
// its installed node_modules (`--install` runs `npm ci --offline` instead: slower, the same packages), then
// `turbo run build --force` (no cache) with the same SOURCE_DATE_EPOCH: the commit's time, as a clean clone
// would build it. `--vary` gives the second build another SOURCE_DATE_EPOCH, so it must fail: the proof
// that the comparison sees a difference. `--keep` leaves the directories for a closer look.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compareTrees, formatDifferences } from './reproducible/compare.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));

const git = (...gitArgs) => execFileSync('git', gitArgs, { cwd: root, encoding: 'utf8' });
const epoch = process.env.SOURCE_DATE_EPOCH ?? git('log', '-1', '--format=%ct').trim();
const sources = git('ls-files', '-z', '--cached', '--others', '--exclude-standard')
  .split('\0')
  .filter((file) => file && existsSync(join(root, file)));
/** Every node_modules folder npm made (the root's and nested workspace ones). */
const installed = ['node_modules', ...readdirSync(join(root, 'apps')).map((a) => `apps/${a}/node_modules`)]
  .concat(readdirSync(join(root, 'packages')).map((p) => `packages/${p}/node_modules`))
  .filter((dir) => existsSync(join(root, dir)));

const distDirs = (tree) =>
  ['apps', 'packages'].flatMap((group) =>
    readdirSync(join(tree, group))
      .sort()
      .map((name) => `${group}/${name}/dist`)
      .filter((dir) => existsSync(join(tree, dir))),
  );

const prepare = (dir, order) => {
  for (const file of order) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  if (args.has('--install')) {
    run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], dir, process.env);
    return;
  }
  for (const modules of installed) {
    // Hard links: seconds instead of a minute; a build writes new files, never into installed ones
    // (vite's bundled config goes to .vite-temp, left out here).
    run('cp', ['-al', join(root, modules), join(dir, modules)], dir, process.env);
    rmSync(join(dir, modules, '.vite-temp'), { recursive: true, force: true });
  }
};

function run(command, commandArgs, cwd, env) {
  const result = spawnSync(command, commandArgs, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout.slice(-4000) + result.stderr.slice(-4000));
    throw new Error(`${command} ${commandArgs.join(' ')} failed in ${cwd} (exit ${result.status})`);
  }
}

const build = (dir, sourceEpoch) => {
  const started = Date.now();
  run('npx', ['turbo', 'run', 'build', '--force', '--output-logs=errors-only'], dir, {
    ...process.env,
    SOURCE_DATE_EPOCH: String(sourceEpoch),
    TURBO_TELEMETRY_DISABLED: '1',
  });
  return ((Date.now() - started) / 1000).toFixed(1);
};

const base = mkdtempSync(join(tmpdir(), 'falcon-repro-'));
// Different depths and names: an absolute path baked into an output shows up as a difference.
const first = join(base, 'one', 'falcon');
const second = join(base, 'build-two', 'another-checkout');
let failed = false;
try {
  // The second copy writes its files in reverse order: a small directory lists its entries in the order
  // they were made, so an output that depends on directory order differs.
  prepare(first, sources);
  prepare(second, [...sources].reverse());
  const firstTime = build(first, epoch);
  const secondTime = build(second, args.has('--vary') ? Number(epoch) + 86_400 : epoch);
  const dirs = [...new Set([...distDirs(first), ...distDirs(second)])];
  const differences = dirs.flatMap((dir) =>
    compareTrees(join(first, dir), join(second, dir)).map((d) => ({ ...d, file: `${dir}/${d.file}` })),
  );
  const files = dirs.reduce(
    (sum, dir) => sum + (existsSync(join(first, dir)) ? countFiles(join(first, dir)) : 0),
    0,
  );
  console.log(
    `reproducible: built twice (${firstTime} s, ${secondTime} s; SOURCE_DATE_EPOCH=${epoch}${args.has('--vary') ? ', the second one day later' : ''}); compared ${files} files in ${dirs.length} dist folders`,
  );
  if (differences.length) {
    failed = true;
    console.error(formatDifferences(differences));
  } else console.log('reproducible: every file byte-identical');
} finally {
  if (args.has('--keep')) console.log(`kept: ${first} and ${second}`);
  else rmSync(base, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

function countFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}
