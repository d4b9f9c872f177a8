#!/usr/bin/env node
// npm run screenshots:location -w @falcon/web -- --out DIR [--prefix after] [--url http://127.0.0.1:3000]
//
// Screenshots of the location screen on the real server with the demo data, in Debian's chromium, at
// 1280x720, 1440x900 and 1920x1080: the big location (Zentrallager, C001-B01-L01, 118 racks) with a
// container chosen, and with a search that has hits. Signs in as `admin`, English. Without --url it starts
// the built server (`npx turbo run build --filter=@falcon/web... --filter=@falcon/server...`) on a free
// port with a fresh embedded database, as the e2e tests do. Files: DIR/PREFIX-WIDTHxHEIGHT-container.png
// and DIR/PREFIX-WIDTHxHEIGHT-search.png (the viewport only, so each stays a few hundred kB).
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';
import { startServer } from '../../../scripts/server-process.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'screenshots' },
    prefix: { type: 'string', default: 'shot' },
    url: { type: 'string' },
    location: { type: 'string', default: 'C001-B01-L01' },
    container: { type: 'string', default: 'K0000024' },
    query: { type: 'string', default: 'Schraube' },
    user: { type: 'string', default: 'admin' },
  },
});

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];

const out = resolve(values.out);
mkdirSync(out, { recursive: true });
const server = values.url ? null : await startServer();
const origin = values.url ?? server.origin;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const written = [];
try {
  const context = await browser.newContext({ viewport: SIZES[0], reducedMotion: 'reduce' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
  });
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.locator('input[autocomplete="username"]').fill(values.user);
  await page.locator('input[autocomplete="current-password"]').fill('demo1234');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  const settle = async () => {
    await page.waitForLoadState('networkidle');
    // Fonts and the grid's virtualiser measure after the first frame.
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => setTimeout(r, 300))));
  };
  const shoot = async (size, what) => {
    const file = join(out, `${values.prefix}-${size.width}x${size.height}-${what}.png`);
    await page.screenshot({ path: file });
    written.push({ file, kB: Math.round(statSync(file).size / 1024) });
  };

  for (const size of SIZES) {
    await page.setViewportSize(size);
    // A container chosen (its code in the URL, as a click in the grid or the results leaves it).
    await page.goto(`${origin}/location/${values.location}?container=${values.container}`);
    await page.getByRole('grid').first().waitFor();
    await page
      .getByRole('heading', { level: 2, name: /Container/ })
      .first()
      .waitFor();
    await settle();
    await shoot(size, 'container');

    // A search with hits: the query in the search field, submitted.
    const field = page.getByLabel('Search term', { exact: true });
    await field.fill(values.query);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('table').getByText(values.query).first().waitFor();
    await settle();
    await shoot(size, 'search');
    // Clear the remembered search, so the next size starts the same way.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await settle();
  }
} finally {
  await browser.close();
  await server?.stop();
}
for (const { file, kB } of written) console.log(`${file}  ${kB} kB`);
