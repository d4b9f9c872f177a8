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

test("a location's page paints as the server prerendered it before its JavaScript arrives, then the app takes its place", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff');
  // No script at all: what a phone on a slow network shows first (ADR 0068): the location's heading,
  // its parents and counts, and the links to the pages this user may open.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/location/C001-B01-L01');
  const shell = page.locator('#shell');
  await expect(shell.locator('main h1')).toHaveText('Zentrallager');
  await expect(shell).toHaveAttribute('inert', '');
  const summary = await shell.locator('main h1 + p').textContent();
  expect(summary).toMatch(
    /^Knabe Fahrzeugtechnik GmbH & Co\. KG › Werk Wolfsburg · 5,026 containers, \d+ alarming/,
  );
  const links = await shell.locator('nav[aria-label="Location pages"] a').allTextContents();
  expect(links.slice(0, 4)).toEqual(['Racks and containers', 'Contacts', 'Gallery', 'Appointments']);

  // The app renders the same page in its place: one heading, the same words and links.
  await page.unroute('**/assets/*.js');
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Location pages' });
  await expect(nav).toBeVisible();
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Zentrallager']);
  await expect(page.locator('main h1 + p')).toHaveText(summary ?? '');
  await expect(nav.getByRole('link')).toHaveText(links);
  await expect(page.getByRole('grid', { name: /./ }).first()).toBeVisible();
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

test('the grid of 118 racks: go to a rack, click the overview, search hits and the chosen container marked; the layout is remembered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await page.goto('/location/C001-B01-L01');
  const grid = page.getByRole('grid', { name: 'Racks and shelves' });
  await expect(grid).toBeVisible();
  // The legend is on screen, not in a tooltip.
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Alarming reach');

  // Go to rack 97: it scrolls into view and its first place has the focus.
  await page.getByRole('combobox', { name: 'Go to rack' }).fill('97');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Rack 97, Shelf \d+, Place 1:/);
  await expect(grid.getByRole('columnheader', { name: /^Rack 97/ })).toBeInViewport();

  // The overview: a click near its start brings the first racks back.
  const overview = page.getByRole('slider', { name: 'Overview of all racks' });
  const box = (await overview.boundingBox())!;
  await page.mouse.click(box.x + 3, box.y + box.height / 2);
  await expect(grid.getByRole('columnheader', { name: /^Rack 01/ })).toBeInViewport();

  // A search: its hits are marked in the grid, and the legend says what the mark means.
  await page.getByLabel('Search term', { exact: true }).fill('Schraube');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Search results' })).toContainText(/schraube/i);
  await expect(grid.locator('[role="gridcell"][data-marked]').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Search hit');

  // Choosing a result marks it in the grid; its panel title keeps the code on one line.
  await page.getByRole('link', { name: 'KB-0000001' }).click();
  await expect(grid.getByRole('gridcell', { selected: true })).toBeVisible();
  const title = page.getByRole('heading', { level: 2, name: 'Container KB-0000001' });
  await expect(title).toBeVisible();
  const lineHeight = await title.evaluate((h) => Number.parseFloat(getComputedStyle(h).lineHeight) || 24);
  expect((await title.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);

  // Price, last scanned and rack are visible without scrolling the table sideways at 1440x900.
  for (const name of ['Price', 'Last scanned', 'Rack code'])
    await expect(page.getByRole('columnheader', { name })).toBeInViewport({ ratio: 1 });

  // Hide the grid; after a reload it stays hidden for this user.
  await page.getByRole('button', { name: 'Hide rack grid' }).click();
  await expect(grid).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show rack grid' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Racks and shelves' })).toBeHidden();
  await page.getByRole('button', { name: 'Show rack grid' }).click();
  await expect(page.getByRole('grid', { name: 'Racks and shelves' })).toBeVisible();
  await expectAccessible(page);
});
