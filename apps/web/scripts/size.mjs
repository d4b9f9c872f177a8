// Size budget (issue 5): all JavaScript the login route loads, gzip, must stay under 150 kB; every
// route chunk under 50 kB. Reads dist/ after `vite build`: the entry and its static imports, the login
// route's chunk and its static imports, and the default language's (de) translation chunks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const LOGIN_BUDGET = 150 * 1024;
const ROUTE_BUDGET = 50 * 1024;

const gz = (file) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
const staticImports = (file) =>
  [...readFileSync(join(assets, file), 'utf8').matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );

const closure = (start, seen = new Set()) => {
  const stack = [...start];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
};

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));

// vite.config.ts names lazy route modules route-<file>-<hash>.js and translations locale-<lang>-<ns>-<hash>.js.
const routes = readdirSync(new URL('../src/app/routes/', import.meta.url)).map((f) =>
  f.replace(/\.tsx$/, ''),
);
const routeChunk = (name) => files.find((f) => new RegExp(`^route-${name}-[\\w-]{8}\\.js$`).test(f));
// Namespaces a page loads on demand (LAZY_NAMESPACES in src/lib/i18n.ts) are not part of the login route.
const i18nSource = readFileSync(new URL('../src/lib/i18n.ts', import.meta.url), 'utf8');
const lazyNamespaces = [
  ...(i18nSource.match(/LAZY_NAMESPACES = \[([^\]]*)\]/)?.[1] ?? '').matchAll(/'(\w+)'/g),
].map((m) => m[1]);
const deChunks = files.filter(
  (f) => f.startsWith('locale-de-') && !lazyNamespaces.some((ns) => f.startsWith(`locale-de-${ns}-`)),
);

const login = closure([...entry, routeChunk('login'), ...deChunks].filter(Boolean));
const total = [...login].reduce((sum, f) => sum + gz(f), 0);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

console.log(`login route: ${login.size} files, ${kb(total)} gzip (budget ${kb(LOGIN_BUDGET)})`);
for (const f of [...login].sort((a, b) => gz(b) - gz(a))) console.log(`  ${kb(gz(f)).padStart(9)}  ${f}`);

let failed = total > LOGIN_BUDGET;
const initial = closure(entry);
for (const name of routes) {
  const chunk = routeChunk(name);
  if (!chunk) continue;
  // What the route adds on top of the entry: its chunk and the static imports not already loaded.
  const own = [...closure([chunk])].filter((f) => !initial.has(f));
  const size = own.reduce((sum, f) => sum + gz(f), 0);
  const over = size > ROUTE_BUDGET;
  failed ||= over;
  console.log(`${over ? 'OVER' : '    '} route ${name.padEnd(20)} ${kb(size).padStart(9)}`);
}
if (failed) {
  console.error('size budget exceeded');
  process.exit(1);
}
