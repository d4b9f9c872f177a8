import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

// Visual regression of the key screens (ADR 0058): screenshots in Debian's chromium compared with the
// committed baselines in e2e/__screenshots__. Its own fresh server with the seeded demo data (not the e2e
// run's, whose tests change data), a fixed clock in the page, animations and carets off. Accept intended
// changes with `npm run test:visual:update` (rewrites only the screenshots that differ).
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.visual.ts',
  globalSetup: './e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  reporter: [['list']],
  outputDir: './e2e/.results-visual',
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  // A missing baseline fails in CI instead of being written there.
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  expect: {
    timeout: 15_000,
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // Anti-aliasing of text and borders differs by a few pixels between runs at most.
      maxDiffPixelRatio: 0.002,
      stylePath: './e2e/visual.css',
    },
  },
  use: {
    baseURL: process.env.FALCON_E2E_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    deviceScaleFactor: 1,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(['--font-render-hinting=none', '--hide-scrollbars']),
  },
});
