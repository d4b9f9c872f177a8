import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

// End-to-end tests in Debian's chromium (never a downloaded browser) against the real server, built
// and started on a free port with a fresh data directory and the demo data (e2e/global-setup.ts).
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/global-setup.ts',
  // One server, one worker: the scenarios change shared data (requests, exports) in a known order.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './e2e/.results',
  use: {
    baseURL: process.env.FALCON_E2E_URL,
    locale: 'en-GB',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
});
