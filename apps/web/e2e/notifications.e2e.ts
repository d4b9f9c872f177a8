import { demoBarcode, expect, signIn, signOut, test } from './fixtures';

// Issue 18: staff asks for a change, the clerk receives the mail, approves, and staff receives the decision.
// The server runs without SMTP (demo data, not production): the mail is read on the developers' mailbox
// /dev/mail, the server's own page, where each signed-in user sees the mail sent to them. The demo users'
// profile language is German, so the mails are German whatever language the screen shows.

test('a request mails the clerk; the decision mails the requester', async ({ page }) => {
  test.setTimeout(150_000);
  // Customer staff ask for a new filling quantity of container KB-0000005 (a new value every run).
  await signIn(page, 'staff');
  await page.goto('/app');
  await page.getByLabel('Barcode').fill(demoBarcode(5));
  await page.getByRole('button', { name: 'Find' }).click();
  const fact = page.getByRole('term').filter({ hasText: /^Filling quantity$/ });
  await expect(fact).toBeVisible();
  const before = (await fact.locator('xpath=following-sibling::dd[1]').textContent())?.trim() ?? '';
  let value = 100 + (Date.now() % 800);
  if (`${value}.00` === before) value += 1;
  await page.getByRole('button', { name: 'Change filling quantity' }).click();
  await page.getByLabel('New filling quantity').fill(String(value));
  await page.getByRole('button', { name: 'Send request' }).click();
  // My requests: the request waits.
  await page.goto('/reviews');
  await expect(page.getByText(`Filling quantity ${before} → ${value}.00`).first()).toBeVisible();
  await signOut(page);

  // The clerk responsible for the location (backoffice, linked to employee IH01) has the mail.
  await signIn(page, 'backoffice');
  const arrived = page
    .getByRole('article')
    .filter({ hasText: 'Neue Anfrage: Füllmengenänderung' })
    .filter({ hasText: `→ ${value},00` });
  await expect(async () => {
    await page.goto('/dev/mail?lang=en');
    await expect(arrived.getByRole('definition').filter({ hasText: /^Sent/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Sent e-mails (developers' mailbox)");
  await expect(arrived).toContainText(
    'Jana Keller hat Ihnen eine Anfrage zur Prüfung gesendet: Füllmengenänderung.',
  );
  await expect(arrived).toContainText('Behälter: KB-0000005');
  await expect(arrived).toContainText('/reviews');

  // The clerk approves it in the inbox.
  await page.goto('/reviews');
  const inbox = page.getByRole('table', { name: 'To review' });
  const row = inbox.getByRole('row').filter({ hasText: `Filling quantity ${before} → ${value}.00` });
  await row.getByRole('button', { name: 'Approve Filling quantity change KB-0000005' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Approve this request?' });
  await dialog.getByLabel('Comment for the requester (optional)').fill('Nachgezählt, passt.');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);
  await signOut(page);

  // Staff have the decision, with the clerk's comment.
  await signIn(page, 'staff');
  const decided = page
    .getByRole('article')
    .filter({ hasText: 'Ihre Anfrage (Füllmengenänderung' })
    .filter({ hasText: `→ ${value},00` });
  await expect(async () => {
    await page.goto('/dev/mail?lang=en');
    await expect(decided.getByRole('definition').filter({ hasText: /^Sent/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(decided.getByRole('heading', { level: 2 })).toContainText('): Genehmigt');
  await expect(decided).toContainText('Kommentar: Nachgezählt, passt.');
  // staff's mailbox holds only staff's mail: not the clerk's.
  await expect(page.getByRole('article').filter({ hasText: 'Neue Anfrage' })).toHaveCount(0);
});
