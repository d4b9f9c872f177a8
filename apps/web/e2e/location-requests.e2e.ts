import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test, unique } from './fixtures';

// Issue 13 on the location screen, against the real server: messages about a container, shelf and rack
// (with a photo), rack scan and rack handling (last handled in the grid), the container type-ahead, and the
// requester's side of requests (pending shown where offered, a 409 in words, withdraw).
// Demo data: location C001-B01-L01, containers K0000001... (code KB-0000001...).

const LOCATION = '/location/C001-B01-L01';
/** An 8x8 PNG, the photo a message carries. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4YWODFTEMLQkAZZlQAVIPr1MAAAAASUVORK5CYII=',
  'base64',
);

interface Request {
  id: string;
  type: string;
  state: string;
  containerId: string | null;
  payload: { message?: string; photo?: boolean; shelfPosition?: number; rackPosition?: number };
}

/** The signed-in user's newest requests, as "My requests" reads them. */
const myRequests = async (page: Page): Promise<Request[]> => {
  const answer = await page.request.post('/api/rest/v2/reviews/mine', {
    data: { page: 0, size: 20, sortAsc: false },
    // The server's CSRF check (as the app's own requests send it).
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { items: Request[] }).items;
};

const panelOf = (page: Page) => page.getByRole('region', { name: 'Chosen container' });

test('a message about a container with a photo: sent, pending on the panel, in My requests, then withdrawn', async ({
  page,
}) => {
  const text = unique('The bin is cracked');
  await signIn(page, 'kdadmin');
  await page.goto(`${LOCATION}?container=K0000021`);
  const panel = panelOf(page);
  await panel.getByRole('button', { name: 'Send message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message to the responsible clerk' });
  await expect(dialog).toContainText('About container KB-0000021');
  await dialog.getByLabel('Message', { exact: true }).fill(text);
  await dialog.getByLabel('Photo (optional)').setInputFiles({
    name: 'crack.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent; you find it under My requests.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Kept as a request of type message, with its photo, under the sender's own requests.
  const sent = (await myRequests(page)).find((r) => r.payload.message === text);
  expect(sent).toMatchObject({ type: 'message', state: 'pending', containerId: 'K0000021' });
  expect(sent?.payload.photo).toBe(true);

  // Pending on the container's panel; the requester withdraws it after confirming.
  const pending = panel.getByRole('region', { name: 'Open requests' });
  await expect(pending).toContainText('Message');
  await pending
    .getByRole('button', { name: /^Withdraw Message of/ })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw this request?' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Request withdrawn.')).toBeVisible();
  await expect
    .poll(async () => (await myRequests(page)).find((r) => r.id === sent?.id)?.state)
    .toBe('withdrawn');
});

test('a waiting request shows as pending where it is offered, and a 409 says why in words', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'kdadmin');
  // A container whose scan is not waiting yet, on its own or with its rack (the tests may run again on
  // the same server, and the rack test below asks for a scan of a whole rack).
  let id = '';
  for (let seq = 23; seq < 120 && !id; seq += 7) {
    const candidate = `K${String(seq).padStart(7, '0')}`;
    await page.goto(`${LOCATION}?container=${candidate}`);
    const button = panelOf(page).getByRole('button', { name: 'Request refill (scan)' });
    await expect(
      panelOf(page).getByRole('heading', { name: `Container KB-${String(seq).padStart(7, '0')}` }),
    ).toBeVisible();
    if (await button.isEnabled()) id = candidate;
  }
  expect(id).not.toBe('');
  // A second tab opens the same container before the scan is asked for: it still offers the scan.
  const other = await context.newPage();
  await other.goto(`${LOCATION}?container=${id}`);
  const scanHere = panelOf(page).getByRole('button', { name: 'Request refill (scan)' });
  const scanThere = panelOf(other).getByRole('button', { name: 'Request refill (scan)' });
  await expect(scanHere).toBeEnabled();
  await expect(scanThere).toBeEnabled();

  await scanHere.click();
  await expect(page.getByText('Scan requested; it awaits review.')).toBeVisible();
  // Pending where it is offered: disabled, with the reason (no second dialog, no second request).
  await expect(scanHere).toBeDisabled();
  await expect(scanHere).toHaveAccessibleDescription(
    'Request refill (scan): The same request is waiting for review already.',
  );
  await expect(panelOf(page).getByRole('button', { name: 'Change filling quantity' })).toBeEnabled();
  await expectAccessible(page);

  // The other tab asks again: the server refuses (409) and the screen says why, then shows it pending.
  await scanThere.click();
  await expect(other.getByText('The same request is waiting for review already.').first()).toBeVisible();
  await expect(scanThere).toBeDisabled();
  const scans = (await myRequests(page)).filter(
    (r) => r.containerId === id && r.type === 'scan' && r.state === 'pending',
  );
  expect(scans).toHaveLength(1);
  await other.close();
});

test('choosing a rack in the grid offers scan rack and handle rack; the grid shows when it was last handled', async ({
  page,
}) => {
  await signIn(page, 'backoffice');
  await page.goto(LOCATION);
  const grid = page.getByRole('grid', { name: 'Racks and shelves' });
  const racks = grid.getByRole('button', { name: /^Rack / });
  await expect(racks.first()).toBeVisible();

  // A rack whose scan is not waiting yet (the test may run again on the same server).
  let chosen = -1;
  for (let index = 0; index < 8 && chosen < 0; index++) {
    await racks.nth(index).click();
    const menu = page.getByRole('dialog', { name: /^Rack / });
    await expect(menu.getByRole('button', { name: 'Scan rack' })).toBeVisible();
    if (await menu.getByRole('button', { name: 'Scan rack' }).isEnabled()) chosen = index;
    else await menu.getByRole('button', { name: 'Close' }).click();
  }
  expect(chosen).toBeGreaterThanOrEqual(0);
  const rack = racks.nth(chosen);
  const name = ((await rack.locator('span > span').first().textContent()) ?? '').trim();
  let menu = page.getByRole('dialog', { name });
  await expectAccessible(page);

  // Handle rack, after confirming: the grid shows when and by whom.
  await menu.getByRole('button', { name: 'Handle rack' }).click();
  const confirm = page.getByRole('alertdialog', { name: /^Record rack .+ as handled\?$/ });
  await expect(confirm).toContainText('the grid shows it');
  await confirm.getByRole('button', { name: 'Handle rack' }).click();
  await expect(page.getByText(`${name} recorded as handled.`)).toBeVisible();
  await expect(rack).toContainText(/Handled .+ by backoffice/);
  await page.reload();
  await expect(racks.nth(chosen)).toContainText(/Handled .+ by backoffice/);

  // Scan rack: one request for the whole rack; then it shows as waiting.
  await racks.nth(chosen).click();
  menu = page.getByRole('dialog', { name });
  await expect(menu).toContainText(/Last handled .+ by backoffice\./);
  await menu.getByRole('button', { name: 'Scan rack' }).click();
  await expect(page.getByText('Rack scan requested; it awaits review.')).toBeVisible();
  await racks.nth(chosen).click();
  await expect(menu.getByRole('button', { name: 'Scan rack' })).toBeDisabled();
  await expect(menu).toContainText('A scan of this rack is waiting for review already.');
  const scan = (await myRequests(page)).find((r) => r.type === 'rackscan');
  expect(scan).toMatchObject({ state: 'pending', payload: { rackPosition: expect.any(Number) } });
});

test('messages about a rack and about one of its shelves from the grid', async ({ page }) => {
  const aboutRack = unique('Rack leans');
  const aboutShelf = unique('Shelf bent');
  await signIn(page, 'kdadmin');
  await page.goto(LOCATION);
  const racks = page.getByRole('grid', { name: 'Racks and shelves' }).getByRole('button', { name: /^Rack / });

  await racks.nth(1).click();
  let menu = page.getByRole('dialog', { name: /^Rack / });
  // A customer admin may not record a rack as handled (the clerk's permission).
  await expect(menu.getByRole('button', { name: 'Handle rack' })).toHaveCount(0);
  await menu.getByRole('button', { name: 'Message about this rack' }).click();
  let dialog = page.getByRole('dialog', { name: 'Message to the responsible clerk' });
  await expect(dialog).toContainText(/About rack \S+/);
  await dialog.getByLabel('Message', { exact: true }).fill(aboutRack);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent; you find it under My requests.')).toBeVisible();

  await racks.nth(1).click();
  menu = page.getByRole('dialog', { name: /^Rack / });
  await menu.getByRole('combobox', { name: /^Shelf/ }).click();
  await page.getByRole('option', { name: 'Shelf 2' }).click();
  await menu.getByRole('button', { name: 'Message about a shelf' }).click();
  dialog = page.getByRole('dialog', { name: 'Message to the responsible clerk' });
  await expect(dialog).toContainText(/About shelf 2 of rack \S+/);
  await dialog.getByLabel('Message', { exact: true }).fill(aboutShelf);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent; you find it under My requests.').first()).toBeVisible();

  const mine = await myRequests(page);
  const rackMessage = mine.find((r) => r.payload.message === aboutRack);
  const shelfMessage = mine.find((r) => r.payload.message === aboutShelf);
  expect(rackMessage).toMatchObject({ type: 'message', state: 'pending', containerId: null });
  expect(rackMessage?.payload.shelfPosition).toBeUndefined();
  expect(shelfMessage).toMatchObject({ type: 'message', payload: { shelfPosition: 2 } });
  expect(shelfMessage?.payload.rackPosition).toBe(rackMessage?.payload.rackPosition);
});

test('the location search box suggests containers while typing; the keyboard opens one', async ({ page }) => {
  await signIn(page, 'kdadmin');
  await page.goto(LOCATION);
  const box = page.getByRole('combobox', { name: 'Search term' });
  await box.fill('KB-0000042');
  const list = page.getByRole('listbox', { name: 'Matching containers' });
  await expect(list.getByRole('option').first()).toContainText('KB-0000042');
  await expectAccessible(page);
  await box.press('ArrowDown');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/container=K0000042/);
  await expect(panelOf(page).getByRole('heading', { name: 'Container KB-0000042' })).toBeVisible();
  await expect(list).toBeHidden();
});
