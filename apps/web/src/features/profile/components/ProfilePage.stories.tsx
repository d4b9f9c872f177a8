import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
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
        component: "The signed-in user's personal data, interface language and password change.",
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

export const PasswordsDifferent: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Current password', {}, { timeout: 8000 }), 'demo1234');
    await userEvent.type(canvas.getByLabelText('New password'), 'abcdefgh1');
    await userEvent.type(canvas.getByLabelText('Repeat password'), 'abcdefgh2');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByText('Passwords are different.')).toBeVisible();
  },
};
