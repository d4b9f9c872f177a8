import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, signOut, test } from './fixtures';

// Issue 16 on the real server: customer staff open a container, see its history chart and the same
// numbers as a table, accept the suggested filling quantity (a change request for review), the clerk
// approves it, and the container holds the new quantity.

const LOCATION = 'C001-B01-L01';
const two = (n: number) => n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const post = async (page: Page, path: string, data: object) => {
  const res = await page.request.post(`/api/rest/v2/${path}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data,
  });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
};
const get = async (page: Page, path: string) => {
  const res = await page.request.get(`/api/rest/v2/${path}`);
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
};

test('staff accept a suggested filling quantity from the chart panel; the clerk approves it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'staff');
  // A container of the location whose suggestion differs and that has no change waiting (a rerun on the
  // same server takes the next one).
  const sizing = await post(page, `location/${LOCATION}/sizing`, {
    windowWeeks: 12,
    changesOnly: true,
    size: 50,
  });
  let chosen: { containerId: string; suggested: number } | null = null;
  for (const item of sizing.items) {
    const container = await get(page, `container/${item.containerId}`);
    if (container.active && !(container.pendingRequests ?? []).includes('changequantity')) {
      chosen = { containerId: item.containerId, suggested: item.suggested };
      break;
    }
  }
  expect(chosen, 'a container with a suggestion to accept').not.toBeNull();
  const { containerId, suggested } = chosen as NonNullable<typeof chosen>;
  const history = await get(page, `container/${containerId}/history`);

  await page.goto(`/location/${LOCATION}?container=${containerId}`);
  const panel = page.getByRole('region', { name: 'Chosen container' });
  const section = panel.locator('section', {
    has: page.getByRole('heading', { name: 'History and sizing' }),
  });
  // Staff have no consumption field: the stock chart shows, the consumption chart does not exist.
  const stock = section.getByRole('group', { name: 'Stock level', exact: true });
  await expect(stock).toBeVisible({ timeout: 20_000 });
  await expect(section.getByRole('group', { name: 'Consumption per week', exact: true })).toHaveCount(0);
  await expect(section.locator('canvas').first()).toBeVisible();
  // The keyboard reads the last week out.
  await stock.focus();
  await page.keyboard.press('End');
  const lastStock = history.stock.at(-1);
  if (lastStock !== null && lastStock !== undefined) {
    await expect(
      section.getByText(new RegExp(`Stock level ${two(lastStock).replace('.', '\\.')}`)),
    ).toBeVisible();
  }
  // The table view: the same weeks and numbers.
  await section.getByRole('button', { name: 'Table' }).first().click();
  const table = section.getByRole('table', { name: 'Stock level' });
  await expect(table.getByRole('row')).toHaveCount(history.weeks.length + 1);
  const lastRow = table.getByRole('row').last();
  if (lastStock !== null && lastStock !== undefined) await expect(lastRow).toContainText(two(lastStock));
  await expectAccessible(page);

  // Accept the suggestion: the normal change request.
  await section.getByRole('button', { name: `Request ${two(suggested)}` }).click();
  await expect(section.getByText('A change of the filling quantity already awaits review.')).toBeVisible();
  await signOut(page);

  // The clerk approves it in the inbox.
  await signIn(page, 'backoffice');
  // Staff do not see the container's code (field visibility); the clerk does.
  const { code } = await get(page, `container/${containerId}`);
  await page.goto('/reviews');
  const inbox = page.getByRole('table', { name: 'To review' });
  const row = inbox
    .getByRole('row')
    .filter({ hasText: code })
    .filter({ hasText: `→ ${two(suggested)}` });
  await expect(row).toContainText('Filling quantity change');
  await row.getByRole('button', { name: `Approve Filling quantity change ${code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Approve this request?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);

  // The container holds the new quantity.
  await page.goto(`/location/${LOCATION}?container=${containerId}`);
  await expect(
    panel
      .getByRole('term')
      .filter({ hasText: /^Filling quantity$/ })
      .locator('xpath=following-sibling::dd[1]')
      .first(),
  ).toHaveText(two(suggested));
});

test('the reorder worklist: in the menu, filtered, exported; the dashboard counts it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'kdadmin');
  const count = await get(page, 'replenishment/worklist/count');
  await page.goto('/');
  // Counted up to 1,000: beyond it the card says "more than 1,000" (ADR 0067).
  await expect(page.getByText('Containers to reorder').locator('xpath=..')).toContainText(
    `${count.more ? 'more than ' : ''}${count.count.toLocaleString('en')}`,
  );
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Reorder worklist' }).click();
  await expect(page).toHaveURL(/\/worklist$/);
  const table = page.getByRole('table', { name: 'Reorder worklist' });
  if (count.count > 0) await expect(table.getByRole('link').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Export the worklist' })
    .getByRole('button', { name: 'Export to Excel' })
    .click();
  await expect(page.getByText('The export was started.')).toBeVisible();
});
