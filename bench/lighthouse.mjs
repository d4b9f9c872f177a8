// Lighthouse (median of 3) on /login and the location screen of the real server, in Debian's chromium.
// Needs the built server and web app (`npm run build`); starts the server on a free port with a fresh
// data directory and the demo data, signs in as `admin` in the browser profile Lighthouse then uses.

import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/server-process.mjs';

const RUNS = 3;
const LOCATION = 'C001-B01-L01'; // the demo data's big location: 5,026 containers

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
      // the profile; Lighthouse keeps them (disableStorageReset).
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
    ];
    console.log(`\nLighthouse ${RUNS}x each, median (desktop preset, Debian's chromium)`);
    console.log('| page | performance | accessibility | best practices | LCP | TBT | CLS |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    const rows = [];
    for (const target of targets) {
      if (target.signedIn) await signInOnce();
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(
          target.url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            disableStorageReset: true,
          },
          {
            extends: 'lighthouse:default',
            settings: {
              formFactor: 'desktop',
              screenEmulation: { disabled: true },
              throttlingMethod: 'simulate',
            },
          },
        );
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
      const row = {
        page: target.name,
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        cls: m('cls'),
      };
      rows.push(row);
      const landed = runs[0].finalUrl;
      console.log(
        `| ${row.page} | ${row.performance.toFixed(2)} | ${row.accessibility.toFixed(2)} | ${row.bestPractices.toFixed(2)} | ${Math.round(row.lcp)} ms | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} |${landed.endsWith(target.name) ? '' : ` (landed on ${landed})`}`,
      );
    }
    console.log('goal: >= 0.95 for performance, accessibility and best practices');
    return rows;
  } finally {
    await chrome.kill();
    await server.stop();
  }
}
