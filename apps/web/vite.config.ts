import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { sourceDate } from '../../scripts/source-date.mjs';
import { localesAlias } from './locales-alias';
import { EAGER_NAMESPACES } from './src/lib/namespaces';

/** React, router, styling, i18n and store: what every route needs. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|styled-components|stylis|@emotion[\\/][\w-]+|i18next|react-i18next|html-parse-stringify|void-elements|valtio|proxy-compare|cookie|set-cookie-parser|shallowequal|tslib)[\\/]|vite[\\/]preload-helper/;
/**
 * TanStack Query: loaded with the signed-in frame (its provider) and used by every signed-in screen; one
 * chunk instead of six split by first use (one request and one gzip dictionary).
 */
const QUERY = /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;
/** The chunks index.html loads: every lazy chunk is imported after them. */
const ALWAYS_LOADED = /(^|\/)(index|framework|runtime)-[\w-]{8}\.js$/;
/** The route chunks of the pages the server prerenders (ADR 0066, 0068). */
const PRERENDERED_ROUTE = /(^|\/)route-(location|mobile-app)-[\w-]{8}\.js$/;
/** The typed api client's other routes (beyond the public ones), loaded with the first call that needs a session. */
const API_CLIENT =
  /packages[\\/]api-client[\\/]src[\\/](routes\.gen|lite-client)\.ts$|src[\\/]lib[\\/]api-client\.ts$/;
/**
 * The entry: the app's start (main.tsx), the login page and the client of the public routes (which every
 * page calls at start: footer, languages, version), with everything they import. One chunk: the login
 * page renders from it without a second round trip, and the framework aside nothing is split off that
 * every page needs anyway (rolldown would otherwise split what the signed-in routes share with it into
 * small chunks of their own). The signed-in frame and routes import what they share from it.
 */
const ENTRY = /src[\\/](app[\\/](main|routes[\\/]login)\.tsx|lib[\\/]api-public\.ts)$/;
/**
 * The ui library's source files a module of its build holds (from the build's sourcemap), e.g.
 * `UiText/locales/cs.ts`: tsup names its chunks by hash.
 */
const uiSourceCache = new Map<string, readonly string[]>();
const uiSources = (id: string): readonly string[] => {
  if (!/[\\/]packages[\\/]ui[\\/]dist[\\/].+\.js$/.test(id)) return [];
  let sources = uiSourceCache.get(id);
  if (!sources) {
    try {
      const map = JSON.parse(readFileSync(`${id}.map`, 'utf8')) as { sources: string[] };
      sources = map.sources.map((source) => source.replace(/^(\.\.\/)+src\//, ''));
    } catch {
      sources = [];
    }
    uiSourceCache.set(id, sources);
  }
  return sources;
};
/**
 * The ui library's built-in texts: per language its base part (what a page needs before its first
 * paint; German's is built into the entry) and the rest, each its own chunk, loaded for that language
 * when needed. Their modules are imported statically too (for the provider with all six), so without
 * this group the entry's group would take them all in.
 */
const UI_LOCALE =
  /(?:^UiText\/locales\/|[\\/]packages[\\/]ui[\\/]dist[\\/])(cs|de|en|hu|pl|ro)(-base)?(?:\.ts|-\w{8}\.js)$/;
const uiLocaleChunk = (id: string): string | null => {
  // The text module (by its source), or the re-export tsup writes for its dynamic import (`cs-<hash>.js`).
  const [, locale, base] =
    [...uiSources(id), id].map((source) => source.match(UI_LOCALE)).find(Boolean) ?? [];
  if (!locale || (locale === 'de' && base)) return null;
  return `ui-locale-${locale}${base ?? ''}`;
};

const EAGER_LOCALE = new RegExp(`/locales/(\\w+)/(?:(?:${EAGER_NAMESPACES.join('|')})\\.json|eager\\.ts)$`);

/**
 * The build stamp, shown in the footer: the time of the source it was built from, never the clock, so
 * two builds of one commit are byte-identical.
 */
const BUILD_TIME = sourceDate().toISOString();

/**
 * Brotli and gzip copies next to every text asset over 1 kB: the server sends them as they are
 * (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
const precompress = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|json|webmanifest|wasm)$/.test(name) || statSync(file).size < 1024) continue;
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
};

/** Every file under `dir`, as paths relative to `root`, sorted (the same order on every machine). */
const filesUnder = (dir: string, root = dir): string[] =>
  readdirSync(dir)
    .flatMap((name) => {
      const file = join(dir, name);
      return statSync(file).isDirectory() ? filesUnder(file, root) : [relative(root, file)];
    })
    .sort();

/** What index.html says until the build names its version: `dev` (the dev server), which checks nothing. */
const VERSION_META = '<meta name="falcon-version" content="dev" />';

/**
 * The build's version: a hash of every file of the build (names and bytes, index.html with the
 * placeholder), so any change to what a browser would load gives a new version, two builds of one
 * source the same one, and two deployments on one day two versions (issue 13). Written into index.html
 * (the version a tab runs) and dist/version.json (the version the server serves now); the app compares
 * the two (features/shell/api/versionCheck.ts).
 */
const stampVersion = (outDir: string) => {
  const hash = createHash('sha256');
  for (const file of filesUnder(outDir)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(outDir, file)));
  }
  const version = hash.digest('hex').slice(0, 16);
  const index = resolve(outDir, 'index.html');
  const html = readFileSync(index, 'utf8');
  if (!html.includes(VERSION_META)) throw new Error(`index.html lacks ${VERSION_META}`);
  writeFileSync(index, html.replace(VERSION_META, `<meta name="falcon-version" content="${version}" />`));
  writeFileSync(resolve(outDir, 'version.json'), `${JSON.stringify({ version })}\n`);
};

/**
 * Drops msw's worker from production builds (it lives in public/ only for `npm run dev:mock`), stamps
 * the build's version into index.html and dist/version.json, then precompresses the output.
 */
const buildArtifacts = (mock: boolean): Plugin => ({
  name: 'falcon-build-artifacts',
  // The client build only: the /app shell's SSR build (scripts/prerender.mjs) writes no artifacts.
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  async closeBundle() {
    const outDir = resolve(import.meta.dirname, 'dist');
    if (!mock) rmSync(resolve(outDir, 'mockServiceWorker.js'), { force: true });
    // The /app shell (ADR 0066) before the version stamp: it is part of what the build serves.
    if (!mock) await (await import('./scripts/prerender')).prerenderShells(outDir);
    stampVersion(outDir);
    precompress(outDir);
  },
});

const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
);

export default defineConfig(({ command, mode }) => {
  const mock = process.env.VITE_MOCK === '1' || mode === 'mock';
  return {
    plugins: [react(), buildArtifacts(mock)],
    define: { __BUILD_TIME__: JSON.stringify(BUILD_TIME) },
    resolve: {
      // The api-client's source instead of its tsup bundle: the bundle is one module (constants,
      // permission catalogue, role defaults, domain rules), so anything a later route used from it was
      // pulled into the login route's shared chunk. From the source each file is its own module.
      alias: [
        // react-router's package exports name only its development build (dev warnings on, 0.5 kB gz more);
        // the production build beside it is the same code with ENABLE_DEV_WARNINGS false.
        ...(command === 'build'
          ? [
              { find: /^react-router$/, replacement: join(reactRouterDist, 'production/index.mjs') },
              {
                find: /^react-router\/dom$/,
                replacement: join(reactRouterDist, 'production/dom-export.mjs'),
              },
            ]
          : []),
        {
          find: /^@falcon\/api-client$/,
          replacement: resolve(import.meta.dirname, '../../packages/api-client/src/index.ts'),
        },
        {
          find: /^@falcon\/api-client\/lite$/,
          replacement: resolve(import.meta.dirname, '../../packages/api-client/src/lite.ts'),
        },
        localesAlias,
      ],
    },
    server: {
      port: 5173,
      // Against the real server (npm start on :3000) unless the mock answers in the browser.
      proxy: mock ? undefined : { '/api': 'http://localhost:3000' },
    },
    build: {
      target: 'es2022',
      // Every browser that runs es2022 modules but lacks <link rel=modulepreload> still works, only
      // without preloading; the polyfill would cost every visitor 0.4 kB gz.
      modulePreload: {
        polyfill: false,
        // What a page has loaded before any lazy chunk (the entry, the framework, rolldown's runtime) is
        // not listed again in every lazy import's preload list. A page the server prerenders is on screen
        // while its route's code loads: the browser fetches what the route imports as it reads it, instead
        // of the script loader adding a preload link for each of them (~40 for the location, a task of
        // 50-70 ms on a phone that kept the page from answering input; ADR 0068).
        resolveDependencies: (file, deps) =>
          PRERENDERED_ROUTE.test(file) ? [] : deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
      },
      sourcemap: true,
      rolldownOptions: {
        output: {
          // The framework every route needs as one chunk: one request and one gzip dictionary instead of
          // five chunks split by first use (~3 kB gz less on the login route). The namespaces loaded at
          // start (EAGER_NAMESPACES) as one chunk per language instead of four.
          codeSplitting: {
            groups: [
              // The framework every route needs as one chunk: one request and one gzip dictionary
              // instead of five chunks split by first use.
              { name: 'framework', test: FRAMEWORK },
              { name: 'api-client', test: API_CLIENT, includeDependenciesRecursively: false },
              { name: 'query', test: QUERY },
              { name: uiLocaleChunk, includeDependenciesRecursively: false },
              // The namespaces loaded at start (EAGER_NAMESPACES): one chunk per language.
              {
                name: (id) => (EAGER_LOCALE.test(id) ? `locale-${id.match(EAGER_LOCALE)?.[1]}-eager` : null),
              },
              // With everything the modules import (the groups above keep theirs).
              { name: 'index', test: ENTRY },
            ],
          },
          // Route chunks and translation chunks named so the size check can tell them apart.
          chunkFileNames: (chunk) => {
            const id = chunk.facadeModuleId ?? '';
            const locale = id.match(/\/locales\/(\w+)\/(\w+)\.json$/);
            if (locale) return `assets/locale-${locale[1]}-${locale[2]}-[hash].js`;
            if (chunk.name === 'rolldown-runtime') return 'assets/runtime-[hash].js';
            if (/^(locale-|ui-locale-|framework$|api-client$|query$|index$)/.test(chunk.name))
              return 'assets/[name]-[hash].js';
            if (id.includes('/src/app/routes/')) return 'assets/route-[name]-[hash].js';
            // Shared chunks by hash alone: their names repeat in every import and in the preload table.
            return 'assets/c-[hash].js';
          },
        },
      },
    },
  };
});
