import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Login/CompanyAccount',
  component: AppAt,
  args: { path: '/login' },
  beforeEach: prepareScreen(null),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          '"Sign in with your company account" below the password form: the work e-mail\'s domain finds the concern\'s identity provider; the provider sends the browser back to /login/sso, which completes the sign-in or says why not. The mock has no identity provider.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A domain no concern signs in with: the page says so and keeps the password form. */
export const UnknownDomain: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Sign in with your company account' }, { timeout: 8000 }),
    );
    await userEvent.type(await canvas.findByLabelText('Work e-mail'), 'eve@nowhere.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'No company sign-in is set up for this e-mail address.',
    );
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toBeVisible();
  },
};

/** The way back from the provider with an answer the server refuses. */
export const Refused: Story = {
  args: { path: '/login/sso?state=never-issued&code=made-up' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Sign-in with your company account failed.',
    );
    await expect(canvas.getByRole('link', { name: 'Back to sign-in' })).toBeVisible();
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Mit Firmenkonto anmelden' }, { timeout: 8000 }),
    ).toBeVisible();
  },
};
