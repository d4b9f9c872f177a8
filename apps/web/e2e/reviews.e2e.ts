import { demoBarcode, expect, expectAccessible, signIn, signOut, test } from './fixtures';

// A filling-quantity request from the /app scanner waits in the review inbox; approving it changes the
// container, and the admin protocol shows the request and the decision with before and after.

test('approve a filling-quantity request in the review inbox and see the container change', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // Customer staff ask for a new filling quantity of container KB-0000003.
  await signIn(page, 'staff');
  await page.goto('/app');
  await page.getByLabel('Barcode').fill(demoBarcode(3));
  await page.getByRole('button', { name: 'Find' }).click();
  const fact = page.getByRole('term').filter({ hasText: /^Filling quantity$/ });
  await expect(fact).toBeVisible();
  const before = (await fact.locator('xpath=following-sibling::dd[1]').textContent())?.trim() ?? '';
  // A new value every run, so the change shows even on a server where the test ran before.
  let value = 100 + (Date.now() % 800);
  if (`${value}.00` === before) value += 1;
  const quantity = String(value);
  const shown = `${quantity}.00`;
  await page.getByRole('button', { name: 'Change filling quantity' }).click();
  await page.getByLabel('New filling quantity').fill(quantity);
  await page.getByRole('button', { name: 'Send request' }).click();

  // My requests: the request waits (the toasts last two seconds; the tests check what stays).
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'To review' })).toHaveCount(0);
  await expect(page.getByText(`Filling quantity ${before} → ${shown}`).first()).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  // The administrator reviews it.
  await signIn(page, 'admin');
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Requests to review' }).click();
  await expect(page).toHaveURL(/\/reviews$/);
  await expect(page.getByRole('tab', { name: 'To review', selected: true })).toBeVisible();
  const inbox = page.getByRole('table', { name: 'To review' });
  const row = inbox.getByRole('row').filter({ hasText: `Filling quantity ${before} → ${shown}` });
  await expect(row).toContainText('staff');
  await expect(row).toContainText('Filling quantity change');
  await expect(row).toContainText('KB-0000003');
  await expectAccessible(page);

  await row.getByRole('button', { name: 'Approve Filling quantity change KB-0000003' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Approve this request?' });
  await expect(dialog).toContainText(`Filling quantity ${before} → ${shown}`);
  await expectAccessible(page);
  await dialog.getByLabel('Comment for the requester (optional)').fill('Counted again, fine.');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);

  // The container shows the new filling quantity.
  await page.goto('/location/C001-B01-L01?container=K0000003');
  const panel = page.getByRole('region', { name: 'Chosen container' });
  await expect(panel.getByRole('heading', { name: 'Container KB-0000003' })).toBeVisible();
  await expect(
    panel
      .getByRole('term')
      .filter({ hasText: /^Filling quantity$/ })
      .locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(shown);

  // The admin protocol: the request by staff and the approval, with the quantity before and after.
  await page.goto('/admin/protocol');
  await page.getByRole('searchbox', { name: 'Location code' }).fill('C001-B01-L01');
  await page.getByRole('combobox', { name: /^Kind/ }).click();
  await page.getByRole('option', { name: 'Request approved' }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  const table = page.getByRole('table', { name: 'Protocol' });
  const approved = table
    .getByRole('row', { name: /Filling quantity change for container KB-0000003: Approved/ })
    .first();
  await expect(approved).toContainText('admin');
  await approved.getByRole('button', { name: /^Before \/ after/ }).click();
  const changes = page.getByRole('dialog');
  await expect(changes.getByRole('row', { name: /Filling quantity/ })).toContainText(quantity);
  await page.keyboard.press('Escape');

  await page.getByRole('combobox', { name: /^Kind/ }).click();
  await page.getByRole('option', { name: 'Request', exact: true }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(
    table.getByRole('row', { name: /Filling quantity change requested for container KB-0000003/ }).first(),
  ).toContainText('staff');
});
