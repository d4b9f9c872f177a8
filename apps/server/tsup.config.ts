import { defineConfig } from 'tsup';
import { sourceDate } from '../../scripts/source-date.mjs';

export default defineConfig({
  // cli.js: `npm run backup` / `npm run restore` (ADR 0052).
  entry: ['src/server.ts', 'src/cli.ts'],
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  // Demo seeding imports it lazily; a development dependency, never bundled (no faker in production).
  external: ['@falcon/demo-data'],
  // The served /version.txt: the date of the source built (the spec's build timestamp is a date; not the
  // clock, so that builds are reproducible).
  define: { __FALCON_VERSION__: JSON.stringify(sourceDate().toISOString().slice(0, 10)) },
});
