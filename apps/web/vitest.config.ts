import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localesAlias } from './locales-alias';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [localesAlias] },
  define: { __BUILD_TIME__: JSON.stringify('2025-08-31T00:00:00.000Z') },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // The 2 shared cores are often busy with other builds.
    testTimeout: 20_000,
  },
});
