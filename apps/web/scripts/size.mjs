// Size budget (issue 5), part of `npm test` after `vite build` (gzip -9 of each file):
//  - the login route: all the JavaScript a browser loads for /login must stay <= 150 kB;
//  - every route: what opening it adds to the entry (its chunk, the chunks it imports that the entry has
//    not loaded, and its translations in the default language) must stay < 50 kB.
// The login route is measured in chromium (vite preview of dist/, every script the page fetches) when
// chromium is there (CHROMIUM_PATH or /usr/bin/chromium), else from the build's import graph plus the
// chunks the app loads at start (eager translations, the api client). `--static` skips the browser.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LOGIN_BUDGET = 150 * 1024;
const ROUTE_BUDGET = 50 * 1024;
const LANGUAGE = 'de'; // the product default

const web = new URL('..', import.meta.url).pathname;
const dist = join(web, 'dist');
const assets = join(dist, 'assets');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('size: dist/index.html is missing; run `vite build` first');
  process.exit(1);
}

const gzBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;
const gz = (file) => gzBytes(readFileSync(join(assets, file)));
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const named = (prefix) => files.find((f) => new RegExp(`^${prefix}-[\\w-]{8}\\.js$`).test(f));
const required = (prefix, why) => {
  const file = named(prefix);
  if (!file) {
    console.error(
      `size: no ${prefix}-<hash>.js in dist/assets (${why}); did vite.config.ts's naming change?`,
    );
    process.exit(1);
  }
  return file;
};
const staticImports = (file) =>
  [...readFileSync(join(assets, file), 'utf8').matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
const closure = (start) => {
  const seen = new Set();
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
const initial = closure(entry);

// ---- login route ---------------------------------------------------------------------------------
// Besides the import graph, the app fetches at start: the eager namespaces (one chunk per language,
// vite.config.ts) and the typed api client (lib/api.ts loads it on the first call).
const loginStatic = closure([
  ...entry,
  required('route-login', 'the login route'),
  required(`locale-${LANGUAGE}-eager`, 'the eager translations'),
  required('api-client', 'the typed api client'),
]);
const staticRows = [...loginStatic].map((f) => [f, gz(f)]);

const measureInBrowser = async () => {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (process.argv.includes('--static') || !existsSync(executablePath)) return null;
  const { preview } = await import('vite');
  const { chromium } = await import('playwright-core');
  const server = await preview({
    root: web,
    logLevel: 'silent',
    // No API behind it: the page's calls fail, which changes no script it loads.
    preview: { port: 0, host: '127.0.0.1', proxy: {} },
  });
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ locale: 'de-DE' });
    const scripts = new Map();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js')) return;
      scripts.set(
        url.pathname.split('/').pop(),
        response.body().catch(() => null),
      );
    });
    await page.goto(`${server.resolvedUrls.local[0]}login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /anmelden/i }).waitFor({ timeout: 15_000 });
    const rows = [];
    for (const [file, body] of scripts) {
      const bytes = await body;
      if (bytes) rows.push([file, gzBytes(bytes)]);
    }
    return rows;
  } finally {
    await browser.close();
    await new Promise((resolve) => server.httpServer.close(resolve));
  }
};

const browserRows = await measureInBrowser().catch((error) => {
  console.error(`size: the browser measurement failed (${error.message}); using the import graph`);
  return null;
});
const loginRows = (browserRows ?? staticRows).sort((a, b) => b[1] - a[1]);
const loginTotal = loginRows.reduce((sum, [, n]) => sum + n, 0);
const failures = [];

console.log(
  `Login route (/login, ${LANGUAGE}): ${loginRows.length} scripts, ${kb(loginTotal)} gzip, budget ${kb(LOGIN_BUDGET)}` +
    ` (${browserRows ? 'measured in chromium' : 'from the import graph'})`,
);
console.log('| script | gzip |');
console.log('|---|---:|');
for (const [file, n] of loginRows) console.log(`| ${file} | ${kb(n)} |`);
if (browserRows) {
  const staticTotal = staticRows.reduce((sum, [, n]) => sum + n, 0);
  const missed = loginRows.filter(([f]) => !loginStatic.has(f)).map(([f]) => f);
  if (missed.length) console.log(`(not in the import-graph model: ${missed.join(', ')})`);
  console.log(`(import-graph model: ${kb(staticTotal)})`);
}
if (loginTotal > LOGIN_BUDGET) {
  failures.push(
    `login route: ${kb(loginTotal)} gzip > ${kb(LOGIN_BUDGET)}; largest: ${loginRows
      .slice(0, 3)
      .map(([f, n]) => `${f} ${kb(n)}`)
      .join(', ')}`,
  );
}

// ---- route chunks --------------------------------------------------------------------------------
// ROUTE_NAMESPACES in src/app/routes-config.ts: the translations a route loads with its code.
const blocks = ['src/app/routes-config.ts', 'src/app/routes-signed-in.ts'].flatMap((file) =>
  [...readFileSync(join(web, file), 'utf8').matchAll(/ROUTE_NAMESPACES = \{([\s\S]*?)\n\}/g)].map(
    (m) => m[1],
  ),
);
const namespacesOf = new Map(
  blocks.flatMap((block) =>
    [...block.matchAll(/^\s*'?([\w-]+)'?:\s*\[([^\]]*)\]/gm)].map((m) => [
      m[1],
      [...m[2].matchAll(/'(\w+)'/g)].map((n) => n[1]),
    ]),
  ),
);
const loaders = required('locale-loaders', 'the loaders of the route namespaces');
const routes = readdirSync(join(web, 'src/app/routes'))
  .filter((f) => /^[\w-]+\.tsx$/.test(f) && !/\.(test|stories)\.tsx$/.test(f))
  .map((f) => f.replace(/\.tsx$/, ''));

console.log(`\nRoutes: what opening each adds to the entry, gzip, budget < ${kb(ROUTE_BUDGET)}`);
console.log('| route | chunk | code | translations | total | |');
console.log('|---|---|---:|---:|---:|---|');
for (const name of routes.sort()) {
  const chunk = named(`route-${name}`);
  if (!chunk) {
    failures.push(`route ${name}: no route-${name}-<hash>.js in dist/assets`);
    continue;
  }
  const code = [...closure([chunk])].filter((f) => !initial.has(f)).reduce((sum, f) => sum + gz(f), 0);
  // Its namespaces, plus (for a route with any) the table of their loaders, src/lib/locale-loaders.ts.
  const namespaces = namespacesOf.get(name) ?? [];
  const texts = [...namespaces.map((ns) => named(`locale-${LANGUAGE}-${ns}`)), namespaces.length && loaders]
    .filter(Boolean)
    .reduce((sum, file) => sum + gz(file), 0);
  const total = code + texts;
  const over = total >= ROUTE_BUDGET;
  if (over)
    failures.push(`route ${name}: ${kb(total)} gzip >= ${kb(ROUTE_BUDGET)} (${chunk} and its imports)`);
  console.log(
    `| ${name} | ${chunk} | ${kb(code)} | ${kb(texts)} | ${kb(total)} | ${over ? '**OVER**' : 'ok'} |`,
  );
}

if (failures.length) {
  console.error('\nsize budget exceeded:');
  for (const failure of failures) console.error(`  - ${failure}`);
  process.exit(1);
}
console.log('\nsize budget: ok');
