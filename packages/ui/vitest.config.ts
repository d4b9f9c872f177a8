import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // The 2 shared cores are often busy with other builds; user-event flows can pass 5 s there.
    testTimeout: 20_000,
  },
});
