// `npm run check:changesets` (in `npm test`): every change to the published source of a versioned
// package (@falcon/ui, @falcon/api-client: src/ less tests and stories) made after SINCE comes with a
// changeset naming that package, in the same commit or a later one (or, for uncommitted changes, in
// the working tree). Changesets are consumed by `npm run version-packages`, so a version commit
// clears the list.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The commit before this check existed: earlier history is not held to it. */
export const SINCE = 'ebe3fcfd04101c98569ab7c19bae46890e572be6';
export const VERSIONED = { '@falcon/ui': 'packages/ui', '@falcon/api-client': 'packages/api-client' };

const isPublishedSource = (file, dir) =>
  file.startsWith(`${dir}/src/`) && !/\.(test|stories)\.tsx?$|\/testing\//.test(file);
const namesPackage = (text, name) =>
  new RegExp(`^['"]?${name.replace('/', '\\/')}['"]?\\s*:`, 'm').test(text);

/**
 * @param {string} root a git work tree
 * @returns {string[]} one line per change without a changeset
 */
export function missingChangesets(root, since = SINCE) {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const lines = (text) => text.split('\n').filter(Boolean);
  let commits;
  try {
    commits = lines(git('rev-list', '--reverse', `${since}..HEAD`));
  } catch {
    // A shallow clone without that commit: hold the last commit to the rule.
    console.warn(`changesets: ${since.slice(0, 7)} is not in this clone's history; checking HEAD only`);
    commits = [git('rev-parse', 'HEAD')];
  }
  const uncommitted = () => [
    ...lines(git('diff', '--name-only', 'HEAD')),
    ...lines(git('ls-files', '--others', '--exclude-standard')),
  ];
  const filesOf = (commit) => lines(git('diff-tree', '--no-commit-id', '--name-only', '-r', commit));
  const changesetText = (commit, file) => {
    try {
      return git('show', `${commit}:${file}`);
    } catch {
      return ''; // deleted in that commit
    }
  };
  // For each package, the index of the last commit that added or changed a changeset naming it.
  const lastChangeset = {};
  commits.forEach((commit, i) => {
    for (const file of filesOf(commit).filter(
      (f) => /^\.changeset\/.+\.md$/.test(f) && !f.endsWith('README.md'),
    ))
      for (const name of Object.keys(VERSIONED))
        if (namesPackage(changesetText(commit, file), name)) lastChangeset[name] = i;
  });
  const pendingInTree = Object.keys(VERSIONED).filter((name) => {
    const dir = join(root, '.changeset');
    if (!existsSync(dir)) return false;
    const changed = new Set(uncommitted());
    return readdirSync(dir)
      .filter((f) => f.endsWith('.md') && f !== 'README.md' && changed.has(`.changeset/${f}`))
      .some((f) => namesPackage(readFileSync(join(dir, f), 'utf8'), name));
  });
  const problems = [];
  commits.forEach((commit, i) => {
    for (const [name, dir] of Object.entries(VERSIONED)) {
      const touched = filesOf(commit).filter((f) => isPublishedSource(f, dir));
      if (touched.length && !((lastChangeset[name] ?? -1) >= i) && !pendingInTree.includes(name))
        problems.push(
          `${commit.slice(0, 7)} changes ${name} (${touched[0]}${touched.length > 1 ? ` and ${touched.length - 1} more` : ''}) without a changeset`,
        );
    }
  });
  for (const [name, dir] of Object.entries(VERSIONED)) {
    const touched = uncommitted().filter((f) => isPublishedSource(f, dir));
    if (touched.length && !pendingInTree.includes(name))
      problems.push(`uncommitted changes to ${name} (${touched[0]}) without a changeset`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = missingChangesets(new URL('..', import.meta.url).pathname);
  if (problems.length) {
    console.error('changesets: a change to a versioned package needs `npm run changeset`:');
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log('changesets: every change to @falcon/ui and @falcon/api-client has one');
}
