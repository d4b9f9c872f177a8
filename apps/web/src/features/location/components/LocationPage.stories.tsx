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
