import { demoBarcode, expect, expectAccessible, signIn, test } from './fixtures';

// /app, the phone scanner, against the real server.

test('the /app scanner finds a container by typed barcode and refuses an unknown one', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff');
  // On a phone the header shows the avatar only; the button still names the user.
  await page.getByRole('button', { name: 'User menu: Jana Keller' }).click();
  await page.getByRole('menuitem', { name: 'Mobile App' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile App' })).toBeVisible();
  // A keyboard-wedge scanner types into the focused field and sends Enter.
  const barcode = page.getByLabel('Barcode');
  await expect(barcode).toBeFocused();
  await expectAccessible(page);

  await barcode.pressSequentially(demoBarcode(4));
  await barcode.press('Enter');
  // Customer staff may not see the container code: the container goes by its barcode.
  await expect(page.getByRole('heading', { level: 2, name: `Container ${demoBarcode(4)}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /^.+ \(C001-B01-L01\)$/ })).toHaveAttribute(
    'href',
    '/location/C001-B01-L01?container=K0000004',
  );
  await expect(page.getByText('Filling quantity', { exact: true })).toBeVisible();
  // KD_USER: refill, quantity and order requests, no deactivation.
  await expect(page.getByRole('button', { name: 'Request refill (scan)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Additional order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  await expectAccessible(page);

  await barcode.fill('4000000099999');
  await barcode.press('Enter');
  await expect(page.getByText('Invalid barcode.')).toBeVisible();
  await expect(barcode).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { level: 2, name: /^Container / })).toHaveCount(0);
});

test('/app paints the page the server prerendered before its JavaScript arrives, then the app takes its place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff');
  // No script at all: what a phone on a slow network shows first (ADR 0066), in the app's language
  // (English here) with the user's initials.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/app');
  const shell = page.locator('#shell');
  await expect(shell.getByText("Scan a container's barcode or type it in.")).toBeVisible();
  await expect(shell.getByText('JK', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Inert until the app runs: nothing in it takes focus or a click.
  await expect(shell).toHaveAttribute('inert', '');

  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile App' })).toBeVisible();
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByLabel('Barcode')).toBeFocused();
  // A page other than /app and a location's is sent as built.
  const other = await page.request.get('/location/C001-B01-L01/contacts');
  expect(await other.text()).not.toContain('id="shell"');
});

test('/app is installable: manifest, icons and a CSP that lets the scanner compile its wasm', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const response = await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile App' })).toBeVisible();
  const csp = (await response?.headerValue('content-security-policy')) ?? '';
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await page.request.get(href as string);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = await manifest.json();
  expect(body).toMatchObject({ start_url: '/app', display: 'standalone' });
  const sizes = (body.icons as { src: string; sizes: string; type: string }[]).map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of body.icons as { src: string; type: string }[]) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toContain(icon.type);
  }
});
