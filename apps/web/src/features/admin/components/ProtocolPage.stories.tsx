import { endpointHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Admin/Protocol',
  component: AppAt,
  args: { path: '/admin/protocol' },
  beforeEach: prepareScreen('admin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'The global protocol: who did what to which object and when, filterable by user, kind, date range and location; before and after of a change on demand.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByRole('cell', { name: 'Sign-in' }, { timeout: 8000 })).not.toHaveLength(
      0,
    );
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        protocol: [
          endpointHandler('protocol.list', () =>
            HttpResponse.json({ items: [], total: 0, page: 0, size: 20 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No protocol entries match.', {}, { timeout: 8000 })).toBeVisible();
  },
};
