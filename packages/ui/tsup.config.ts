import { readdirSync, statSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One entry per component folder (a subpath export each) plus the root index. An object, in sorted
// order: tsup passes an array of entries through a glob whose result order varies from run to run, and
// esbuild's output (the order of imports in the shared chunks, so their hashes) follows the entry order.
const componentEntries = readdirSync('src')
  .filter((name) => /^[A-Z]/.test(name) || name === 'theme')
  .filter((name) => statSync(`src/${name}`).isDirectory())
  .sort()
  .map((name) => [`${name}/index`, `src/${name}/index.ts`]);

export default defineConfig({
  entry: Object.fromEntries([['index', 'src/index.ts'], ...componentEntries]),
  format: ['esm'],
  // Declarations come from tsc (tsconfig.build.json): rollup-plugin-dts ran out of memory on 37 entries.
  dts: false,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: 'es2022',
  external: [
    'react',
    'react-dom',
    'react/jsx-runtime',
    'styled-components',
    '@tanstack/react-virtual',
    'uplot',
  ],
});
