import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** The folder of a package's entry as this server imports it (its dist/ for a workspace package). */
const entryDir = (specifier: string) => dirname(fileURLToPath(import.meta.resolve(specifier)));

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
  h.update(readFileSync(createRequire(join(demoData, 'index.js')).resolve('@faker-js/faker/package.json')));
  hashTree(h, entryDir('@falcon/api-client'));
  for (const file of extra) h.update(readFileSync(file));
  return h.digest('hex').slice(0, 16);
};
