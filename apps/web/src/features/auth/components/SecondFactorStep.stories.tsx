import { endpointHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

/** The password step of the login page, answered with the second step `secondFactor` (issue 18). */
const signinAnswers = (secondFactor: { stage: 'verify' | 'enrol'; methods: string[] }) => ({
  ...handlers,
  auth: [endpointHandler('auth.signin', () => HttpResponse.json({ secondFactor })), ...handlers.auth],
});

/** A QR code as the server draws it (a small one: the story shows the layout, not a scannable code). */
const QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><rect width="21" height="21" fill="#fff"/><path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0zM9 9h3v3H9z"/></svg>';

const meta = {
  title: 'Screens/Login/Second factor',
  component: AppAt,
  args: { path: '/login' },
  beforeEach: prepareScreen(null),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: signinAnswers({ stage: 'verify', methods: ['totp', 'passkey', 'recovery'] }) },
    docs: {
      description: {
        component:
          'After the password, a user with a second factor answers with a code of the authenticator app, a recovery code or a passkey; a user whose role requires a factor and has none enrols an authenticator app first.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const passwordStep = async (
  canvas: Parameters<NonNullable<Story['play']>>[0]['canvas'],
  userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent'],
) => {
  await userEvent.type(await canvas.findByPlaceholderText('Username', {}, { timeout: 8000 }), 'admin');
  await userEvent.type(canvas.getByPlaceholderText('Password'), 'demo1234');
  await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
};

/** The code of the app, a passkey, or a recovery code instead. */
export const Verify: Story = {
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Second factor' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await expect(canvas.getByLabelText('Six-digit code')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code instead' }));
    await expect(canvas.getByLabelText('Recovery code')).toBeVisible();
  },
};

/** A wrong code: the server's answer in words (here the mock has no sign-in waiting: it took too long). */
export const Refused: Story = {
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    await userEvent.type(await canvas.findByLabelText('Six-digit code', {}, { timeout: 8000 }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The sign-in took too long.');
  },
};

/** The role requires a second factor the user has not: the authenticator app is set up first. */
export const Enrol: Story = {
  parameters: {
    msw: {
      handlers: {
        ...signinAnswers({ stage: 'enrol', methods: [] }),
        mfa: [
          endpointHandler('mfa.enrolTotp', () =>
            HttpResponse.json({
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
              uri: 'otpauth://totp/Falcon:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Falcon',
              qrSvg: QR,
            }),
          ),
          ...handlers.mfa,
        ],
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Set up a second factor' }),
    ).toBeVisible();
    await expect(await canvas.findByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
    await expect(canvas.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
  },
};
