import type { Page } from '@playwright/test';
import { demoBarcode, expect, signIn, test } from './fixtures';
import { type CellDefect, cellDefects } from './table-cells';

// Issue 14: no table cell in the key screens overflows its box or breaks a word or a number mid-way, at
// the three desktop sizes and in German, English and Hungarian (the longest words and numbers). Real
// server, demo data; each screen is loaded once per language and measured at each size.

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

interface Screen {
  name: string;
  user: 'admin' | 'kdadmin';
  open: (page: Page) => Promise<void>;
}

/** Waits until the page's tables and lists have their content (no skeletons, nothing busy). */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          // The page the server prerendered (ADR 0066, 0068) is a picture of the page, not the page.
          if (document.getElementById('shell')) return false;
          const main = document.querySelector('main');
          if (!main) return false;
          const busy = main.querySelector('[aria-busy="true"]');
          const cells = main.querySelectorAll('tbody td, dd, li').length;
          return !busy && cells > 0;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

const SCREENS: Screen[] = [
  { name: 'dashboard', user: 'admin', open: (page) => page.goto('/').then(() => undefined) },
  {
    name: 'location results + container panel',
    user: 'admin',
    open: (page) => page.goto('/location/C001-B01-L01?container=K0000003').then(() => undefined),
  },
  {
    name: 'location search',
    user: 'admin',
    open: async (page) => {
      await page.goto('/location/C001-B01-L01');
      await settled(page);
      const term = page.locator('main input[type="search"]').first();
      await term.fill('Schraube');
      await term.press('Escape');
      await term.press('Enter');
    },
  },
  { name: 'concern search', user: 'admin', open: (page) => page.goto('/concern/C001').then(() => undefined) },
  { name: 'review inbox', user: 'admin', open: (page) => page.goto('/reviews').then(() => undefined) },
  { name: 'users', user: 'admin', open: (page) => page.goto('/admin/users').then(() => undefined) },
  { name: 'protocol', user: 'admin', open: (page) => page.goto('/admin/protocol').then(() => undefined) },
  {
    name: '/app',
    user: 'admin',
    open: async (page) => {
      await page.goto('/app');
      const barcode = page.locator('main input').first();
      await barcode.fill(demoBarcode(4));
      await barcode.press('Enter');
    },
  },
  {
    name: 'my requests',
    user: 'kdadmin',
    open: (page) => page.goto('/reviews?tab=mine').then(() => undefined),
  },
];

const format = (defects: CellDefect[]) =>
  defects
    .map((d) => `${d.kind}: ${d.where}: “${d.text.slice(0, 80)}”`)
    .filter((d, i, all) => all.indexOf(d) === i);

for (const language of ['de', 'en', 'hu'] as const) {
  test(`no table cell overflows or breaks a word or a number (${language}, 1280×720, 1440×900, 1920×1080)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    const found: string[] = [];
    let user: string | null = null;
    for (const screen of SCREENS) {
      if (screen.user !== user) {
        if (user) await page.context().clearCookies();
        await page.setViewportSize(SIZES[1]);
        await signIn(page, screen.user);
        user = screen.user;
      }
      await screen.open(page);
      await settled(page);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        // Layout follows the resize within a frame; two frames make sure a ResizeObserver has run too.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        for (const line of format(await cellDefects(page)))
          found.push(`${screen.name} @${size.width}×${size.height}: ${line}`);
      }
    }
    expect(found, `cells that overflow or break mid-word/mid-number in ${language}`).toEqual([]);
  });
}
