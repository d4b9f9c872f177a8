// Size check (issues 5 and 10), part of `npm test` after `vite build` (gzip -9 of each file):
//  - the login route: all the JavaScript a browser loads for /login. The test fails above LOGIN_BUDGET
//    (155 kB: a guard against regressions, with headroom); the goal, LOGIN_GOAL (140 kB), is reported by
//    `npm run bench:web` (bench/web.mjs imports measureLoginRoute from here);
//  - every route: what opening it adds to the entry (its chunk, the chunks it imports that the entry has
//    not loaded, and its translations in the default language) must stay < ROUTE_BUDGET (50 kB). A
//    signed-in route shows inside the signed-in frame (app/layouts/DefaultLayout.tsx: header, selector bar,
//    toasts, TanStack Query and its provider), which every signed-in page loads first: what a route shares
//    with the frame is counted once, as the frame's own line (same budget), not in every route
//    (docs/adr/0049-server-data-through-tanstack-query.md).
// The login route is measured in chromium (vite preview of dist/, every script the page fetches until the
// network is idle) when chromium is there (CHROMIUM_PATH or /usr/bin/chromium), else from the build's
// import graph plus the chunks the app loads at start (eager translations). `--static` skips the browser.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LOGIN_BUDGET = 155 * 1024;
export const LOGIN_GOAL = 140 * 1024;
export const ROUTE_BUDGET = 50 * 1024;
const LANGUAGE = 'de'; // the product default

export const WEB = fileURLToPath(new URL('..', import.meta.url));
export const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const gzBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** The built app in `web`/dist: its scripts, their import graph and gzip sizes. */
const readBuild = (web) => {
  const dist = join(web, 'dist');
  const assets = join(dist, 'assets');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${join(dist, 'index.html')} is missing; run \`vite build\` first`);
  }
  const files = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .sort();
  const named = (prefix) => files.find((f) => new RegExp(`^${prefix}-[\\w-]{8}\\.js$`).test(f));
  const gz = (file) => gzBytes(readFileSync(join(assets, file)));
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
  // Which chunk holds a source module (from the build's sourcemaps), e.g. a route built into the entry.
  let holders = null;
  const chunkOf = (source) => {
    if (!holders) {
      holders = new Map();
      for (const file of files) {
        const map = join(assets, `${file}.map`);
        if (!existsSync(map)) continue;
        for (const s of JSON.parse(readFileSync(map, 'utf8')).sources) {
          const path = s.replace(/^(\.\.\/)+/, '');
          if (!holders.has(path)) holders.set(path, file);
        }
      }
    }
    return holders.get(source);
  };
  return { web, dist, assets, files, named, gz, closure, entry, initial: closure(entry), chunkOf };
};

/** Every script /login fetches in chromium (de-DE) until the network is idle: [file, gzip bytes][]. */
const measureInBrowser = async (web, executablePath) => {
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
    // The password form's own button (the page also offers "Mit Passkey anmelden" and "Mit Firmenkonto anmelden").
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor({ timeout: 15_000 });
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

/**
 * The login route's JavaScript: `{ rows: [file, gzip bytes][] (largest first), total, method, model }`.
 * `method` is 'chromium' or 'import graph'; `model` is the import-graph figure (printed beside the
 * browser's, so a script the model misses shows).
 */
export async function measureLoginRoute({
  web = WEB,
  browser = true,
  executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium',
} = {}) {
  const build = readBuild(web);
  const eager = build.named(`locale-${LANGUAGE}-eager`);
  if (!eager)
    throw new Error(`no locale-${LANGUAGE}-eager-<hash>.js in dist/assets (the eager translations)`);
  // The import graph: the entry, the login route's chunk if it has one of its own, and what the app
  // loads at start beside them (the eager namespaces of the language; vite.config.ts groups them).
  const routeChunk = build.chunkOf('src/app/routes/login.tsx');
  const model = build.closure([...build.entry, ...(routeChunk ? [routeChunk] : []), eager]);
  const modelRows = [...model].map((file) => [file, build.gz(file)]);
  let rows = null;
  if (browser && existsSync(executablePath)) {
    rows = await measureInBrowser(web, executablePath).catch((error) => {
      console.error(`size: the browser measurement failed (${error.message}); using the import graph`);
      return null;
    });
  }
  const method = rows ? 'chromium' : 'import graph';
  rows = (rows ?? modelRows).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const sum = (list) => list.reduce((total, [, n]) => total + n, 0);
  const missed = rows.filter(([file]) => !model.has(file)).map(([file]) => file);
  return { rows, total: sum(rows), method, model: sum(modelRows), missed };
}

/** The login route as a table: total, method and one row per script. */
export function printLoginRoute({ rows, total, method, model, missed }, limit) {
  console.log(
    `Login route (/login, ${LANGUAGE}): ${rows.length} scripts, ${kb(total)} gzip, ${limit}` +
      ` (measured ${method === 'chromium' ? 'in chromium' : 'from the import graph'})`,
  );
  console.log('| script | gzip |');
  console.log('|---|---:|');
  for (const [file, n] of rows) console.log(`| ${file} | ${kb(n)} |`);
  if (method === 'chromium') {
    if (missed.length) console.log(`(not in the import-graph model: ${missed.join(', ')})`);
    console.log(`(import-graph model: ${kb(model)})`);
  }
}

/** `name: ['ns', ...]` entries of the `<...>_NAMESPACES = { ... }` tables in `file` (the first match of `table`). */
const namespaceTables = (web, file, table = /ROUTE_NAMESPACES = \{([\s\S]*?)\n\}/g) =>
  [...readFileSync(join(web, file), 'utf8').matchAll(table)].flatMap((m) =>
    [...m[1].matchAll(/^\s*'?([\w-]+)'?:\s*\[([^\]]*)\]/gm)].map((e) => [
      e[1],
      [...e[2].matchAll(/'(\w+)'/g)].map((n) => n[1]),
    ]),
  );

/** The translations of `namespaces` in the default language, plus their loaders' table: gzip bytes. */
const textsOf = (build, namespaces) =>
  [
    ...namespaces.map((ns) => build.named(`locale-${LANGUAGE}-${ns}`)),
    namespaces.length && build.named('locale-loaders'),
  ]
    .filter(Boolean)
    .reduce((sum, file) => sum + build.gz(file), 0);

/**
 * What the signed-in frame adds to the entry before its first signed-in page: `{ chunk, files, code,
 * texts, total }`, its code (DefaultLayout's chunk and its imports) and FRAME_NAMESPACES.
 */
export function measureFrame({ web = WEB } = {}) {
  const build = readBuild(web);
  const chunk = build.chunkOf('src/app/layouts/DefaultLayout.tsx');
  if (!chunk) throw new Error('no chunk holds src/app/layouts/DefaultLayout.tsx');
  const files = [...build.closure([chunk])].filter((f) => !build.initial.has(f));
  const source = readFileSync(join(web, 'src/app/layouts/RootLayout.tsx'), 'utf8');
  const namespaces = [
    ...(source.match(/FRAME_NAMESPACES[^=]*= \[([^\]]*)\]/)?.[1] ?? '').matchAll(/'(\w+)'/g),
  ].map((m) => m[1]);
  const code = files.reduce((sum, f) => sum + build.gz(f), 0);
  const texts = textsOf(build, namespaces);
  return { chunk, files: new Set(files), code, texts, total: code + texts };
}

/**
 * What opening each route adds to the entry (a signed-in route: to the entry and the signed-in frame):
 * `{ name, chunk, code, texts, total }[]`. A route built into the entry (the login page) adds only its
 * translations.
 */
export function measureRoutes({ web = WEB } = {}) {
  const build = readBuild(web);
  // The namespaces a route loads with its code: *_ROUTE_NAMESPACES in src/app/routes-config.ts and
  // src/app/routes-signed-in.ts.
  const signedIn = namespaceTables(web, 'src/app/routes-signed-in.ts');
  const namespacesOf = new Map([...namespaceTables(web, 'src/app/routes-config.ts'), ...signedIn]);
  const inFrame = new Set(signedIn.map(([name]) => name));
  const frame = measureFrame({ web }).files;
  const routes = readdirSync(join(web, 'src/app/routes'))
    .filter((f) => /^[\w-]+\.tsx$/.test(f) && !/\.(test|stories)\.tsx$/.test(f))
    .map((f) => f.replace(/\.tsx$/, ''))
    .sort();
  return routes.map((name) => {
    const chunk = build.named(`route-${name}`) ?? build.chunkOf(`src/app/routes/${name}.tsx`);
    const inEntry = chunk ? build.initial.has(chunk) : false;
    const code = chunk
      ? [...build.closure([chunk])]
          .filter((f) => !build.initial.has(f) && !(inFrame.has(name) && frame.has(f)))
          .reduce((sum, f) => sum + build.gz(f), 0)
      : 0;
    // Its namespaces, plus (for a route with any) the table of their loaders, src/lib/locale-loaders.ts.
    const texts = textsOf(build, namespacesOf.get(name) ?? []);
    return {
      name,
      chunk: chunk ? (inEntry ? `${chunk} (entry)` : chunk) : null,
      code,
      texts,
      total: code + texts,
    };
  });
}

async function main() {
  const failures = [];
  const login = await measureLoginRoute({ browser: !process.argv.includes('--static') });
  printLoginRoute(login, `budget ${kb(LOGIN_BUDGET)} (goal ${kb(LOGIN_GOAL)}: npm run bench:web)`);
  if (login.total > LOGIN_BUDGET) {
    failures.push(
      `login route: ${kb(login.total)} gzip > ${kb(LOGIN_BUDGET)}; largest: ${login.rows
        .slice(0, 3)
        .map(([f, n]) => `${f} ${kb(n)}`)
        .join(', ')}`,
    );
  }

  console.log(
    `\nRoutes: what opening each adds to the entry (a signed-in one: to the entry and the frame), gzip, budget < ${kb(ROUTE_BUDGET)}`,
  );
  console.log('| route | chunk | code | translations | total | |');
  console.log('|---|---|---:|---:|---:|---|');
  const frame = measureFrame();
  const frameOver = frame.total >= ROUTE_BUDGET;
  if (frameOver)
    failures.push(
      `signed-in frame: ${kb(frame.total)} gzip >= ${kb(ROUTE_BUDGET)} (${frame.chunk} and its imports)`,
    );
  console.log(
    `| (signed-in frame) | ${frame.chunk} | ${kb(frame.code)} | ${kb(frame.texts)} | ${kb(frame.total)} | ${frameOver ? '**OVER**' : 'ok'} |`,
  );
  for (const route of measureRoutes()) {
    if (!route.chunk) {
      failures.push(`route ${route.name}: no chunk holds src/app/routes/${route.name}.tsx`);
      continue;
    }
    const over = route.total >= ROUTE_BUDGET;
    if (over) {
      failures.push(
        `route ${route.name}: ${kb(route.total)} gzip >= ${kb(ROUTE_BUDGET)} (${route.chunk} and its imports)`,
      );
    }
    console.log(
      `| ${route.name} | ${route.chunk} | ${kb(route.code)} | ${kb(route.texts)} | ${kb(route.total)} | ${over ? '**OVER**' : 'ok'} |`,
    );
  }

  if (failures.length) {
    console.error('\nsize budget exceeded:');
    for (const failure of failures) console.error(`  - ${failure}`);
    process.exit(1);
  }
  console.log('\nsize budget: ok');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main().catch((error) => {
    console.error(`size: ${error.message}`);
    process.exit(1);
  });
}
