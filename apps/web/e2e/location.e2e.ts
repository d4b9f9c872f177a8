import { expect, expectAccessible, signIn, test } from './fixtures';

// The demo data (seed 1): concern C001 "Knabe Fahrzeugtechnik GmbH & Co. KG", its branch C001-B01
// "Werk Wolfsburg" and location C001-B01-L01 "Zentrallager" with 5,026 containers.

test('choose concern, branch and location in the selector bar, then jump with the quick search', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('combobox', { name: /^Concern/ }).click();
  await page.getByRole('option', { name: /Knabe Fahrzeugtechnik/ }).click();
  await page.getByRole('combobox', { name: /^Branch/ }).click();
  await page.getByRole('option', { name: /Werk Wolfsburg/ }).click();
  await page.getByRole('combobox', { name: /^Location/ }).click();
  await page.getByRole('option', { name: /Zentrallager/ }).click();
  await expect(page).toHaveURL(/\/location\/C001-B01-L01/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zentrallager' })).toBeVisible();
  await expectAccessible(page);

  const quick = page.getByRole('combobox', { name: 'Quick search' });
  await quick.fill('C001-B01-L02');
  await quick.press('Enter');
  await page.getByRole('option', { name: /C001-B01-L02/ }).click();
  await expect(page).toHaveURL(/\/location\/C001-B01-L02/);
  await expect(quick).toHaveValue('');
});

test('open a container and request a new filling quantity: it waits for review as pending', async ({
  page,
}) => {
  await signIn(page, 'kdadmin');
  await page.goto('/location/C001-B01-L01');
  await page.getByRole('link', { name: 'KB-0000002' }).click();
  await expect(page).toHaveURL(/container=K0000002/);
  await page.getByRole('button', { name: 'Change filling quantity' }).click();
  await page.getByLabel('New filling quantity').fill('42');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('New filling quantity requested; it awaits review.')).toBeVisible();
  const pending = page.getByRole('region', { name: 'Open requests' });
  await expect(pending).toContainText('Filling quantity change');
  await expectAccessible(page);
});

test('export a location search and find the file on the Exports page', async ({ page }) => {
  await signIn(page, 'sales');
  await page.goto('/location/C001-B01-L01');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Export to Excel' }).click();
  await expect(
    page.getByText('The Excel export has started. You will find the file under Exports.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to Exports' }).click();
  await expect(page).toHaveURL(/\/admin\/export/);
  // The worker writes the file in the background; the page refreshes until it is done.
  await expect(page.getByRole('button', { name: /Download/ }).first()).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
});

test('switch the language in the user menu; it stays after a reload', async ({ page }) => {
  await signIn(page, 'staff');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: /Deutsch/ }).click();
  await expect(page.getByRole('combobox', { name: 'Schnellsuche' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Schnellsuche' })).toBeVisible();
});
