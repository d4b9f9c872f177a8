#!/usr/bin/env node
// npm run bench:web — what a user's browser does with the web app, in Debian's chromium:
//  1. the login route's JavaScript (gzip, every script /login loads, measured as apps/web/scripts/size.mjs
//     does for `npm test`) against the goal of 140 kB, and the largest route; needs the built web app
//     (`npm run build`);
//  2. the rack/shelf grid with 5,000 containers: first render (ms) and long tasks while scrolling
//     across all racks (production build of packages/ui);
//  3. Lighthouse (median of 3) on /login and the location screen of the real server, when built
//     (`npm run build`): performance, accessibility, best-practices, LCP, TBT, CLS.
// `-- --size` runs the first part alone, `-- --grid` the second, `-- --lighthouse` the third
// (`LIGHTHOUSE_PAGES=/app` for one page).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const CONTAINERS = 5000;
const RUNS = 5;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function gridBenchmark() {
  const { build, preview } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const outDir = mkdtempSync(join(tmpdir(), 'falcon-grid-'));
  const config = {
    root: join(here, 'web/grid'),
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@falcon/ui': join(root, 'packages/ui/src/index.ts') } },
    build: { outDir, emptyOutDir: true },
    preview: { port: 0, host: '127.0.0.1' },
  };
  await build(config);
  const server = await preview(config);
  const url = server.resolvedUrls.local[0];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(url);
      await page.waitForFunction(() => typeof window.renderGrid === 'function');
      await page.evaluate(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
        }).observe({ type: 'longtask' });
      });
      const { renderMs, cells } = await page.evaluate((n) => window.renderGrid(n), CONTAINERS);
      const scroll = await page.evaluate(
        () =>
          new Promise((resolve) => {
            window.__longTasks = [];
            const scroller = [...document.querySelectorAll('*')].find(
              (el) => el.scrollWidth > el.clientWidth + 10 && getComputedStyle(el).overflowX !== 'visible',
            );
            if (!scroller) return resolve({ frames: 0, longTasks: -1, worstFrameMs: 0 });
            // One mouse-wheel notch per frame (120 px), over at most 300 frames: a user scrolling fast.
            const step = 120;
            const end = Math.min(scroller.scrollWidth - scroller.clientWidth, 300 * step);
            let last = performance.now();
            let worst = 0;
            let frames = 0;
            const tick = () => {
              const now = performance.now();
              worst = Math.max(worst, now - last);
              last = now;
              frames++;
              if (scroller.scrollLeft >= end - 1) {
                // Let the observer deliver the last entries.
                setTimeout(
                  () => resolve({ frames, longTasks: window.__longTasks.length, worstFrameMs: worst }),
                  100,
                );
                return;
              }
              scroller.scrollLeft += step;
              requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          }),
      );
      results.push({ renderMs, cells, ...scroll });
      await page.close();
    }
  } finally {
    await browser.close();
    await new Promise((resolve) => server.httpServer.close(resolve));
  }
  const renderMs = median(results.map((r) => r.renderMs));
  console.log(`\nRackShelfGrid, ${CONTAINERS} containers, production build, median of ${RUNS} runs`);
  console.log('| measure | value | target |');
  console.log('|---|---:|---|');
  console.log(`| first render to paint | ${renderMs.toFixed(1)} ms | < 100 ms |`);
  console.log(`| grid cells in the DOM (virtualised) | ${median(results.map((r) => r.cells))} | |`);
  console.log(`| frames scrolled (120 px each) | ${median(results.map((r) => r.frames))} | |`);
  console.log(
    `| long tasks while scrolling | ${Math.max(...results.map((r) => r.longTasks))} (worst run) | 0 |`,
  );
  console.log(
    `| slowest frame while scrolling | ${median(results.map((r) => r.worstFrameMs)).toFixed(1)} ms | |`,
  );
}

/** The login route's size in chromium against LOGIN_GOAL (the test's gate, LOGIN_BUDGET, is looser). */
async function sizeBenchmark() {
  const { kb, LOGIN_BUDGET, LOGIN_GOAL, measureLoginRoute, measureRoutes, printLoginRoute, WEB } =
    await import('../apps/web/scripts/size.mjs');
  const login = await measureLoginRoute({ executablePath: CHROMIUM });
  console.log('');
  printLoginRoute(login, `goal ${kb(LOGIN_GOAL)}, test budget ${kb(LOGIN_BUDGET)}`);
  const met = login.total <= LOGIN_GOAL;
  console.log(
    `login route goal (<= ${kb(LOGIN_GOAL)} gzip): ${met ? 'met' : 'NOT met'} at ${kb(login.total)}` +
      (met ? ` (${kb(LOGIN_GOAL - login.total)} to spare)` : ` (${kb(login.total - LOGIN_GOAL)} over)`),
  );
  const [largest] = measureRoutes({ web: WEB }).sort((a, b) => b.total - a.total);
  if (largest) console.log(`largest route: ${largest.name}, ${kb(largest.total)} gzip (budget < 50.0 kB)`);
}

const only = ['--size', '--grid', '--lighthouse'].find((flag) => process.argv.includes(flag));
if (!only || only === '--size')
  await sizeBenchmark().catch((error) => {
    console.log(`\nLogin route size skipped: ${error.message}`);
    if (only) process.exitCode = 1;
  });
if (!only || only === '--grid') await gridBenchmark();
if (!only || only === '--lighthouse')
  await import('./lighthouse.mjs')
    .then((m) => m.lighthouseBenchmark())
    .catch((error) => {
      console.log(`\nLighthouse skipped: ${error.message}`);
    });
