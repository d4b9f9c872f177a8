import { defineConfig } from 'tsup';

export default defineConfig({
  // An object, not an array: tsup globs an array, in an order that varies, and esbuild's chunks follow it.
  entry: {
    index: 'src/index.ts',
    browser: 'src/browser.ts',
    node: 'src/node.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['msw', 'msw/node', 'msw/browser'],
});
