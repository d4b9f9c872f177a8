import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    passWithNoTests: true,
    globalSetup: ['test/global-setup.ts'],
    // PGlite and argon2 are CPU-bound: two files at a time on the shared 2 cores.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
