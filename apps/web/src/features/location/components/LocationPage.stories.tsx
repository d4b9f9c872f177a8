import { errorHandler, handlers, loadingHandler } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
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
