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

test('a sales user asking for the user administration lands on the error page', async ({ page }) => {
  await signIn(page, 'sales');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByText("Sorry, we couldn't find this page.")).toBeVisible();
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/no/such/page');
  await expect(page.getByText("Sorry, we couldn't find this page.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
});
