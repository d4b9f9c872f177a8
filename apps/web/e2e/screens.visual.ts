import type { Locator, Page } from '@playwright/test';
import { demoBarcode, expect, signIn, test } from './fixtures';

// Visual regression (issue 14, ADR 0058): the key screens at 1280×720, 1440×900 and 1920×1080, in German and
// Hungarian (the longest words), against the baselines in e2e/__screenshots__. Seeded demo data on a fresh
// server, the page's clock fixed. What the server stamps with the real time (the protocol's and the user
// list's newest dates: this run's sign-ins) is masked. `npm run test:visual:update` accepts changes.

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/** The page's "now": a Monday morning shortly after the demo data's last activity. */
const NOW = new Date('2025-09-01T08:00:00+02:00');

interface Screen {
  name: string;
  open: (page: Page) => Promise<void>;
  /** Parts stamped with the real time by the server (this run's sign-ins). */
  mask?: (page: Page) => Locator[];
}

/** Requests under way per page (a screen is settled only when its queries have all answered). */
const inflight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inflight.set(page, open);
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Waits until the page has its content: no request under way for 300 ms, nothing busy, images and fonts
 * loaded. (A query that answers after the first screenshot would otherwise differ from the baseline.)
 */
async function settled(page: Page): Promise<void> {
  let quietSince = Date.now();
  await expect
    .poll(
      async () => {
        if ((inflight.get(page)?.size ?? 0) > 0) quietSince = Date.now();
        if (Date.now() - quietSince < 300) return false;
        return page.evaluate(() => {
          // The page the server prerendered (ADR 0066, 0068) is a picture of the page, not the page.
          if (document.getElementById('shell')) return false;
          const main = document.querySelector('main');
          if (!main) return false;
          const busy = document.querySelector('[aria-busy="true"]');
          const images = [...document.images].every((image) => image.complete);
          return !busy && images && main.querySelectorAll('td, dd, li, h2').length > 0;
        });
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

const SCREENS: Screen[] = [
  { name: 'location', open: (page) => page.goto('/location/C001-B01-L01').then(() => undefined) },
  {
    name: 'container-panel',
    open: (page) => page.goto('/location/C001-B01-L01?container=K0000003').then(() => undefined),
  },
  {
    name: 'search',
    open: async (page) => {
      await page.goto('/concern/C001');
      await settled(page);
      const term = page.locator('main input[type="search"]').first();
      await term.fill('Sechskantschraube');
      await term.press('Escape');
      await term.press('Enter');
    },
  },
  { name: 'review-inbox', open: (page) => page.goto('/reviews').then(() => undefined) },
  {
    name: 'users',
    open: (page) => page.goto('/admin/users').then(() => undefined),
    mask: (page) => [page.locator('main td[data-kind="date"]')],
  },
  {
    name: 'protocol',
    open: (page) => page.goto('/admin/protocol').then(() => undefined),
    mask: (page) => [page.locator('main td[data-kind="date"]')],
  },
  {
    name: 'app',
    open: async (page) => {
      await page.goto('/app');
      const barcode = page.locator('main input').first();
      await barcode.fill(demoBarcode(4));
      await barcode.press('Enter');
      await expect(page.locator('main dd').first()).toBeVisible();
    },
  },
];

/** VISUAL_SCREENS=location,app: only these (while working on them; `npm test` takes all). */
const ONLY = process.env.VISUAL_SCREENS?.split(',');

for (const language of ['de', 'hu'] as const) {
  test(`the key screens look as accepted (${language})`, async ({ page }) => {
    test.setTimeout(300_000);
    trackRequests(page);
    await page.clock.setFixedTime(NOW);
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await signIn(page, 'admin');
    for (const screen of SCREENS) {
      if (ONLY && !ONLY.includes(screen.name)) continue;
      await page.setViewportSize(SIZES[1]);
      await screen.open(page);
      await settled(page);
      // Nothing focused or hovered: the screen as it rests.
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (const size of SIZES) {
        await page.setViewportSize(size);
        // A larger window may show more (virtualised racks, lazy images): let those load too.
        await settled(page);
        await expect(page).toHaveScreenshot(`${screen.name}-${language}-${size.width}x${size.height}.png`, {
          mask: screen.mask?.(page),
        });
      }
    }
  });
}
