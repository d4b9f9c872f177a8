import { endpointHandler, errorHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Location/Gallery',
  component: AppAt,
  args: { path: '/location/C001-B01-L01/gallery' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "A location's images, newest first and paged; upload and delete (with confirmation) need PERM_UPLOADDELETELOCATIONIMAGE.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Deleting asks first. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const deletes = await canvas.findAllByRole('button', { name: /^Delete image:/ }, { timeout: 8000 });
    await userEvent.click(deletes[0] as HTMLElement);
    const body = within(document.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Delete this image?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await body.findByText('Deleted successfully.')).toBeInTheDocument();
  },
};

/** Without the permission: look only. */
export const ReadOnly: Story = {
  beforeEach: prepareScreen('staff'),
  play: async ({ canvas }) => {
    await canvas.findAllByRole('button', { name: /^Open image/ }, { timeout: 8000 });
    await expect(canvas.queryByRole('button', { name: /^Delete image/ })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        location: [
          endpointHandler('location.images', () =>
            HttpResponse.json({ items: [], total: 0, page: 0, size: 20 }),
          ),
          ...handlers.location,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No images yet', {}, { timeout: 8000 })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: { ...handlers, location: [errorHandler('location.images', 500), ...handlers.location] },
    },
  },
};
