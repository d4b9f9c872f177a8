import { endpointHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Reviews',
  component: AppAt,
  args: { path: '/reviews' },
  beforeEach: prepareScreen('backoffice'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "The review inbox of the responsible clerk: pending requests with requester, container, location and the proposed change; approve or reject with a comment. Every user sees the state of their own requests under 'My requests' (also the `MyRequests` component for the container and the dashboard).",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inbox: Story = {
  play: async ({ canvas, userEvent }) => {
    const [first] = await canvas.findAllByRole('button', { name: /^Approve / }, { timeout: 8000 });
    await userEvent.click(first as HTMLElement);
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Approve this request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(
      await within(document.body).findByText('Request approved; the change is applied.'),
    ).toBeInTheDocument();
  },
};

/** Customer staff: only their own requests and what became of them. */
export const Requester: Story = {
  beforeEach: prepareScreen('staff'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'My requests' }, { timeout: 8000 }),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        reviews: [
          endpointHandler('reviews.list', () =>
            HttpResponse.json({ items: [], total: 0, page: 0, size: 20 }),
          ),
          ...handlers.reviews,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('No requests are waiting for you.', {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};
