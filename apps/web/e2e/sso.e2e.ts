import { startTestProvider, type TestProvider } from '@falcon/test-oidc-provider';
import { expect, signIn, test, unique } from './fixtures';

// Issue 18: a user of a concern with single sign-on signs in through the company's identity provider
// (a real OpenID provider started here) and lands with the mapped role and that concern's scope.

const origin = process.env.FALCON_E2E_URL as string;
/** Another customer's concern than the demo users' (C001): their password sign-ins stay untouched. */
const CONCERN = 'C002';
const domain = `${unique('sso')}.example`;
let idp: TestProvider;

test.beforeAll(async () => {
  idp = await startTestProvider(
    [{ client_id: 'falcon-e2e', client_secret: 'e2e-secret', redirect_uris: [`${origin}/login/sso`] }],
    {
      dora: {
        email: `dora@${domain}`,
        email_verified: true,
        given_name: 'Dora',
        family_name: 'Dorfmeister',
        groups: ['bin-admins'],
      },
    },
  );
});

test.afterAll(async () => {
  await idp?.close();
});

test('an administrator sets up single sign-on; a user of that concern signs in through the provider', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto(`/concern/${CONCERN}`);
  await page.getByRole('link', { name: 'Single sign-on' }).click();
  await expect(page.getByRole('heading', { name: `Single sign-on of concern ${CONCERN}` })).toBeVisible();
  await expect(page.getByText(`${origin}/login/sso`)).toBeVisible();
  await page.getByLabel('Issuer URL').fill(idp.issuer);
  await page.getByLabel('Client ID').fill('falcon-e2e');
  await page.getByLabel('Client secret').fill('e2e-secret');
  await page.getByLabel('E-mail domains').fill(domain);
  await page.getByLabel('Claim value').fill('bin-admins');
  await page.getByRole('combobox', { name: 'Role' }).first().click();
  await page.getByRole('option', { name: 'KD_ADMIN' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByPlaceholder('Stored; leave empty to keep it')).toBeVisible();

  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByRole('button', { name: 'Sign in with your company account' }).click();
  await page.getByLabel('Work e-mail').fill(`dora@${domain}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The provider's own sign-in page.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('dora');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(`${origin}/`);
  const session = await (await page.request.get('/api/rest/v2/auth/session')).json();
  expect(session).toMatchObject({ username: `dora@${domain}`, firstname: 'Dora', roles: ['KD_ADMIN'] });
  const concerns = (await (await page.request.get('/api/rest/v2/concerns')).json()) as { code: string }[];
  expect(concerns.map((c) => c.code)).toEqual([CONCERN]);
  // The user menu: a customer admin manages users; the other concern is out of reach.
  await page.goto('/concern/C001');
  await expect(page.getByText(/couldn.t find this page|not found/i).first()).toBeVisible();
});
