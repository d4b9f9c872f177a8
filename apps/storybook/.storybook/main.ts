import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { localesAlias } from '../../web/locales-alias';

const here = dirname(fileURLToPath(import.meta.url));

/** True when a folder holds at least one story file; keeps globs for not-yet-written apps out. */
function hasStories(folder: string): boolean {
  try {
    return readdirSync(join(here, folder), { recursive: true }).some((file) =>
      /\.stories\.tsx?$/.test(String(file)),
    );
  } catch {
    return false;
  }
}

const stories = ['../../../packages/ui/src/**/*.stories.@(ts|tsx)'];
// apps/web's screens join once they have stories (rendered with the mock-server handlers).
if (hasStories('../../web/src')) stories.push('../../web/src/**/*.stories.@(ts|tsx)');

const config: StorybookConfig = {
  stories,
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  // The web app's public folder: the one MSW worker file (`npm run msw:init -w @falcon/web`), icons.
  staticDirs: ['../../web/public'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen' },
  // Stories import components from source; the preview's providers must be the very same modules
  // (one React context), so @falcon/ui resolves to source here rather than to its dist build.
  viteFinal: async (viteConfig) => {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // The web app's translation globs (apps/web/locales-alias.ts) as in its own vite config.
      resolve: {
        alias: [
          { find: '@falcon/ui', replacement: join(here, '../../../packages/ui/src/index.ts') },
          localesAlias,
        ],
      },
      // Storybook's own docs and axe bundles pass 500 kB; the product's bundles are measured elsewhere.
      build: { chunkSizeWarningLimit: 2000 },
    });
  },
};

export default config;
