import type { LaunchOptions } from '@playwright/test';

// Debian's chromium (never a downloaded browser), with the flags that work on this machine.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumLaunchOptions = (extraArgs: string[] = []): LaunchOptions => ({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, ...extraArgs],
});
