import type { LaunchOptions } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';

/** Debian's chromium (never a downloaded browser) with the machine's flags, plus a test's own. */
export const chromiumLaunchOptions = (extraArgs: string[] = []): LaunchOptions => ({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_ARGS, ...extraArgs],
});
