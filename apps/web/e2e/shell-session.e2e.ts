import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signIn, signOut, test, unique } from './fixtures';

// Issue 13, the web shell against the real server: permissions that change while a user is signed in,
// the 403 page, the browser's tabs as one session, the version check, the fixed-height footer and the
// way to the rack layout editing.

const API = '/api/rest/v2';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A browser context of its own (its own cookies and storage: another person's browser), in English. */
const newBrowser = async (browser: Browser): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL: process.env.FALCON_E2E_URL, locale: 'en-GB' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
  });
  return { context, page: await context.newPage() };
};

/** The body an administrator saves for a customer user of concern C001 with these roles and direct codes. */
const customerUser = (username: string, roles: string[], permissions: string[] = []) => ({
  username,
  firstname: 'Petra',
  lastname: 'Probe',
  email: null,
  phone: null,
  region: null,
  useRegion: false,
  language: 'en',
  sessionTimeoutMinutes: 60,
  roles,
  permissions,
  scope: { all: false, concerns: ['C001'], branches: [], locations: [] },
  employeeKey: null,
});

const saveUser = async (admin: Page, body: ReturnType<typeof customerUser>, create = false) => {
  const response = create
    ? await admin.request.post(`${API}/user/create`, {
        headers: XHR,
        data: { ...body, password: DEMO_PASSWORD, passwordRepeat: DEMO_PASSWORD },
      })
    : await admin.request.post(`${API}/user/${body.username}`, { headers: XHR, data: body });
  expect(response.status(), await response.text()).toBeLessThan(300);
};

const userMenu = async (page: Page) => {
  await page.getByRole('button', { name: /^User menu/ }).click();
  return page.getByRole('menu');
};

test('an administrator changes a signed-in user\'s roles: the user\'s menu and guards follow on focus, and a 403 says "no access"', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const username = unique('e2e.roles');
  const admin = await newBrowser(browser);
  const user = await newBrowser(browser);
  try {
    await signIn(admin.page, 'admin');
    await saveUser(admin.page, customerUser(username, ['KD_USER']), true);

    await signIn(user.page, username);
    let menu = await userMenu(user.page);
    await expect(menu.getByRole('menuitem', { name: 'My requests' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'User management' })).toHaveCount(0);
    await user.page.keyboard.press('Escape');

    // In the administrator's browser: the user becomes a customer admin.
    await saveUser(admin.page, customerUser(username, ['KD_ADMIN']));

    // The user comes back to the window: the session is read again, the menu follows.
    await user.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    menu = await userMenu(user.page);
    await expect(menu.getByRole('menuitem', { name: 'User management' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Roles' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'User management' }).click();
    await expect(user.page).toHaveURL(/\/admin\/users$/);
    await expect(user.page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();

    // The administrator takes the role away again while the user is on the page: the server refuses the
    // next call (403), the page says "no access", and the menu no longer offers the page.
    await saveUser(admin.page, customerUser(username, ['KD_USER']));
    await user.page.getByRole('searchbox', { name: 'Username' }).fill('petra');
    await user.page.getByRole('button', { name: 'Search' }).click();
    await expect(user.page).toHaveURL(/\/error$/);
    await expect(
      user.page.getByRole('heading', { level: 1, name: 'You have no access to this page.' }),
    ).toBeVisible();
    await expect(user.page.getByText("Sorry, we couldn't find this page.")).toHaveCount(0);
    await expectAccessible(user.page);
    await user.page.getByRole('link', { name: 'Back to homepage' }).click();
    await expect(user.page).toHaveURL(/\/$/);
    menu = await userMenu(user.page);
    await expect(menu.getByRole('menuitem', { name: 'My requests' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'User management' })).toHaveCount(0);
    await user.page.keyboard.press('Escape');
    // The guard follows the fresh set too.
    await user.page.goto('/admin/users');
    await expect(user.page).toHaveURL(/\/error$/);
  } finally {
    await admin.context.close();
    await user.context.close();
  }
});

test('the Protocol entry, the /admin/protocol guard and the protocol endpoint use one code', async ({
  browser,
}) => {
  const username = unique('e2e.protocol');
  const admin = await newBrowser(browser);
  const user = await newBrowser(browser);
  try {
    await signIn(admin.page, 'admin');
    // A customer user granted the global protocol's code directly, and nothing of the administration.
    await saveUser(admin.page, customerUser(username, ['KD_USER'], ['PERM_VIEWGLOBALPROTOCOLENTRIES']), true);
    await signIn(user.page, username);
    const menu = await userMenu(user.page);
    await expect(menu.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Protocol' }).click();
    await expect(user.page).toHaveURL(/\/admin\/protocol$/);
    await expect(user.page.getByRole('table', { name: 'Protocol' })).toBeVisible();
  } finally {
    await admin.context.close();
    await user.context.close();
  }
});

test('"My requests" in the user menu opens the own requests, also for a reviewer', async ({ page }) => {
  await signIn(page, 'backoffice');
  const menu = await userMenu(page);
  await menu.getByRole('menuitem', { name: 'My requests' }).click();
  await expect(page).toHaveURL(/\/reviews\?tab=mine$/);
  await expect(page.getByRole('tab', { name: 'My requests', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'To review' }).click();
  await expect(page).toHaveURL(/\/reviews$/);
});

test('two tabs of one browser: activity is shared, and signing out in one signs out both', async ({
  page,
  context,
}) => {
  await signIn(page, 'staff');
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('button', { name: /^User menu/ })).toBeVisible();

  await signOut(page);
  // The other tab follows without being touched.
  await expect(second).toHaveURL(/\/login/);
  await expect(second.locator('input[autocomplete="username"]')).toBeVisible();
  // And it is really signed out: a signed-in page asks for the login again.
  await second.goto('/admin/export');
  await expect(second).toHaveURL(/\/login\?redirect=/);
});

const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/**
 * Serves another build (same assets, another version): what a deployment changes for a running tab
 * (index.html and version.json). Returns the restore.
 */
const deploy = (version: string): (() => void) => {
  // The compressed copies exist only for files over 1 kB (vite.config.ts).
  const files = ['index.html', 'index.html.br', 'index.html.gz', 'version.json'].filter((file) =>
    existsSync(join(WEB_DIST, file)),
  );
  const before = new Map(files.map((file) => [file, readFileSync(join(WEB_DIST, file))]));
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8').replace(
    /<meta name="falcon-version" content="[^"]*" \/>/,
    `<meta name="falcon-version" content="${version}" />`,
  );
  writeFileSync(join(WEB_DIST, 'index.html'), html);
  if (before.has('index.html.br')) writeFileSync(join(WEB_DIST, 'index.html.br'), brotliCompressSync(html));
  if (before.has('index.html.gz')) writeFileSync(join(WEB_DIST, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(WEB_DIST, 'version.json'), `${JSON.stringify({ version })}\n`);
  return () => {
    for (const [file, bytes] of before) writeFileSync(join(WEB_DIST, file), bytes);
  };
};

const runningVersion = (page: Page) => page.locator('meta[name="falcon-version"]').getAttribute('content');

test('a deployment the same day: a tab in use offers the reload, an idle tab reloads by itself', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await signIn(page, 'staff');
  const built = await runningVersion(page);
  expect(built).toMatch(/^[0-9a-f]{16}$/);
  // The server serves the version of the build the tab runs: nothing to do.
  expect(await (await page.request.get('/version.json')).json()).toEqual({ version: built });
  await expect(page.getByText(/A new version of Falcon is available/)).toHaveCount(0);

  const next = unique('e2e').replace(/\W/g, '');
  const restore = deploy(next);
  try {
    // The tab is in use (it just signed in) and checks when it becomes visible again: the notice.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const notice = page.getByRole('status').filter({ hasText: 'A new version of Falcon is available' });
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    expect(await runningVersion(page)).toBe(built);

    // Five minutes without activity: it reloads by itself and runs the new version.
    await page.clock.fastForward('05:01');
    await expect.poll(() => runningVersion(page)).toBe(next);
    await expect(page.getByRole('button', { name: /^User menu/ })).toBeVisible();
    await expect(notice).toHaveCount(0);
  } finally {
    restore();
  }
});

test('the location screen keeps the footer and leads to the rack layout editing for who may edit it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/location/C001-B01-L01');
  await expect(page.getByRole('heading', { level: 1, name: 'Zentrallager' })).toBeVisible();
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'FixedHeight');
  await expect(page.getByRole('contentinfo')).toBeInViewport();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Legal notice' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit rack layout' }).click();
  await expect(page).toHaveURL(/\/locationupdate\/C001-B01-L01$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zentrallager' })).toBeVisible();

  // A customer user without PERM_EDITRACKLAYOUT is not offered it.
  await signOut(page);
  await signIn(page, 'staff');
  await page.goto('/location/C001-B01-L01');
  await expect(page.getByRole('heading', { level: 1, name: 'Zentrallager' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit rack layout' })).toHaveCount(0);
});
