import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, signOut, test, unique } from './fixtures';

// Issue 13 outside the location screen, against the real server: the employee link in user
// administration, the review inbox "assigned to me" / "all in my scope" with the assignee, the dashboard's
// count, messages answered, withdrawing one's own requests, the concern-wide search and the profile's
// personal data.

/** A call of the API in the page's session (the app's own header; cookies of the signed-in user). */
const call = async (page: Page, path: string, data?: object) => {
  const res = await page.request.post(`/api/rest/v2/${path}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: data ?? {},
  });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
};

test('an administrator links a clerk to an employee; the clerk sees what is assigned to them, and on demand all in scope with the assignee', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const username = unique('e2e.fsclerk');
  const password = 'clerk-pass-1';
  await signIn(page, 'admin');
  await page.goto('/admin/newUser');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('First name').fill('Fritz');
  await page.getByLabel('Last name').fill('Sommer');
  await page.getByRole('combobox', { name: /^Roles/ }).click();
  await page.getByRole('option', { name: 'BACKOFFICE' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: /^Concerns the user may see/ }).click();
  await page.getByRole('option', { name: /C001/ }).click();
  await page.keyboard.press('Escape');
  // Linked to the field-service employee FS01, responsible for no location's requests.
  await page.getByRole('combobox', { name: /^Linked employee/ }).click();
  await page.getByRole('option', { name: /FS01/ }).click();
  await expect(page.getByRole('combobox', { name: /^Linked employee/ })).not.toContainText('None');
  await expectAccessible(page);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: /^Linked employee/ })).toContainText(/\w/);
  await expect(page.getByRole('combobox', { name: /^Linked employee/ })).not.toContainText('None');
  await signOut(page);

  // The clerk: nothing is assigned to them; the dashboard says so.
  await signIn(page, username, password);
  await page.goto('/');
  const count = page.getByText('Assigned to me to review').locator('xpath=..');
  await expect(count).toContainText('0');
  await page.goto('/reviews');
  await expect(page.getByText('No requests assigned to you are waiting.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Show/ })).toContainText('Assigned to me');

  // All in scope: the requests of C001, each with the employee it is assigned to; kept in the URL.
  await page.getByRole('combobox', { name: /^Show/ }).click();
  await page.getByRole('option', { name: 'All in my scope' }).click();
  await expect(page).toHaveURL(/[?&]assignee=all/);
  const inbox = page.getByRole('table', { name: 'To review' });
  await expect(inbox.getByRole('columnheader', { name: 'Assigned to' })).toBeVisible();
  const rows = inbox
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^(Approve|Answer) / }) });
  await expect(rows.first()).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('combobox', { name: /^Show/ })).toContainText('All in my scope');
  await expect(rows.first()).toBeVisible();

  // The back office (IH01, responsible for C001) counts what is assigned to it, as its inbox shows.
  await signOut(page);
  await signIn(page, 'backoffice');
  await page.goto('/');
  await expect(page.getByText('Assigned to me to review')).toBeVisible();
  const assigned = await call(page, 'reviews', { page: 0, size: 1, filterMap: { state: 'pending' } });
  await expect(page.getByText('Assigned to me to review').locator('xpath=..')).toContainText(
    String(assigned.total),
  );
});

test('a message is answered by the clerk; the sender reads the answer and withdraws a pending request', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const text = `Label of the bin is unreadable (${unique('m')})`;
  // A customer admin sends a message about container KB-0000010 and asks for a scan of KB-0000011.
  await signIn(page, 'kdadmin');
  await call(page, 'container/K0000010/message', { message: text });
  await signOut(page);

  await signIn(page, 'backoffice');
  await page.goto('/reviews');
  const inbox = page.getByRole('table', { name: 'To review' });
  const row = inbox.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('Message');
  await expect(row.getByRole('button', { name: /^Approve / })).toHaveCount(0);
  await row.getByRole('button', { name: 'Answer Message KB-0000010' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Answer this message' });
  await expect(dialog).toContainText(text);
  await expect(dialog.getByRole('button', { name: 'Answer' })).toBeDisabled();
  await dialog.getByLabel('Your answer to the sender').fill('A new label is on its way.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Answer' }).click();
  await expect(row).toHaveCount(0);
  await signOut(page);

  await signIn(page, 'kdadmin');
  const scan = await call(page, 'container/K0000011/scan');
  const other = await call(page, 'container/K0000012/scan');
  await page.goto('/reviews');
  const mine = page.getByRole('region', { name: 'My requests' });
  const answered = mine.getByRole('listitem').filter({ hasText: text });
  await expect(answered).toContainText('Answered');
  await expect(answered).toContainText('Answered by backoffice');
  await expect(answered).toContainText('"A new label is on its way."');

  // Withdraw: asked first, then shown as withdrawn.
  const pending = mine
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Withdraw Scan · KB-0000011' }) });
  await expect(pending).toContainText('Pending');
  await expect(pending).toContainText(/Assigned to \S+/);
  await pending.getByRole('button', { name: 'Withdraw Scan · KB-0000011' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw this request?' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('button', { name: 'Withdraw Scan · KB-0000011' })).toHaveCount(0);
  const withdrawn = await call(page, 'reviews/mine', {
    page: 0,
    size: 50,
    filterMap: { state: 'withdrawn' },
  });
  expect(withdrawn.items.map((r: { id: string }) => r.id)).toContain(scan.id);

  // Withdrawn meanwhile elsewhere (another tab): the 409 says why in words.
  await call(page, `review/${other.id}/withdraw`);
  await page.getByRole('button', { name: 'Withdraw Scan · KB-0000012' }).click();
  await page
    .getByRole('alertdialog', { name: 'Withdraw this request?' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(page.getByText('The request has been decided or withdrawn already.')).toBeVisible();
});

test('the concern page searches the containers of the whole concern, paged, narrowed by a term and exported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'kdadmin');
  const search = page.getByRole('region', { name: 'Container search' });
  const total = async () => {
    const text = (await search.getByText(/^Showing \d+ to \d+ of [\d,]+ results$/).textContent()) ?? '';
    return Number(text.replace(/^.* of ([\d,]+) results$/, '$1').replace(/,/g, ''));
  };
  await page.goto('/branch/C001-B01');
  await expect(page.getByRole('table', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
  const branchTotal = await total();

  await page.goto('/concern/C001');
  await expect(page.getByRole('heading', { name: 'Containers of this concern' })).toBeVisible();
  const results = page.getByRole('table', { name: 'Search results' });
  await expect(results.getByRole('link').first()).toBeVisible();
  expect(await total()).toBeGreaterThan(branchTotal);
  await expectAccessible(page);

  // Paging: the second page shows the next rows.
  const firstCode = await results.getByRole('link').first().textContent();
  await search.getByRole('button', { name: 'Next page' }).click();
  await expect(search.getByText(/^Showing 21 to 40 of/)).toBeVisible();
  await expect(results.getByRole('link').first()).not.toHaveText(firstCode ?? '');

  // A search term narrows it down, across branches; sorting reorders.
  await page.getByLabel('Search term').fill('KB-000001');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(search.getByText(/^Showing 1 to \d+ of/)).toBeVisible();
  await expect(results.getByRole('link').first()).toContainText('KB-000001');

  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('The current search results of this concern are exported.');
  await confirm.getByRole('button', { name: 'Export to Excel' }).click();
  await expect(search.getByText('The export has started.')).toBeVisible();
  await search.getByRole('link', { name: 'Go to Exports' }).click();
  await expect(page).toHaveURL(/\/admin\/export/);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(/C001/);
});

test('a user edits their own personal data on the profile; a language chosen applies at once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const username = unique('e2e.self');
  const password = 'self-pass-1';
  await signIn(page, 'admin');
  await call(page, 'user/create', {
    username,
    firstname: 'Paula',
    lastname: 'Probe',
    email: null,
    phone: null,
    region: null,
    useRegion: false,
    language: 'en',
    sessionTimeoutMinutes: 60,
    roles: ['KD_USER'],
    permissions: [],
    scope: { all: false, concerns: ['C001'], branches: [], locations: [] },
    employeeKey: null,
    password,
    passwordRepeat: password,
  });
  await signOut(page);

  await signIn(page, username, password);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal data' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Paula');
  await page.getByLabel('First name').fill('Pauline');
  await page.getByLabel('Email').fill('pauline.probe@example.com');
  await page.getByLabel('Phone').fill('+49 30 555 01');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save personal data' }).click();
  await expect(page.getByRole('button', { name: /^User menu/ })).toHaveAccessibleName(/Pauline Probe/);

  // Stored on the server: after a reload the form shows it.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Pauline');
  await expect(page.getByLabel('Email')).toHaveValue('pauline.probe@example.com');
  await expect(page.getByLabel('Phone')).toHaveValue('+49 30 555 01');

  // The language applies at once, without saving.
  await page.getByRole('combobox', { name: /^Language/ }).click();
  await page.getByRole('option', { name: /Deutsch/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Persönliche Daten' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Persönliche Daten speichern' })).toBeVisible();
});
