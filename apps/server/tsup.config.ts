import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts'],
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  // The served /version.txt: the build date (the spec's build timestamp is a date).
  define: { __FALCON_VERSION__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
});
