import { expect, expectAccessible, signIn, test } from './fixtures';

// The organisation's pages, reached by their links from the dashboard: concern, branch and location
// with their contacts, the branch map, the gallery and the appointments (demo data, clerk backoffice).

test('from the dashboard through concern, branch and location pages', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'backoffice');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  const locations = page.getByRole('table', { name: 'Your locations' });
  const zentrallager = locations.getByRole('row', { name: /Zentrallager Werk Wolfsburg/ });
  await expect(zentrallager).toContainText('5,026');

  await page.goto('/concern/C001');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Knabe Fahrzeugtechnik GmbH & Co. KG' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Werk Wolfsburg' })).toBeVisible();
  await expectAccessible(page);

  const concernNav = page.getByRole('navigation', { name: 'Concern pages' });
  await concernNav.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/concern\/C001\/contacts$/);
  await expect(page.getByRole('heading', { level: 2, name: 'In-house staff' }).first()).toBeVisible();
  await expectAccessible(page);

  await concernNav.getByRole('link', { name: 'Branches' }).click();
  await page.getByRole('link', { name: 'Werk Wolfsburg' }).click();
  await expect(page).toHaveURL(/\/branch\/C001-B01$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Werk Wolfsburg' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zentrallager' }).first()).toBeVisible();
  await expectAccessible(page);

  const branchNav = page.getByRole('navigation', { name: 'Branch pages' });
  await branchNav.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/branch\/C001-B01\/contacts$/);
  await expect(page.getByRole('heading', { level: 2, name: 'In-house staff' }).first()).toBeVisible();
  await expectAccessible(page);

  await branchNav.getByRole('link', { name: 'Branch map' }).click();
  await expect(page).toHaveURL(/\/branch\/C001-B01\/map$/);
  const map = page.getByRole('region', { name: /^Map of branch Werk Wolfsburg/ });
  await expect(map.getByRole('button', { name: 'Position Zentrallager' })).toBeVisible();
  await expectAccessible(page);

  // Back to the branch's locations; one of them leads to the location's pages.
  await branchNav.getByRole('link', { name: 'Locations' }).click();
  await page.getByRole('link', { name: 'Zentrallager' }).first().click();
  await expect(page).toHaveURL(/\/location\/C001-B01-L01/);
  const locationNav = page.getByRole('navigation', { name: 'Location pages' });
  await locationNav.getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zentrallager · Gallery' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open image / }).first()).toBeVisible();
  await expectAccessible(page);

  await locationNav.getByRole('link', { name: 'Appointments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zentrallager · Appointments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectAccessible(page);
});
