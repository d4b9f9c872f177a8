import { endpointHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { api } from '../../../lib/api';
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
          "The review inbox of the responsible clerk: pending requests with requester, container, location, the proposed change and the assignee; 'Assigned to me' by default for a clerk linked to an employee, 'All in my scope' on demand (kept in the URL as ?assignee=all). Actions are approved or rejected with a comment, messages answered or closed. Every user sees the state of their own requests (messages too) under 'My requests' and can withdraw a pending one (also the `MyRequests` component for the container and the dashboard).",
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
      await canvas.findByText('No requests assigned to you are waiting.', {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/** Everything in the clerk's scope, whoever it is assigned to (the assignee column). */
export const AllInScope: Story = {
  args: { path: '/reviews?assignee=all' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'To review' }, { timeout: 8000 });
    await expect(within(table).getByRole('columnheader', { name: 'Assigned to' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: /^Show/ })).toHaveTextContent('All in my scope');
  },
};

/** A message from a customer admin waits: it is answered (with a text) or closed, not approved. */
export const AnswerMessage: Story = {
  beforeEach: async (context) => {
    await prepareScreen('kdadmin')(context);
    await api.container.message({
      params: { id: 'K0000008' },
      body: { message: 'The label is unreadable.' },
    });
    await prepareScreen('backoffice')(context);
  },
  play: async ({ canvas, userEvent }) => {
    const [answer] = await canvas.findAllByRole('button', { name: /^Answer Message / }, { timeout: 8000 });
    await userEvent.click(answer as HTMLElement);
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Answer this message' });
    await expect(within(dialog).getByRole('button', { name: 'Answer' })).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Your answer to the sender'),
      'A new label is printed.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Answer' })).toBeEnabled();
  },
};

/** The requester's pending request, withdrawn after a confirmation. */
export const Withdraw: Story = {
  beforeEach: async (context) => {
    await prepareScreen('staff')(context);
    await api.container.scan({ params: { id: 'K0000009' } });
  },
  play: async ({ canvas, userEvent }) => {
    const [withdraw] = await canvas.findAllByRole('button', { name: /^Withdraw / }, { timeout: 8000 });
    await expect(canvas.getAllByText(/^Assigned to /).length).toBeGreaterThan(0);
    await userEvent.click(withdraw as HTMLElement);
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Withdraw this request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await expect(await within(document.body).findByText('Request withdrawn.')).toBeInTheDocument();
  },
};

/** Withdrawing one that was decided meanwhile: the 409 says why in words. */
export const WithdrawRefused: Story = {
  ...Withdraw,
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        reviews: [
          endpointHandler('reviews.withdraw', () =>
            HttpResponse.json(
              {
                error: 'request_not_applicable',
                message: 'not pending',
                details: { reason: 'not_pending' },
              },
              { status: 409 },
            ),
          ),
          ...handlers.reviews,
        ],
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const [withdraw] = await canvas.findAllByRole('button', { name: /^Withdraw / }, { timeout: 8000 });
    await userEvent.click(withdraw as HTMLElement);
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Withdraw this request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await expect(
      await within(document.body).findByText('The request has been decided or withdrawn already.'),
    ).toBeInTheDocument();
  },
};
