import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Errors',
  component: AppAt,
  args: { path: '/admin/users' },
  beforeEach: prepareScreen('sales'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'Where a refused visit lands: /error says "no access" with the way back (a guard, or a 403 from the server after the permissions changed; the session is read again first), and an unknown path says "not found".',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A sales user asks for the user administration: the guard (after re-reading the session) refuses. */
export const NoAccess: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'You have no access to this page.' },
        { timeout: 8000 },
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
    await expect(canvas.queryByText("Sorry, we couldn't find this page.")).not.toBeInTheDocument();
  },
};

/** An unknown path: the not-found page, with the way home. */
export const NotFound: Story = {
  args: { path: '/no/such/page' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: "Sorry, we couldn't find this page." },
        { timeout: 8000 },
      ),
    ).toBeVisible();
  },
};
