import { errorHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const LOCATION = '/location/C001-B01-L01';

const meta = {
  title: 'Screens/Location/Print labels',
  component: AppAt,
  args: { path: `${LOCATION}?container=K0000001` },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          '"Print labels" from the container panel and from the search results: the label stock (Avery L7163 or L7160 A4 sheets, or 100 × 50 mm thermal labels), on a sheet the first free label, then the PDF is downloaded (from the server; the mock answers a plain text PDF).',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog, once its code has loaded (on first opening) and it has faded in. */
const shownDialog = async () => {
  const dialog = await within(document.body).findByRole('dialog', { name: 'Print labels' });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
};

const openFromPanel = async (
  canvas: ReturnType<typeof within>,
  userEvent: { click: (e: Element) => Promise<void> },
) => {
  await canvas.findByRole('heading', { name: 'Container KB-0000001' }, { timeout: 8000 });
  await userEvent.click(canvas.getByRole('button', { name: 'Print labels' }));
  return shownDialog();
};

/** One container's label: the A4 sheet with a start position, downloaded. */
export const FromContainerPanel: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openFromPanel(canvas, userEvent);
    await expect(within(dialog).getByText('This container')).toBeVisible();
    const start = within(dialog).getByLabelText('Start at label');
    await userEvent.clear(start);
    await userEvent.type(start, '15');
    // 14 labels on an L7163 sheet: 15 is refused before anything is sent.
    await expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    await userEvent.clear(start);
    await userEvent.type(start, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await expect(await within(document.body).findByText('Labels downloaded.')).toBeInTheDocument();
  },
};

/** Thermal labels: one label a page, no start position to ask for. */
export const Thermal: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openFromPanel(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Label stock/ }));
    await userEvent.click(
      await within(document.body).findByRole('option', { name: 'Thermal labels 100 × 50 mm' }),
    );
    await waitFor(() => expect(within(dialog).queryByLabelText('Start at label')).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await expect(await within(document.body).findByText('Labels downloaded.')).toBeInTheDocument();
  },
};

/** The search results shown are the selection. */
export const FromSearchResults: Story = {
  args: { path: LOCATION },
  play: async ({ canvas, userEvent }) => {
    const results = await canvas.findByRole('table', { name: 'Search results' }, { timeout: 8000 });
    await waitFor(() => expect(within(results).getAllByRole('link').length).toBeGreaterThan(0), {
      timeout: 8000,
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Print labels of these results' }));
    const dialog = await shownDialog();
    await expect(within(dialog).getByText(/chosen containers/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await expect(await within(document.body).findByText('Labels downloaded.')).toBeInTheDocument();
  },
};

/** The server fails: the dialog stays open and says so. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: { ...handlers, location: [errorHandler('location.labels', 500), ...handlers.location] },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openFromPanel(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await expect(
      await within(document.body).findByText('The labels could not be created.'),
    ).toBeInTheDocument();
    await expect(within(document.body).getByRole('dialog', { name: 'Print labels' })).toBeVisible();
  },
};
