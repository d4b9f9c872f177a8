// Gzip size of the built library and of each widget as an app would ship it: every subpath entry
// bundled and minified with its shared chunks, peers (react, styled-components) and
// @tanstack/react-virtual left out. Run after `npm run build`: `npm run size`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const external = ['react', 'react-dom', 'react/jsx-runtime', 'styled-components', '@tanstack/react-virtual'];

async function measure(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    external,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const rows = [];
for (const name of readdirSync(dist)) {
  const entry = join(dist, name, 'index.js');
  // Component entries only: tsc also writes declaration-only folders (internal/) into dist.
  if (existsSync(entry)) rows.push({ name, ...(await measure(entry)) });
}
rows.sort((a, b) => b.gzip - a.gzip);
const whole = await measure(join(dist, 'index.js'));
const files = readdirSync(dist).flatMap((name) => {
  const path = join(dist, name);
  return statSync(path).isDirectory() ? readdirSync(path).map((file) => join(path, file)) : [path];
});
const shipped = files.filter((file) => file.endsWith('.js'));
const rawGzip = shipped.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);

console.log('| entry | minified | gzip |');
console.log('|---|---:|---:|');
console.log(`| @falcon/ui (everything) | ${kb(whole.min)} | ${kb(whole.gzip)} |`);
for (const row of rows) console.log(`| @falcon/ui/${row.name} | ${kb(row.min)} | ${kb(row.gzip)} |`);
console.log(`\ndist/*.js as published (${shipped.length} files, unminified, gzip each): ${kb(rawGzip)}`);
