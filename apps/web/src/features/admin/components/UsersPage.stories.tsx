import { errorHandler, handlers, loadingHandler } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Admin/Users',
  component: AppAt,
  args: { path: '/admin/users' },
  beforeEach: prepareScreen('admin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'The users the signed-in administrator manages: filter by username, name, role and region (filterMap), sort by column, roles and last login, delete with confirmation.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'kdadmin' }, { timeout: 8000 })).toBeVisible();
  },
};

/** A KD_ADMIN sees only the users of its own concern. */
export const CustomerAdmin: Story = {
  beforeEach: prepareScreen('kdadmin'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'staff' }, { timeout: 8000 })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'admin' })).toBeNull();
  },
};

/** Deleting asks first. */
export const DeleteAsks: Story = {
  play: async ({ canvas, userEvent }) => {
    const [first] = await canvas.findAllByRole('button', { name: /^Delete user / }, { timeout: 8000 });
    await userEvent.click(first as HTMLElement);
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete user?' });
    await expect(dialog).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  },
};

export const Failure: Story = {
  parameters: { msw: { handlers: { ...handlers, users: [errorHandler('users.list', 500)] } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /Try again/ }, { timeout: 8000 })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { ...handlers, users: [loadingHandler('users.list')] } } },
};
