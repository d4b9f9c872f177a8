import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // Streaming a million containers allocates a lot of short-lived objects: a larger young
    // generation halves the garbage collector's share of the large-scale test.
    execArgv: ['--max-semi-space-size=64'],
  },
});
