import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * The translations of @falcon/locales as vite sees them. An import of one file (`@falcon/locales/cs/
 * auth.json`) resolves through the package's exports anyway; this alias is for the globs of
 * lib/locale-loaders.ts and the tests (`import.meta.glob('@falcon/locales/*\/*.json')`), which vite
 * expands only over a path. Used by vite.config.ts, vitest.config.ts and Storybook's main.ts.
 */
export const localesAlias = {
  find: /^@falcon\/locales\/(?=.*\.json$)/,
  replacement: `${dirname(createRequire(import.meta.url).resolve('@falcon/locales/package.json'))}/`,
};
