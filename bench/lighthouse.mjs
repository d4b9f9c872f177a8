// Lighthouse (median of 3) on /login and the location screen of the real server, in Debian's chromium.
// Needs the built server and web app (`npm run build`); starts the server on a free port with a fresh
// data directory and the demo data, signs in as `admin` in the browser profile Lighthouse then uses.
//
// The goal is measured with Lighthouse's desktop preset (Falcon is a desktop portal; its throttling,
// screen and user agent as Lighthouse ships them). Every run starts with an empty HTTP cache, as
// Lighthouse does by default; only cookies and local storage are kept (the session). The mobile preset
// (4x CPU slowdown, slow 4G) is printed too, for information.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/server-process.mjs';

/** `LIGHTHOUSE_RUNS=1` for a quick look (the median of 3 is the measurement). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const LOCATION = 'C001-B01-L01'; // the demo data's big location: 5,026 containers

/** `LIGHTHOUSE_PRESETS=mobile` measures only that preset. */
const PRESET_NAMES = process.env.LIGHTHOUSE_PRESETS?.split(',').map((name) => name.trim());
const PRESETS = [
  { name: 'desktop', config: (await import('lighthouse/core/config/desktop-config.js')).default },
  { name: 'mobile', config: { extends: 'lighthouse:default' } },
].filter((preset) => !PRESET_NAMES || PRESET_NAMES.includes(preset.name));

/**
 * `LIGHTHOUSE_REPORTS=dir` keeps every run's whole report (JSON) there, to see what a score is made of;
 * with `LIGHTHOUSE_TRACES=1` also its trace (`<report>.trace.json`: every main-thread task it scored).
 */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/** `LIGHTHOUSE_PAGES=/app,/login` measures only these pages. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function lighthouseBenchmark() {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const { chromium } = await import('playwright-core');
  const server = await startServer();
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_ARGS.filter((f) => f !== '--headless'), '--headless=new'],
  });
  try {
    let signedIn = false;
    const signInOnce = async () => {
      if (signedIn) return;
      signedIn = true;
      // Sign in once (after the /login runs) through the login form: the session cookie and the app's stored state stay in
      // the profile; Lighthouse clears neither.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${server.origin}/login`);
      await page.locator('input[autocomplete="username"]').fill('admin');
      await page.locator('input[autocomplete="current-password"]').fill('demo1234');
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.close();
    };
    const targets = [
      { name: '/login', url: `${server.origin}/login`, signedIn: false },
      { name: `/location/${LOCATION}`, url: `${server.origin}/location/${LOCATION}`, signedIn: true },
      // The phone scanner (issue 17: mobile preset >= 0.95 there).
      { name: '/app', url: `${server.origin}/app`, signedIn: true },
    ].filter((target) => !PAGES || PAGES.includes(target.name));
    // Every page with every preset before signing in: the signed-out pages need the signed-out profile.
    const rows = [];
    for (const target of targets) {
      if (target.signedIn) await signInOnce();
      for (const preset of PRESETS) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(
            target.url,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices'],
              // The caches and service workers are cleared before every run; cookies and local storage
              // (the session) are not among Lighthouse's default storage types to clear.
              disableStorageReset: false,
            },
            preset.config,
          );
          if (REPORTS) {
            mkdirSync(REPORTS, { recursive: true });
            const file = `${preset.name}${target.name.replaceAll('/', '_')}-${i + 1}.json`;
            writeFileSync(join(REPORTS, file), result.report);
            if (process.env.LIGHTHOUSE_TRACES && result.artifacts?.Trace)
              writeFileSync(
                join(REPORTS, file.replace('.json', '.trace.json')),
                JSON.stringify(result.artifacts.Trace),
              );
          }
          const { categories, audits } = result.lhr;
          runs.push({
            performance: categories.performance.score,
            accessibility: categories.accessibility.score,
            bestPractices: categories['best-practices'].score,
            lcp: audits['largest-contentful-paint'].numericValue,
            tbt: audits['total-blocking-time'].numericValue,
            cls: audits['cumulative-layout-shift'].numericValue,
            finalUrl: result.lhr.finalDisplayedUrl,
          });
        }
        const m = (key) => median(runs.map((r) => r[key]));
        const landed = runs.map((r) => r.finalUrl).find((url) => !url.endsWith(target.name));
        rows.push({
          preset: preset.name,
          page: target.name,
          performance: m('performance'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          lcp: m('lcp'),
          tbt: m('tbt'),
          cls: m('cls'),
          note: landed ? ` (landed on ${landed})` : '',
        });
      }
    }
    for (const preset of PRESETS) {
      console.log(
        `\nLighthouse ${RUNS}x each, median (${preset.name} preset, empty cache, Debian's chromium)`,
      );
      console.log('| page | performance | accessibility | best practices | LCP | TBT | CLS |');
      console.log('|---|---:|---:|---:|---:|---:|---:|');
      for (const row of rows.filter((r) => r.preset === preset.name))
        console.log(
          `| ${row.page} | ${row.performance.toFixed(2)} | ${row.accessibility.toFixed(2)} | ${row.bestPractices.toFixed(2)} | ${Math.round(row.lcp)} ms | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} |${row.note}`,
        );
    }
    console.log('goal (desktop preset): >= 0.95 for performance, accessibility and best practices');
    console.log('goal (mobile preset, /app): >= 0.95 for performance, accessibility and best practices');
    return rows;
  } finally {
    await chrome.kill();
    await server.stop();
  }
}
