import type { KnipConfig } from 'knip';

// Dead code and dependencies, checked by `npm run check:dead` in `npm test` (ADR 0046). Knip's plugins
// find most entry points themselves (tsup entries and package.json exports, vite/vitest/storybook/
// playwright/drizzle configs, test files, package scripts); what they cannot see is listed here, each
// with the reason. A workspace import resolves to its dist/ build: the packages' tsconfig `outDir: dist`
// lets Knip map it back to src/, so an export is used when another workspace uses it.
const config: KnipConfig = {
  workspaces: {
    '.': {
      // .ci/run runs ci-report.mjs; the .d.mts files type the .mjs modules for the TypeScript that
      // imports them, a pairing Knip does not follow.
      entry: ['scripts/ci-report.mjs', 'scripts/*.d.mts'],
      project: ['scripts/**/*.{mjs,mts}'],
    },
    bench: {
      // web/grid is built by vite from bench/web.mjs (an inline config Knip cannot read).
      entry: ['*.mjs', 'web/grid/main.tsx'],
      project: ['**/*.{mjs,ts,tsx}'],
    },
    'apps/server': {
      project: ['src/**/*.ts', 'scripts/**/*.{ts,mjs}', 'test/**/*.ts'],
      // test/ops starts a PostgreSQL of its own with the machine's PostgreSQL binaries (Debian's package);
      // the label tests read their PDFs back with poppler-utils (Debian's package, installed by .ci/run).
      ignoreBinaries: ['pg_config', 'pdftotext', 'pdftoppm', 'pdfinfo'],
    },
    'apps/web': {
      // public/ (msw's worker, written by `msw init`) is outside the project: vite serves it as it is.
      project: ['src/**/*.{ts,tsx}', 'scripts/**/*.{mjs,ts}', 'e2e/**/*.ts'],
      // The /app shell's SSR entry: scripts/prerender.ts builds it by its path (ADR 0066).
      entry: ['src/prerender/app-shell.tsx'],
      // e2e/labels reads a downloaded label PDF with poppler-utils (installed by .ci/run).
      ignoreBinaries: ['pdftotext', 'pdfinfo'],
    },
    'apps/storybook': {
      // Storybook globs apps/web's stories: the dependency is declared so turbo's cache sees web edits
      // (issue 12); nothing imports it.
      ignoreDependencies: ['@falcon/web'],
    },
    // The three private packages have no consumer outside this repository: an export of their entry
    // points (package.json exports) that no workspace imports is dead. The versioned libraries
    // (@falcon/ui, @falcon/api-client, @falcon/locales: changesets) keep theirs as public API.
    'packages/demo-data': { includeEntryExports: true },
    'packages/mock-server': { includeEntryExports: true },
    'packages/contract-testing': { includeEntryExports: true },
  },
};

export default config;
