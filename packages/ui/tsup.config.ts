import { readdirSync, statSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One entry per component folder (a subpath export each) plus the root index.
const componentEntries = readdirSync('src')
  .sort()
  .filter((name) => /^[A-Z]/.test(name) || name === 'theme')
  .filter((name) => statSync(`src/${name}`).isDirectory())
  .map((name) => `src/${name}/index.ts`);

export default defineConfig({
  entry: ['src/index.ts', ...componentEntries],
  format: ['esm'],
  // Declarations come from tsc (tsconfig.build.json): rollup-plugin-dts ran out of memory on 37 entries.
  dts: false,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', 'styled-components', '@tanstack/react-virtual'],
});
