import { errorHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Profile',
  component: AppAt,
  // The demo user `staff` is U005.
  args: { path: '/profile/U005' },
  beforeEach: prepareScreen('staff'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "The signed-in user's personal data (name, e-mail, phone and the interface language, which applies at once) to edit, what administrators set (read only) and the password change.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Change password' }, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/** Personal data edited and saved: the header shows the new name. */
export const EditPersonalData: Story = {
  play: async ({ canvas, userEvent }) => {
    const firstname = await canvas.findByLabelText('First name', {}, { timeout: 8000 });
    await userEvent.clear(firstname);
    await userEvent.type(firstname, 'Janina');
    await userEvent.click(canvas.getByRole('button', { name: 'Save personal data' }));
    await expect(await canvas.findByRole('button', { name: /^User menu: .*Janina Keller/ })).toBeVisible();
  },
};

export const PasswordsDifferent: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Current password', {}, { timeout: 8000 }), 'demo1234');
    await userEvent.type(canvas.getByLabelText('New password'), 'abcdefgh1');
    await userEvent.type(canvas.getByLabelText('Repeat password'), 'abcdefgh2');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByText('Passwords are different.')).toBeVisible();
  },
};

/** The security section: setting up the authenticator app shows its QR code; a wrong code is refused. */
export const SecurityTotpSetup: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Set up authenticator app' }, { timeout: 8000 }),
    );
    const dialog = await canvas.findByRole('dialog', { name: 'Set up authenticator app' });
    // The dialog's fade-in does not run in the story test: present, not yet "visible".
    await expect(
      await within(dialog).findByRole('img', { name: 'QR code for the authenticator app' }),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Six-digit code'), '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(
      await within(dialog).findByText('The code was not accepted. Please try again.'),
    ).toBeInTheDocument();
  },
};

/** The security section could not be read: the rest of the profile stays usable. */
export const SecurityError: Story = {
  parameters: { msw: { handlers: { ...handlers, mfa: [errorHandler('mfa.status', 500)] } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Security' }, { timeout: 8000 })).toBeVisible();
    await expect(await canvas.findByText('An internal error occurred.')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Change password' })).toBeVisible();
  },
};
