import { configDefaults, defineConfig } from 'vitest/config';

/**
 * scripts/test.mjs runs the suite twice: on PGlite, then on PostgreSQL when DATABASE_URL is set.
 * Operational tests that only make sense on one engine are named for it:
 * - `*.pg.test.ts` (PostgreSQL restart, two server processes on one database) need a separate
 *   PostgreSQL server; with PGlite the database is embedded in the server process. PostgreSQL pass only.
 * - `*.pglite.test.ts` start the built server on its embedded PGlite whatever DATABASE_URL says;
 *   they run once, in the PGlite pass, instead of twice the same.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, onPostgres ? 'test/**/*.pglite.test.ts' : 'test/**/*.pg.test.ts'],
    passWithNoTests: true,
    // Every answer of every app a test builds or starts is parsed with its zod response schema (app.ts).
    env: { FALCON_VALIDATE_RESPONSES: '1' },
    globalSetup: ['test/global-setup.ts', 'test/ops/build-server.ts'],
    // PGlite and argon2 are CPU-bound: two files at a time on the shared 2 cores.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
