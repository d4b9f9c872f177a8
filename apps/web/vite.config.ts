import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** When this build was made: shown in the footer and served as /version.txt for the reload check. */
const BUILD_TIME = new Date().toISOString();

/**
 * Writes dist/version.txt (the running app compares it every 10 minutes and reloads on change) and
 * drops msw's worker from production builds: it lives in public/ only for `npm run dev:mock`.
 */
const buildArtifacts = (mock: boolean): Plugin => ({
  name: 'falcon-build-artifacts',
  apply: 'build',
  closeBundle() {
    const outDir = resolve(import.meta.dirname, 'dist');
    writeFileSync(resolve(outDir, 'version.txt'), BUILD_TIME);
    if (!mock) rmSync(resolve(outDir, 'mockServiceWorker.js'), { force: true });
  },
});

export default defineConfig(({ mode }) => {
  const mock = process.env.VITE_MOCK === '1' || mode === 'mock';
  return {
    plugins: [react(), buildArtifacts(mock)],
    define: { __BUILD_TIME__: JSON.stringify(BUILD_TIME) },
    server: {
      port: 5173,
      // Against the real server (npm start on :3000) unless the mock answers in the browser.
      proxy: mock ? undefined : { '/api': 'http://localhost:3000', '/version.txt': 'http://localhost:3000' },
    },
    build: {
      target: 'es2022',
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Route chunks and translation chunks named so the size check can tell them apart.
          chunkFileNames: (chunk) => {
            const id = chunk.facadeModuleId ?? '';
            const locale = id.match(/\/locales\/(\w+)\/(\w+)\.json$/);
            if (locale) return `assets/locale-${locale[1]}-${locale[2]}-[hash].js`;
            if (id.includes('/src/app/routes/')) return 'assets/route-[name]-[hash].js';
            return 'assets/[name]-[hash].js';
          },
        },
      },
    },
  };
});
