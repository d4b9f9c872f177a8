import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// Debian's chromium, never a downloaded browser, with the machine's flags.
const chromium = { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] };

// Every story becomes a test: it renders, runs its play function and passes axe.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromium }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
