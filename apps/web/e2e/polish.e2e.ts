import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Issue 14 outside the location screen, against the real server: the protocol in the reader's language,
// errors that stay until closed, the sign-in toast beside (not over) the user menu, the branch map
// (fit, select, drag, delete away from the zoom), link colours, the language picker and a quiet console.

test('the protocol speaks the reader’s language: requests and refused calls in words, not endpoints', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A customer admin asks for the global protocol: refused (403) and protocolled.
  await signIn(page, 'kdadmin');
  const refused = await page.request.post('/api/rest/v2/protocol', {
    data: {},
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(refused.status()).toBe(403);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, 'admin');
  // The reader reads German (the user menu's language switch).
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  try {
    await readInGerman(page);
  } finally {
    // Back to English: the profile keeps the language for the tests after this one.
    await page.getByRole('button', { name: /^Benutzermenü/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: /^User menu/ })).toBeVisible();
  }
});

async function readInGerman(page: Page) {
  await page.goto('/admin/protocol');
  const table = page.getByRole('table', { name: 'Protokoll' });
  await expect(table).toBeVisible();
  await page.getByRole('combobox', { name: /^Art/ }).click();
  await page.getByRole('option', { name: 'Zugriff verweigert' }).click();
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(
    table
      .getByText(
        /^kdadmin wurde der Zugriff auf das Protokoll verweigert: Berechtigung PERM_VIEWGLOBALPROTOCOLENTRIES fehlt$/,
      )
      .first(),
  ).toBeVisible();
  await expect(table).not.toContainText('/rest/v2');

  // Requests: in German, the container a link to its place in the location.
  await page.getByRole('combobox', { name: /^Art/ }).click();
  await page.getByRole('option', { name: 'Anfrage', exact: true }).click();
  await page.getByRole('button', { name: 'Filtern' }).click();
  const request = table
    .getByRole('row')
    .filter({ hasText: /für Behälter KB-\d+ angefordert/ })
    .first();
  await expect(request).toBeVisible();
  await expect(table).not.toContainText('requested');
  const link = request.getByRole('link', { name: /^KB-\d+$/ });
  await expect(link).toHaveAttribute('href', /^\/location\/[^/?]+\?container=/);
}

test('an error stays until closed and says what is accepted; the sign-in toast leaves the user menu free', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await signIn(page, 'kdadmin');
  // The "signed in" toast starts below the header: it never covers the user menu.
  const toasts = page.getByRole('region', { name: 'Notifications' });
  const signedIn = toasts.getByRole('status').first();
  await expect(signedIn).toBeVisible();
  const menu = await page.getByRole('button', { name: /^User menu/ }).boundingBox();
  const toast = await signedIn.boundingBox();
  expect(menu && toast && toast.y >= menu.y + menu.height).toBe(true);

  await page.goto('/location/C001-B01-L01/lists');
  const section = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Barcode lists' }) });
  await section.locator('input[type="file"]').setInputFiles({
    name: 'huge.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'x'),
  });
  const error = toasts.getByRole('alert');
  await expect(error).toContainText('Accepted: CSV, TXT or XLSX');
  // Information toasts go after 2 s; the error stays.
  await page.clock.fastForward(30_000);
  await expect(toasts.getByRole('status')).toHaveCount(0);
  await expect(error).toBeVisible();
  await error.getByRole('button', { name: 'Close' }).click();
  await expect(error).toHaveCount(0);
});

test('the branch map fits the plan on screen; a marker is selected, dragged and deleted after asking', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/branch/C001-B01/map');
  const map = page.getByRole('region', { name: /^Map of branch Werk Wolfsburg/ });
  const image = map.getByRole('img');
  await expect(image).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fit to screen' })).toHaveAttribute('aria-pressed', 'true');
  // The whole plan at once: no taller than the view, and all of it inside the window.
  await map.scrollIntoViewIfNeeded();
  await expect
    .poll(async () => {
      const box = await image.boundingBox();
      return box ? box.y >= 0 && box.y + box.height <= 900 && box.x + box.width <= 1440 : false;
    })
    .toBe(true);

  const pins = map.getByRole('button', { name: /^Position / });
  await expect(pins.first()).toBeVisible();
  const pin = pins.first();
  const name = ((await pin.getAttribute('aria-label')) ?? '').replace(/^Position /, '');
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`Selected: ${name}`)).toBeVisible();

  // Dragged with the mouse: the new position is saved (the server answers, the marker stays there).
  const before = await pin.boundingBox();
  if (!before) throw new Error('marker not laid out');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/locationposition') && r.request().method() !== 'GET',
  );
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width / 2 + 40, before.y + before.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  expect((await saved).ok()).toBe(true);
  await expect.poll(async () => (await pin.boundingBox())?.x ?? 0).toBeGreaterThan(before.x + 20);

  // Deletion sits below the map, away from the zoom, and asks first.
  const zoomBar = page.getByRole('button', { name: 'Zoom in' }).locator('..');
  await expect(zoomBar.getByRole('button', { name: 'Delete all positions' })).toHaveCount(0);
  await expect(zoomBar.getByRole('button', { name: 'Delete position' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete position' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(map.getByRole('button', { name: `Position ${name}` })).toBeVisible();
});

test('links in theme colours, languages by their own names without emoji flags, a quiet console', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
  });
  await page.goto('/login');
  const picker = page.getByRole('combobox', { name: /Language/ });
  await picker.click();
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Polski' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Română' })).toHaveCount(1);
  expect((await options.allTextContents()).join(' ')).not.toMatch(/\p{Regional_Indicator}/u);
  await page.keyboard.press('Escape');

  const linkColour = await page
    .getByRole('link')
    .first()
    .evaluate((a) => getComputedStyle(a).color);
  expect(linkColour).not.toBe('rgb(0, 0, 238)');
  expect(linkColour).not.toBe('rgb(85, 26, 139)');

  await signIn(page, 'admin');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A location that does not exist: the server answers 404, the page says so, the console logs no stack.
  await page.goto('/location/NO-SUCH-LOCATION');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  expect(messages.filter((m) => /HydrateFallback|\n\s+at /.test(m))).toEqual([]);
});
