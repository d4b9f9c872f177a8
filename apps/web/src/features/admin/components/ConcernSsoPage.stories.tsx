import { errorHandler, handlers, loadingHandler } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { api } from '../../../lib/api';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Admin/ConcernSso',
  component: AppAt,
  args: { path: '/admin/concern/C001/sso' },
  beforeEach: prepareScreen('admin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "A concern's single sign-on (administrators): the OpenID Connect provider, the redirect URI to register there, the e-mail domains, the claim values that map to roles, and whether passwords stay. The client secret is write-only.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not set up yet: the administrator fills the form in and saves. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      await canvas.findByLabelText('Issuer URL', {}, { timeout: 8000 }),
      'https://login.acme.example',
    );
    await userEvent.type(canvas.getByLabelText('Client ID'), 'falcon');
    await userEvent.type(canvas.getByLabelText('Client secret'), 'very-secret');
    await userEvent.type(canvas.getByLabelText('E-mail domains'), 'acme.example');
    await userEvent.type(canvas.getByLabelText('Claim value'), 'staff');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    // The secret is not shown again: the field says one is stored.
    await expect(
      await canvas.findByPlaceholderText('Stored; leave empty to keep it', {}, { timeout: 8000 }),
    ).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Remove single sign-on' })).toBeVisible();
  },
};

/** Set up: the stored values, the secret kept out of sight. */
export const Configured: Story = {
  beforeEach: async (context) => {
    await prepareScreen('admin')(context);
    await api.sso.saveSettings({
      params: { code: 'C001' },
      body: {
        issuer: 'https://login.acme.example/realms/acme',
        clientId: 'falcon-portal',
        clientSecret: 'very-secret',
        emailDomains: ['acme.example', 'acme-logistics.example'],
        roleClaim: 'groups',
        roleMapping: [
          { claimValue: 'bin-admins', role: 'KD_ADMIN' },
          { claimValue: 'staff', role: 'KD_USER' },
        ],
        defaultRole: null,
        passwordSignIn: false,
      },
    });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Issuer URL', {}, { timeout: 8000 })).toHaveValue(
      'https://login.acme.example/realms/acme',
    );
    await expect(canvas.getByLabelText('E-mail domains')).toHaveValue('acme-logistics.example, acme.example');
    await expect(
      canvas.getByLabelText("The concern's users may also sign in with a password"),
    ).not.toBeChecked();
    await expect(canvas.getByLabelText('Client secret')).toHaveValue('');
  },
};

/** A long provider URL and many domains. */
export const LongTexts: Story = {
  beforeEach: async (context) => {
    await prepareScreen('admin')(context);
    await api.sso.saveSettings({
      params: { code: 'C001' },
      body: {
        issuer: `https://login.${'very-long-subdomain-of-the-company.'.repeat(3)}example/realms/the-company-wide-realm`,
        clientId: 'falcon-portal-production-instance-for-the-logistics-department',
        clientSecret: 'very-secret',
        emailDomains: Array.from({ length: 12 }, (_, i) => `subsidiary-number-${i + 1}.example`),
        roleClaim: 'https://schemas.example.com/claims/groups',
        roleMapping: [
          { claimValue: 'a-group-with-an-unusually-long-name-from-the-directory', role: 'KD_USER' },
        ],
        defaultRole: 'KD_USER',
        passwordSignIn: true,
      },
    });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Client ID', {}, { timeout: 8000 })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { ...handlers, sso: [loadingHandler('sso.settings')] } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Single sign-on of concern C001' }, { timeout: 8000 }),
    ).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { ...handlers, sso: [errorHandler('sso.settings', 500)] } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: /try again|retry/i }, { timeout: 8000 }),
    ).toBeVisible();
  },
};
