import { DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures';

test('sign-in: a wrong password is refused, the right one leads back to the requested page', async ({
  page,
}) => {
  await page.goto('/location/C001-B01-L01');
  await expect(page).toHaveURL(/\/login\?redirect=%2Flocation%2FC001-B01-L01/);
  await expectAccessible(page);

  await page.locator('input[autocomplete="username"]').fill('staff');
  await page.locator('input[autocomplete="current-password"]').fill('not-the-password');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/location\/C001-B01-L01$/);
  await expectAccessible(page);
});

test('a sales user asking for the user administration lands on the error page, which says "no access"', async ({
  page,
}) => {
  await signIn(page, 'sales');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/error$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'You have no access to this page.' }),
  ).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find this page.")).toHaveCount(0);
  await expectAccessible(page);
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/no/such/page');
  await expect(page.getByText("Sorry, we couldn't find this page.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
});

test('an ADMIN continues as a customer user: the frame says so after a reload, ending it signs out, the protocol keeps it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin');
  await page.getByLabel('Username').fill('staff');
  await page.getByRole('button', { name: 'Continue as this user' }).click();
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByRole('status').filter({ hasText: 'You are acting as' });
  await expect(notice).toContainText('(staff); signed in as admin.');
  // The server's session carries it: a reload still shows it, and the user is the staff member now.
  await page.reload();
  await expect(notice).toContainText('(staff); signed in as admin.');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/error$/);
  await page.getByRole('link', { name: 'Back to homepage' }).click();
  await expect(notice).toBeVisible();
  await expectAccessible(page);

  await notice.getByRole('button', { name: 'End and sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'admin');
  await expect(notice).toHaveCount(0);
  await page.goto('/admin/protocol');
  const table = page.getByRole('table', { name: 'Protocol' });
  await expect(table.getByRole('row', { name: /admin continues as staff/ }).first()).toBeVisible();
});
