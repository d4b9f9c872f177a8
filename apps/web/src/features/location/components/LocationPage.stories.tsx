import type { ReviewRequest } from '@falcon/api-client/lite';
import { endpointHandler, errorHandler, handlers, loadingHandler } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const LOCATION = '/location/C001-B01-L01';

const meta = {
  title: 'Screens/Location/Detail',
  component: AppAt,
  args: { path: LOCATION },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    // The mock server's handlers keyed by resource (msw-storybook-addon reads `msw.handlers`).
    msw: { handlers },
    docs: {
      description: {
        component:
          "A location: its rack/shelf grid (as many rows as its maxShelves), the container search with the filters the user's permissions allow, the sorted and paged results, Excel export, and the chosen container's panel with its four review requests.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A customer admin with nothing chosen yet: 'please choose container'. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('grid', { name: 'Racks and shelves' }, { timeout: 8000 }),
    ).toBeVisible();
    await expect(await canvas.findByText('Please choose a container.')).toBeVisible();
  },
};

/** A container chosen: its permitted fields in sections, documents, open requests and the actions. */
export const ContainerChosen: Story = {
  args: { path: `${LOCATION}?container=K0000001` },
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Container KB-0000001' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Change filling quantity' }));
    const body = within(document.body);
    const dialog = await body.findByRole('dialog', { name: 'Change filling quantity' });
    await userEvent.clear(within(dialog).getByLabelText('New filling quantity'));
    await userEvent.type(within(dialog).getByLabelText('New filling quantity'), '42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await expect(
      await body.findByText('New filling quantity requested; it awaits review.'),
    ).toBeInTheDocument();
  },
};

/** Customer staff: fewer columns and filters, no export, no deactivation. */
export const CustomerStaff: Story = {
  args: { path: `${LOCATION}?container=K0000001` },
  beforeEach: prepareScreen('staff'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Change filling quantity' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    // Let the results arrive before axe looks (a loading table's scroll area holds nothing focusable).
    const results = await canvas.findByRole('table', { name: 'Search results' });
    await waitFor(() => expect(within(results).getAllByRole('link').length).toBeGreaterThan(0), {
      timeout: 8000,
    });
    await expect(canvas.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
  },
};

/**
 * A requester follows their own requests for the chosen container on its panel (the reviews feature's
 * MyRequests, composed by the route): empty at first, then the new request, pending.
 */
export const MyRequestsOnPanel: Story = {
  args: { path: `${LOCATION}?container=K0000003` },
  beforeEach: prepareScreen('staff'),
  play: async ({ canvas, userEvent }) => {
    const panel = await canvas.findByRole('region', { name: 'Chosen container' }, { timeout: 8000 });
    const mine = await within(panel).findByRole('region', { name: 'My requests' }, { timeout: 8000 });
    await expect(await within(mine).findByText('No requests of yours for this container.')).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Change filling quantity' }));
    const body = within(document.body);
    const dialog = await body.findByRole('dialog', { name: 'Change filling quantity' });
    await userEvent.clear(within(dialog).getByLabelText('New filling quantity'));
    await userEvent.type(within(dialog).getByLabelText('New filling quantity'), '42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    // The list is rendered anew after the request: look it up again until the request shows.
    const mineNow = () => within(within(panel).getByRole('region', { name: 'My requests' }));
    await waitFor(() => expect(mineNow().getByText(/→ 42\.00/)).toBeVisible(), { timeout: 8000 });
    await expect(mineNow().getByText('Pending')).toBeVisible();
  },
};

const decided = (id: string, state: 'approved' | 'rejected', factor: number, comment: string | null) =>
  ({
    id,
    type: 'changequantity',
    state,
    containerId: 'K0000003',
    containerCode: 'KB-0000003',
    locationCode: 'C001-B01-L01',
    locationName: 'Lager Nord',
    requestedBy: 'staff',
    requestedAt: '2025-08-20T08:15:00.000Z',
    assigneeKey: null,
    assigneeName: null,
    payload: { fillingQuantity: factor, previousFillingQuantity: 20 },
    reviewedBy: 'backoffice',
    reviewedAt: '2025-08-21T09:30:00.000Z',
    comment,
  }) satisfies ReviewRequest;

/** Decided requests on the panel: the state, who decided when, and the reviewer's comment. */
export const MyRequestsDecided: Story = {
  args: { path: `${LOCATION}?container=K0000003` },
  beforeEach: prepareScreen('staff'),
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        reviews: [
          endpointHandler('reviews.mine', () =>
            HttpResponse.json({
              items: [
                decided('RQ90001', 'rejected', 60, 'Too many for this shelf'),
                decided('RQ90002', 'approved', 30, null),
              ],
              total: 2,
              page: 0,
              size: 50,
            }),
          ),
          ...handlers.reviews,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    const panel = await canvas.findByRole('region', { name: 'Chosen container' }, { timeout: 8000 });
    const mine = await within(panel).findByRole('region', { name: 'My requests' }, { timeout: 8000 });
    await expect(await within(mine).findByText('Rejected')).toBeVisible();
    await expect(within(mine).getByText('Approved')).toBeVisible();
    await expect(within(mine).getByText(/"Too many for this shelf"/)).toBeVisible();
  },
};

/** A message about the chosen container to the responsible clerk: free text and an optional photo. */
export const MessageAboutContainer: Story = {
  args: { path: `${LOCATION}?container=K0000001` },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Send message' }, { timeout: 8000 }));
    const body = within(document.body);
    const dialog = await body.findByRole('dialog', { name: 'Message to the responsible clerk' });
    await expect(dialog).toHaveTextContent('About container KB-0000001');
    await expect(within(dialog).getByLabelText('Photo (optional)')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Message'), 'The label is unreadable.');
  },
};

/**
 * A request that waits for review is shown as pending where it is offered: the button is disabled and
 * the reason is said in words (no second dialog). The requester may withdraw their own pending request.
 */
export const PendingRequestBlocksAction: Story = {
  args: { path: `${LOCATION}?container=K0000004` },
  play: async ({ canvas, userEvent }) => {
    const body = within(document.body);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Change filling quantity' }, { timeout: 8000 }),
    );
    const dialog = await body.findByRole('dialog', { name: 'Change filling quantity' });
    await userEvent.clear(within(dialog).getByLabelText('New filling quantity'));
    await userEvent.type(within(dialog).getByLabelText('New filling quantity'), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(
      () => expect(canvas.getByRole('button', { name: 'Change filling quantity' })).toBeDisabled(),
      { timeout: 8000 },
    );
    await expect(
      canvas.getByText('Change filling quantity: The same request is waiting for review already.'),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('button', { name: /^Withdraw Filling quantity change/ }),
    ).toBeVisible();
  },
};

/** Withdrawing one's own pending request asks first. */
export const WithdrawConfirmation: Story = {
  args: { path: `${LOCATION}?container=K0000005` },
  play: async ({ canvas, userEvent }) => {
    const body = within(document.body);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Request refill (scan)' }, { timeout: 8000 }),
    );
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Withdraw Scan of/ }, { timeout: 8000 }),
    );
    const confirm = await body.findByRole('alertdialog', { name: 'Withdraw this request?' });
    await expect(confirm).toHaveTextContent(/The clerk will no longer review it\./);
  },
};

/** A rack chosen in the grid (its header): when it was last handled and what the user may do with it. */
export const RackActionsMenu: Story = {
  play: async ({ canvas, userEvent }) => {
    const grid = await canvas.findByRole('grid', { name: 'Racks and shelves' }, { timeout: 8000 });
    await userEvent.click(within(grid).getAllByRole('button', { name: /^Rack / })[0] as HTMLElement);
    const dialog = await within(document.body).findByRole('dialog', { name: /^Rack / });
    await expect(within(dialog).getByRole('button', { name: 'Scan rack' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Message about this rack' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Message about a shelf' })).toBeInTheDocument();
  },
};

/**
 * The clerk records a rack as handled (after confirming); the grid shows when and by whom under the
 * rack's name, and a requested rack scan shows as waiting.
 */
export const RackHandledAndScanPending: Story = {
  beforeEach: prepareScreen('backoffice'),
  play: async ({ canvas, userEvent }) => {
    const body = within(document.body);
    const grid = await canvas.findByRole('grid', { name: 'Racks and shelves' }, { timeout: 8000 });
    const firstRack = () => within(grid).getAllByRole('button', { name: /^Rack / })[0] as HTMLElement;
    await userEvent.click(firstRack());
    let dialog = await body.findByRole('dialog', { name: /^Rack / });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Handle rack' }));
    const confirm = await body.findByRole('alertdialog', { name: /as handled\?$/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Handle rack' }));
    await waitFor(() => expect(firstRack()).toHaveAccessibleName(/Handled .+ by backoffice$/), {
      timeout: 8000,
    });
    await userEvent.click(firstRack());
    dialog = await body.findByRole('dialog', { name: /^Rack / });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scan rack' }));
    await waitFor(() => expect(body.queryByRole('dialog', { name: /^Rack / })).toBeNull());
    await userEvent.click(firstRack());
    dialog = await body.findByRole('dialog', { name: /^Rack / });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Scan rack' })).toBeDisabled(), {
      timeout: 8000,
    });
    await expect(dialog).toHaveTextContent('A scan of this rack is waiting for review already.');
  },
};

/** The container type-ahead in the location's search box: a listbox of matches while typing. */
export const ContainerTypeAhead: Story = {
  play: async ({ canvas, userEvent }) => {
    const box = await canvas.findByRole('combobox', { name: 'Search term' }, { timeout: 8000 });
    await userEvent.type(box, 'KB-000001');
    const list = await canvas.findByRole('listbox', { name: 'Matching containers' }, { timeout: 8000 });
    await expect(within(list).getAllByRole('option').length).toBeGreaterThan(0);
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
  },
};

/** Export asks first, then a toast and a link to Exports. */
export const ExcelExport: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Export to Excel' }, { timeout: 8000 }));
    const body = within(document.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Export to Excel?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export to Excel' }));
    await expect(await canvas.findByRole('link', { name: 'Go to Exports' })).toBeVisible();
  },
};

/** The racks and results are still loading. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        location: [loadingHandler('location.racks'), loadingHandler('location.search'), ...handlers.location],
      },
    },
  },
};

/** The location does not exist (or is out of the user's scope). */
export const NotFound: Story = {
  args: { path: '/location/C999-B99-L99' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Location not found.', {}, { timeout: 8000 })).toBeVisible();
  },
};

/** The search fails: the table shows the error with a retry. */
export const SearchError: Story = {
  parameters: {
    msw: {
      handlers: { ...handlers, location: [errorHandler('location.search', 500), ...handlers.location] },
    },
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('button', { name: /Retry|Try again/ })).toBeVisible(), {
      timeout: 8000,
    });
  },
};
