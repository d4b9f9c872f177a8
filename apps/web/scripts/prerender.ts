// Renders the /app shell (src/prerender/app-shell.tsx) at build time, in every language and for a user
// who may count or may not, into <outDir>/shells/app-<language>[-count].html: the server sends it inside
// index.html (ADR 0066). Called by the client build (vite.config.ts) before it stamps the version, with
// Vite's SSR build of the entry.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = resolve(import.meta.dirname, '..');

export async function prerenderShells(outDir: string): Promise<void> {
  const ssrDir = join(web, 'node_modules/.prerender');
  await build({
    root: web,
    configFile: join(web, 'vite.config.ts'),
    logLevel: 'warn',
    mode: 'production',
    build: {
      ssr: 'src/prerender/app-shell.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
    ssr: { noExternal: true },
  });
  const { renderAppShells } = (await import(pathToFileURL(join(ssrDir, 'app-shell.js')).href)) as {
    renderAppShells: () => Promise<{ file: string; content: string }[]>;
  };
  const shells = join(outDir, 'shells');
  mkdirSync(shells, { recursive: true });
  for (const { file, content } of await renderAppShells()) writeFileSync(join(shells, file), content);
  rmSync(ssrDir, { recursive: true, force: true });
}
