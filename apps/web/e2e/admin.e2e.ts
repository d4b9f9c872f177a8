import { expect, expectAccessible, signIn, test, unique } from './fixtures';

// User administration against the real server: an administrator creates a customer user (role KD_USER,
// concern C001), the spec's messages refuse different passwords and a taken username, and the new user
// then sees only what the role permits. The second test needs the first one's user: serial.
test.describe.configure({ mode: 'serial' });

const username = unique('e2e.clerk');
const password = 'clerk-pass-1';

test('an administrator creates a user with a role; different passwords and a taken username are refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Katrin Vogel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zentrallager' }).first()).toBeVisible();
  await expectAccessible(page);

  // /admin overview, reached through the user menu.
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(page.getByText('Open requests')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'User management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'admin', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New user' }).click();
  await expect(page).toHaveURL(/\/admin\/newUser$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New user' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Roles/ })).toBeVisible();
  await expectAccessible(page);

  // A username that exists already ('staff'), KD_USER of concern C001, two different passwords.
  await page.getByLabel('Username').fill('staff');
  await page.getByLabel('First name').fill('Erik');
  await page.getByLabel('Last name').fill('Ende');
  await page.getByRole('combobox', { name: /^Roles/ }).click();
  await page.getByRole('option', { name: 'KD_USER' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: /^Concerns the user may see/ }).click();
  await page.getByRole('option', { name: /Knabe Fahrzeugtechnik/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: /^Roles/ })).toContainText('KD_USER');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(`${password}x`);
  await page.getByRole('button', { name: 'Save' }).click();
  // The spec's message on the repeated password; nothing was sent.
  await expect(page.getByLabel('Repeat password')).toHaveAccessibleDescription(/Passwords are different\./);
  await expect(page.getByLabel('Repeat password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/admin\/newUser$/);

  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  // The server answers 409; the spec's message lands on the username field.
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(/Username already exists\./);
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/admin\/newUser$/);
  await expectAccessible(page);

  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/user\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByRole('combobox', { name: /^Roles/ })).toContainText('KD_USER');
  await expectAccessible(page);

  // The list finds the new user with its role.
  await page.getByRole('link', { name: 'Back to users' }).click();
  await page.getByRole('searchbox', { name: 'Username' }).fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(username.replace(/\./g, '\\.')) });
  await expect(row).toContainText('KD_USER');
  await expect(row).toContainText('Erik Ende');
  await expect(row).toContainText('never');

  // For comparison: the administrator sees the price and every location page of the container.
  await page.goto('/location/C001-B01-L01?container=K0000003');
  const panel = page.getByRole('region', { name: 'Chosen container' });
  await expect(panel.getByRole('heading', { name: 'Container KB-0000003' })).toBeVisible();
  await expect(panel.getByText('Price', { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Location pages' });
  await expect(nav.getByRole('link', { name: 'Lists' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Protocol' })).toBeVisible();
});

test('the new user sees only the fields, actions and menu entries of the role', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, username, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Erik Ende' })).toBeVisible();

  // User menu of spec section 6 for KD_USER: no administration, users, protocol, exports or reviews.
  await page.getByRole('button', { name: /^User menu/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Mobile App' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  for (const hidden of ['Administration', 'User management', 'Protocol', 'Exports', 'Requests to review'])
    await expect(menu.getByRole('menuitem', { name: hidden })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Profile' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  // Personal data to edit; what the administrator set (username, roles) read only under Account.
  await expect(page.getByRole('heading', { level: 2, name: 'Personal data' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Erik');
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account).toContainText(username);
  await expect(account).toContainText('KD_USER');
  await expect(page.getByLabel('Current password')).toBeVisible();
  await expectAccessible(page);

  // The container: master data, barcode and statistics, but no price or container code (KD_USER).
  await page.goto('/location/C001-B01-L01?container=K0000003');
  const panel = page.getByRole('region', { name: 'Chosen container' });
  await expect(panel.getByRole('heading', { name: 'Container K0000003' })).toBeVisible();
  await expect(panel.getByText('Filling quantity', { exact: true })).toBeVisible();
  await expect(panel.getByText('Barcode', { exact: true })).toBeVisible();
  await expect(panel.getByText('4000000000037')).toBeVisible();
  await expect(panel.getByText('Price', { exact: true })).toHaveCount(0);
  await expect(panel.getByText('Container code', { exact: true })).toHaveCount(0);
  await expect(panel.getByText('Delivery note number', { exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Change filling quantity' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Location pages' });
  await expect(nav.getByRole('link', { name: 'Gallery' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Lists' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Protocol' })).toHaveCount(0);

  // Pages outside the role: the error page.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/error$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'You have no access to this page.' }),
  ).toBeVisible();
});

test('roles: the list and a role with its visibility groups', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  const row = page.getByRole('row', { name: /^KD_USER/ });
  await expect(row).toContainText('Built in');
  await expectAccessible(page);

  await row.getByRole('link', { name: 'KD_USER' }).click();
  await expect(page).toHaveURL(/\/admin\/role\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'KD_USER' })).toBeVisible();
  // KD_USER holds every master-data field but not the delivery details.
  await expect(page.getByRole('button', { name: 'Master data' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Delivery details' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expectAccessible(page);
});

test('the admin protocol lists the new user and its sign-in, with before and after', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Protocol' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Protocol' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Protocol' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('combobox', { name: /^Kind/ }).click();
  await page.getByRole('option', { name: 'Created', exact: true }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  const created = table.getByRole('row', {
    name: new RegExp(`User ${username.replace(/\./g, '\\.')} created`),
  });
  await expect(created).toContainText('admin');
  await created.getByRole('button', { name: /^Before \/ after/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(username);
  // The page with its filters, table and the before/after dialog.
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('searchbox', { name: 'User' }).fill(username);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(
    table.getByRole('row', { name: new RegExp(`${username.replace(/\./g, '\\.')} signed in`) }),
  ).toBeVisible();
});
