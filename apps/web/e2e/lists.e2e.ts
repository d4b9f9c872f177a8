import { demoBarcode, expect, expectAccessible, signIn, signOut, test, unique } from './fixtures';

// Barcode lists of location C001-B01-L01 against the real server: the server checks every barcode
// against the location's containers (K0000001... are there), reports the invalid ones, and asks before
// taking the same list a second time.

test('upload a barcode list with one invalid barcode, then the same list again', async ({ page }) => {
  test.setTimeout(120_000);
  const filename = `${unique('e2e-barcodes')}.csv`;
  // Thirteen digits that are no container's barcode; different every run, so the first upload is new.
  const invalid = `9${Date.now()}`.slice(0, 13).padEnd(13, '7');
  const file = {
    name: filename,
    mimeType: 'text/csv',
    buffer: Buffer.from(`Barcode\n${demoBarcode(1)}\n${invalid}\n${demoBarcode(2)}\n`),
  };

  await signIn(page, 'kdadmin');
  await page.goto('/location/C001-B01-L01/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Zentrallager · Contacts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'In-house staff' })).toBeVisible();
  await expectAccessible(page);

  // The location's navigation leads to its lists.
  await page.getByRole('navigation', { name: 'Location pages' }).getByRole('link', { name: 'Lists' }).click();
  await expect(page).toHaveURL(/\/location\/C001-B01-L01\/lists$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zentrallager · Lists' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Barcode lists', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Inventory lists' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Barcode lists' })).toBeVisible();
  await expectAccessible(page);

  const chooser = page.locator('input[type="file"]');
  await chooser.setInputFiles(file);
  const confirm = page.getByRole('alertdialog', { name: 'Upload barcode list?' });
  await expect(confirm).toContainText(filename);
  await confirm.getByRole('button', { name: 'Upload' }).click();

  const lists = page.getByRole('table', { name: 'Barcode lists' });
  const first = lists.getByRole('row', { name: new RegExp(filename) });
  await expect(first).toContainText('1 of 3 invalid');
  await expect(first).toContainText('kdadmin');
  // The result: the invalid barcode first, named with the spec's message.
  const result = page.getByRole('table', { name: `Result of ${filename}` });
  const rows = result.getByRole('row');
  await expect(rows.nth(1)).toContainText(invalid);
  await expect(rows.nth(1)).toContainText('Invalid barcode.');
  await expect(result.getByRole('row', { name: new RegExp(demoBarcode(1)) })).toContainText('Valid');
  await expect(result.getByRole('row', { name: new RegExp(demoBarcode(2)) })).toContainText('Valid');
  await expectAccessible(page);

  // The same list again: the server refuses it once, the page asks 'again'.
  await chooser.setInputFiles(file);
  await page
    .getByRole('alertdialog', { name: 'Upload barcode list?' })
    .getByRole('button', { name: 'Upload' })
    .click();
  const again = page.getByRole('alertdialog', { name: 'Upload this list again?' });
  await expect(again).toContainText(`A list with the same content as ${filename} was uploaded here before.`);
  await expectAccessible(page);
  await again.getByRole('button', { name: 'Upload again' }).click();
  await expect(again).toBeHidden();
  await expect(lists.getByRole('row', { name: new RegExp(filename) })).toHaveCount(2);

  // The location's protocol records both uploads.
  await page
    .getByRole('navigation', { name: 'Location pages' })
    .getByRole('link', { name: 'Protocol' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zentrallager · Protocol' })).toBeVisible();
  await expect(
    page.getByRole('row', {
      name: new RegExp(`Barcode list ${filename} uploaded to location .*\\(rows: 3, invalid: 1\\)`),
    }),
  ).toHaveCount(2);
  await expectAccessible(page);

  // The administrators' protocol lists them too, with the location they belong to.
  await signOut(page);
  await signIn(page, 'admin');
  await page.goto('/admin/protocol');
  await expect(page.getByRole('heading', { level: 1, name: 'Protocol' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'User' }).fill('kdadmin');
  await page.getByRole('button', { name: 'Filter' }).click();
  const uploads = page
    .getByRole('table', { name: 'Protocol' })
    .getByRole('row', { name: new RegExp(`Barcode list ${filename} uploaded`) });
  await expect(uploads).toHaveCount(2);
  await expect(uploads.first()).toContainText('C001-B01-L01');
  await expectAccessible(page);
});
