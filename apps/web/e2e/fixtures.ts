import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the login form and waits until the app has left the login page. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs out through the user menu and waits for the login page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** A name unique to this run, so a test can run again against the same server and data. */
export const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}`;

/** EAN-13 barcode of demo container number `seq` (K0000001 ...), as the demo data generates it. */
export const demoBarcode = (seq: number): string => {
  let sum = 4;
  let rest = seq;
  for (let i = 11; i >= 2; i--) {
    sum += (rest % 10) * (i % 2 === 0 ? 1 : 3);
    rest = Math.floor(rest / 10);
  }
  return `40${String(seq).padStart(10, '0')}${(10 - (sum % 10)) % 10}`;
};

/** axe on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const severe = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
  expect(severe, `axe on ${page.url()}`).toEqual([]);
}

/** Every test starts in English with an empty browser profile. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
    });
    await use(page);
  },
});

export { expect };
