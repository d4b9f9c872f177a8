import { defineConfig } from 'tsup';

export default defineConfig({
  // An object, not an array: tsup globs an array, in an order that varies, and esbuild's chunks follow it.
  entry: {
    index: 'src/index.ts',
    lite: 'src/lite.ts',
    labels: 'src/labels.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
