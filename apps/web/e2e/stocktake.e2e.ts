import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { expect, expectAccessible, signIn, test } from './fixtures';

// A count (stocktake) on /app on a phone, against the real server, with the network cut in the middle.

const LOCATION = 'C001-B01-L01';

interface RackAnswer {
  name: string;
  position: number;
  shelves: { places: { container: { code?: string; active: boolean } | null }[] }[];
}

/** The active containers' codes of each rack of the location, as the server's grid names them. */
const racksOf = async (page: Page) => {
  const res = await page.request.get(`/api/rest/v2/location/${LOCATION}/racks?lang=en`);
  expect(res.status()).toBe(200);
  const racks = (await res.json()) as RackAnswer[];
  return racks.map((r) => ({
    name: r.name,
    position: r.position,
    codes: r.shelves.flatMap((s) =>
      s.places.flatMap((p) => (p.container?.active && p.container.code ? [p.container.code] : [])),
    ),
  }));
};

test('a count of a rack: one missing, one unexpected, the network cut in the middle, every scan arrives once', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'kdadmin');
  const racks = await racksOf(page);
  const rack = racks.find((r) => r.codes.length >= 4);
  expect(rack, 'a rack with four active containers').toBeTruthy();
  const other = racks.find((r) => r !== rack && r.codes.length > 0)?.codes[0] as string;
  const codes = rack!.codes;
  const missing = codes[codes.length - 1] as string;
  const online = codes.slice(0, 2);
  const offline = [...codes.slice(2, -1), other];

  await page.goto('/app');
  await page.getByRole('link', { name: 'Count stock' }).click();
  await expect(page).toHaveURL(/\/app\/count$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Count stock' })).toBeVisible();
  await page.locator('#count-location').selectOption(LOCATION);
  await page.locator('#count-rack').selectOption(String(rack!.position));
  await page.getByRole('button', { name: 'Start count' }).click();

  const status = page.getByTestId('count-status');
  const field = page.getByLabel('Barcode');
  await expect(field).toBeFocused();
  await expect(page.getByTestId('count-found')).toHaveText(`0 of ${codes.length} containers found`);
  await expectAccessible(page);
  // A keyboard-wedge scanner types the code and presses Enter.
  const scan = async (code: string) => {
    await field.fill(code);
    await field.press('Enter');
    await expect(field).toHaveValue('');
  };
  for (const code of online) await scan(code);
  await expect(status).toContainText('All scans sent');
  await expect(page.getByTestId('count-found')).toHaveText(`2 of ${codes.length} containers found`);

  // The Wi-Fi ends: scans go on and wait on the phone.
  await context.setOffline(true);
  await expect(status).toContainText('Offline');
  for (const code of offline) await scan(code);
  await expect(status).toContainText(`Waiting to be sent: ${offline.length}`);
  await expect(page.getByRole('button', { name: 'Finish count' })).toBeDisabled();

  // Back online: the waiting scans are sent in order, each once.
  await context.setOffline(false);
  await expect(status).toContainText('All scans sent');
  await expect(status).toContainText('Online');
  await expect(page.getByTestId('count-found')).toHaveText(
    `${codes.length - 1} of ${codes.length} containers found`,
  );

  const counts = await (
    await page.request.get(`/api/rest/v2/location/${LOCATION}/stocktakes?lang=en`)
  ).json();
  const count = counts[0] as { id: string };
  const stored = await (
    await page.request.get(`/api/rest/v2/location/${LOCATION}/stocktake/${count.id}?lang=en`)
  ).json();
  const scans = (stored.scans as { key: string; scanned: string; seq: number }[]).sort(
    (a, b) => a.seq - b.seq,
  );
  expect(scans.map((s) => s.scanned)).toEqual([...online, ...offline]);
  expect(new Set(scans.map((s) => s.key)).size).toBe(scans.length);

  await page.getByRole('button', { name: 'Finish count' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finish count' }).click();
  await expect(page.getByRole('heading', { name: 'Missing: 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unexpected: 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scanned twice: 0' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: missing })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: other })).toContainText(`belongs to location`);
  await expectAccessible(page);

  // Handed over as an inventory list, then transferred for review like an uploaded one.
  await page.getByRole('button', { name: 'Hand over as inventory list' }).click();
  await expect(page.getByText(`${codes.length} rows, 0 with errors`)).toBeVisible();
  await page.getByRole('button', { name: 'Transfer for review' }).click();
  await expect(page.getByText('Transferred: waiting for review.')).toBeVisible();
});

test('/app is installable (no installability errors) and its service worker serves the shell offline', async ({
  browserName,
}, testInfo) => {
  // Chromium reports every Playwright context as `in-incognito` (not installable): a profile on disk.
  expect(browserName).toBe('chromium');
  const profile = mkdtempSync(join(tmpdir(), 'falcon-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions(),
    baseURL: testInfo.project.use.baseURL,
    locale: 'en-GB',
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await signIn(page, 'kdadmin');
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile App' })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // No answer of the API is kept by the worker: only the shell and its assets.
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(kept).toContain('/app');
    expect(kept.filter((u) => u.startsWith('/api/'))).toEqual([]);

    await page.goto('/app/count');
    await expect(page.getByRole('heading', { level: 1, name: 'Count stock' })).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Count stock' })).toBeVisible();
    await expect(page.getByTestId('count-status')).toContainText('Offline');
    await context.setOffline(false);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
