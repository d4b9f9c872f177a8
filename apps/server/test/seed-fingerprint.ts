import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Names and contents of every file under `dir`, in a fixed order. */
const hashTree = (h: ReturnType<typeof createHash>, dir: string) => {
  if (!existsSync(dir)) throw new Error(`nothing to fingerprint at ${dir}`);
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((x, y) =>
    x.name.localeCompare(y.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(h, path);
    else h.update(entry.name).update(readFileSync(path));
  }
};

/**
 * The folder of a package as an import from `from` finds it (the node_modules lookup, from the real path
 * like Node's): `require.resolve` refuses packages that export only an `import` condition, and vitest's
 * global setup has no import.meta.resolve.
 */
export const packageDir = (name: string, from = serverDir): string => {
  for (let dir = realpathSync(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed`);
  }
};

/** The folder of a package's import entry (its dist/ for a workspace package). */
const entryDir = (name: string, from?: string) => {
  const dir = packageDir(name, from);
  const { exports } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return dirname(join(dir, exports['.'].import));
};

/**
 * A hash of what decides a seeded database, for the caches of seeded databases in the temp dir (the
 * test template, test/global-setup.ts; the built server's demo DATA_DIR, test/ops/support.ts): the
 * migrations, the seeding code (src/db, password hashing, ids), the dataset generator as it runs
 * (@falcon/demo-data's build and the faker it uses) and the contract's build it reads (default roles,
 * permission codes), plus the files the caller names (`extra`: a package.json whose version matters).
 * Resolved through the packages, so a moved package fails loudly instead of hashing nothing.
 */
export const seedFingerprint = (extra: readonly string[] = []): string => {
  const h = createHash('sha256');
  hashTree(h, join(serverDir, 'drizzle'));
  hashTree(h, join(serverDir, 'src/db'));
  h.update(readFileSync(join(serverDir, 'src/auth/password.ts')));
  h.update(readFileSync(join(serverDir, 'src/ids.ts')));
  const demoData = entryDir('@falcon/demo-data');
  hashTree(h, demoData);
  h.update(readFileSync(join(packageDir('@faker-js/faker', demoData), 'package.json')));
  hashTree(h, entryDir('@falcon/api-client'));
  for (const file of extra) h.update(readFileSync(file));
  return h.digest('hex').slice(0, 16);
};
