import { endpointHandler, errorHandler, handlers, loadingHandler } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const LOCATION = '/location/C001-B01-L01';
const CONTAINER = `${LOCATION}?container=K0000001`;

const meta = {
  title: 'Screens/Replenishment',
  component: AppAt,
  args: { path: CONTAINER },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "Issue 16 on the screens: the container panel's History and sizing (charts of the last 12 months with a table view, the suggested filling quantity with its reason and one-click request), a location's Replenishment page (reach bands, its lead and safety time, suggested quantities as a list to request), a branch's default times, the reorder worklist and the dashboard's count.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = async (canvas: ReturnType<typeof within>) => {
  const heading = await canvas.findByRole('heading', { name: 'History and sizing' }, { timeout: 14000 });
  return within(heading.closest('section') as HTMLElement);
};

/** A customer admin's panel: both charts, the suggestion and its reason, the table view of the same weeks. */
export const ContainerHistory: Story = {
  play: async ({ canvas, userEvent }) => {
    const history = await section(canvas);
    await expect(
      await history.findByRole('group', { name: 'Consumption per week', description: /arrow keys/i }),
    ).toBeVisible();
    await expect(
      history.getByRole('group', { name: 'Stock level', description: /arrow keys/i }),
    ).toBeVisible();
    await expect(await history.findByText('Suggested filling quantity', {}, { timeout: 8000 })).toBeVisible();
    await expect(
      history.getByText(/^Average consumption per week .* rounded up to whole packaging units of/),
    ).toBeVisible();
    // The table view: a row per week of the last 12 months.
    const [toTable] = history.getAllByRole('button', { name: 'Table' });
    await userEvent.click(toTable as HTMLElement);
    const table = await history.findByRole('table', { name: 'Consumption per week' });
    await expect(within(table).getAllByRole('row').length).toBeGreaterThan(50);
  },
};

/** The window changes the suggestion; accepting it sends the change-of-quantity request for review. */
export const AcceptSuggestion: Story = {
  // A container whose consumption asks for more than it holds (the mock's data).
  args: { path: `${LOCATION}?container=K0000002` },
  play: async ({ canvas, userEvent }) => {
    const history = await section(canvas);
    await history.findByText('Suggested filling quantity');
    const accept = await waitFor(() => history.getByRole('button', { name: /^Request / }), { timeout: 8000 });
    await userEvent.click(accept);
    await expect(
      await within(document.body).findByText('New filling quantity requested; it awaits review.'),
    ).toBeInTheDocument();
    // The request now waits for review: the suggestion's button says why it is disabled.
    await expect(
      await history.findByText('A change of the filling quantity already awaits review.'),
    ).toBeVisible();
  },
};

/** Customer staff has no consumption field: no consumption chart at all (not an empty one); stock and reach show. */
export const StaffWithoutConsumption: Story = {
  beforeEach: prepareScreen('staff'),
  play: async ({ canvas }) => {
    const history = await section(canvas);
    await expect(
      await history.findByRole('group', { name: 'Stock level', description: /arrow keys/i }),
    ).toBeVisible();
    await expect(history.queryByRole('group', { name: 'Consumption per week' })).toBeNull();
    await expect(history.queryByText(/^Average consumption per week/)).toBeNull();
  },
};

/** History and sizing still loading. */
export const HistoryLoading: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [
          loadingHandler('replenishment.containerHistory'),
          loadingHandler('replenishment.containerSizing'),
          ...handlers.replenishment,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await section(canvas);
  },
};

/** The history cannot be read: the section says so with a retry; the rest of the panel stands. */
export const HistoryError: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [errorHandler('replenishment.containerHistory', 500), ...handlers.replenishment],
      },
    },
  },
  play: async ({ canvas }) => {
    const history = await section(canvas);
    await expect(
      await history.findByRole('button', { name: /Retry|Try again/ }, { timeout: 8000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Change filling quantity' })).toBeVisible();
  },
};

/** A container without any week of history: the charts say so instead of drawing empty axes. */
export const HistoryEmpty: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [
          endpointHandler('replenishment.containerHistory', () =>
            HttpResponse.json({
              containerId: 'K0000001',
              weeks: [],
              consumption: [],
              stock: [],
              reach: [],
              reachInWeeks: null,
              alarmReachWeeks: 1,
              alarmStock: null,
              averageWeekly: 0,
              fillingQuantity: 10,
              stockOutDate: null,
              events: [],
            }),
          ),
          ...handlers.replenishment,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    const history = await section(canvas);
    await expect(
      await history.findByText('No history has been recorded for this container yet.'),
    ).toBeVisible();
  },
};

/** A location's Replenishment page: reach bands over the year, then the suggestions to choose and request. */
export const LocationPage: Story = {
  args: { path: `${LOCATION}/replenishment` },
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole(
        'group',
        { name: 'Containers by reach', description: /arrow keys/i },
        { timeout: 10000 },
      ),
    ).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Suggested filling quantities' });
    await waitFor(() => expect(within(table).getAllByRole('checkbox').length).toBeGreaterThan(1), {
      timeout: 8000,
    });
    const [, first] = within(table).getAllByRole('checkbox');
    await userEvent.click(first as HTMLElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Request the chosen ones (1)' }));
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: 'Request new filling quantities',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request the chosen ones (1)' }));
    await expect(
      await within(document.body).findByText('Requests sent: 1. Not sent: 0.'),
    ).toBeInTheDocument();
  },
};

/** The card of a location's lead and safety time on its Replenishment page. */
const timesCard = async (canvas: ReturnType<typeof within>) => {
  const heading = await canvas.findByRole('heading', { name: 'Lead and safety time' }, { timeout: 10000 });
  return within(heading.closest('section') as HTMLElement);
};

/**
 * A clerk who may edit the rack layout changes the location's lead time: a value out of range is refused at
 * its field, a whole number saves and the suggestions below are computed with it.
 */
export const LocationTimesEdit: Story = {
  args: { path: `${LOCATION}/replenishment` },
  beforeEach: prepareScreen('backoffice'),
  play: async ({ canvas, userEvent }) => {
    const card = await timesCard(canvas);
    await expect(
      await card.findByText("This location sets no times of its own: it uses its branch's."),
    ).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: 'Change' }));
    await userEvent.click(card.getByRole('checkbox', { name: "Use the branch's value (10)" }));
    const lead = card.getByRole('spinbutton', { name: 'Lead time (days)' });
    await userEvent.clear(lead);
    await userEvent.type(lead, '366');
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    await expect(card.getByText('Enter a whole number of days from 0 to 365.')).toBeVisible();
    await userEvent.clear(lead);
    await userEvent.type(lead, '21{Enter}');
    await expect(await card.findByText('(set for this location)')).toBeVisible();
    await expect(
      await canvas.findByText("Lead time 21 days, safety time 5 days (the location's, else its branch's)."),
    ).toBeVisible();
  },
};

/** The edit form with a value refused at its field (what a screen reader hears with the field). */
export const LocationTimesInvalid: Story = {
  args: { path: `${LOCATION}/replenishment` },
  beforeEach: prepareScreen('backoffice'),
  play: async ({ canvas, userEvent }) => {
    const card = await timesCard(canvas);
    await userEvent.click(await card.findByRole('button', { name: 'Change' }));
    await userEvent.click(card.getByRole('checkbox', { name: "Use the branch's value (5)" }));
    const safety = card.getByRole('spinbutton', { name: 'Safety time (days)' });
    await userEvent.clear(safety);
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    await expect(safety).toHaveAccessibleDescription('Enter a number of days.');
    await expect(safety).toHaveFocus();
  },
};

/** Times set for the location itself: each says so, and one click goes back to the branch's. */
export const LocationTimesSetHere: Story = {
  args: { path: `${LOCATION}/replenishment` },
  beforeEach: prepareScreen('backoffice'),
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [
          endpointHandler('replenishment.locationSettings', () =>
            HttpResponse.json({
              code: 'C001-B01-L01',
              leadTimeDays: 14,
              safetyTimeDays: null,
              effective: { leadTimeDays: 14, safetyTimeDays: 7 },
              inherited: { leadTimeDays: 12, safetyTimeDays: 7 },
              source: { leadTimeDays: 'location', safetyTimeDays: 'branch' },
              editable: true,
            }),
          ),
          ...handlers.replenishment,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    const card = await timesCard(canvas);
    await expect(await card.findByText('(set for this location)')).toBeVisible();
    await expect(card.getByText("(the branch's default)")).toBeVisible();
    await expect(card.getByRole('button', { name: "Use the branch's times" })).toBeEnabled();
  },
};

/** Customer admin: sees the times and where they come from, may not change them, and is told why. */
export const LocationTimesReadOnly: Story = {
  args: { path: `${LOCATION}/replenishment` },
  play: async ({ canvas }) => {
    const card = await timesCard(canvas);
    await expect(
      await card.findByText('Changing them needs the permission to edit the rack layout.'),
    ).toBeVisible();
    await expect(card.queryByRole('button', { name: 'Change' })).toBeNull();
  },
};

export const LocationTimesLoading: Story = {
  args: { path: `${LOCATION}/replenishment` },
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [loadingHandler('replenishment.locationSettings'), ...handlers.replenishment],
      },
    },
  },
  play: async ({ canvas }) => {
    await timesCard(canvas);
  },
};

export const LocationTimesError: Story = {
  args: { path: `${LOCATION}/replenishment` },
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [errorHandler('replenishment.locationSettings', 500), ...handlers.replenishment],
      },
    },
  },
  play: async ({ canvas }) => {
    const card = await timesCard(canvas);
    await expect(await card.findByRole('button', { name: /Retry|Try again/ })).toBeVisible();
  },
};

/** German: the card's words by language. */
export const LocationTimesGerman: Story = {
  args: { path: `${LOCATION}/replenishment` },
  globals: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { name: 'Wiederbeschaffungs- und Sicherheitszeit' },
        { timeout: 10000 },
      ),
    ).toBeVisible();
  },
};

/** A branch's default lead and safety time on the branch page, which its locations inherit. */
export const BranchTimes: Story = {
  args: { path: '/branch/C001-B01' },
  beforeEach: prepareScreen('backoffice'),
  play: async ({ canvas, userEvent }) => {
    const card = await timesCard(canvas);
    await expect(
      await card.findByText("This branch sets no defaults of its own: its locations use Falcon's."),
    ).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: 'Change' }));
    await userEvent.click(card.getByRole('checkbox', { name: "Use Falcon's default (10)" }));
    const lead = card.getByRole('spinbutton', { name: 'Lead time (days)' });
    await userEvent.clear(lead);
    await userEvent.type(lead, '12{Enter}');
    await expect(await card.findByText('(set for this branch)')).toBeVisible();
  },
};

/** The suggestions cannot be read. */
export const LocationPageError: Story = {
  args: { path: `${LOCATION}/replenishment` },
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [errorHandler('replenishment.locationSizing', 500), ...handlers.replenishment],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: /Retry|Try again/ }, { timeout: 10000 }),
    ).toBeVisible();
  },
};

/** The reorder worklist, most urgent first, with its filters and export. */
export const Worklist: Story = {
  args: { path: '/worklist' },
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('table', { name: 'Reorder worklist' }, { timeout: 10000 });
    await waitFor(() => expect(within(table).getAllByRole('link').length).toBeGreaterThan(0), {
      timeout: 8000,
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Export to Excel' }));
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Export the worklist' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export to Excel' }));
    await expect(await canvas.findByText('The export was started.')).toBeVisible();
  },
};

/** Nothing to reorder. */
export const WorklistEmpty: Story = {
  args: { path: '/worklist' },
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [
          endpointHandler('replenishment.worklist', () =>
            HttpResponse.json({ items: [], total: 0, more: false, page: 0, size: 20 }),
          ),
          ...handlers.replenishment,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('No container needs reordering.', {}, { timeout: 10000 }),
    ).toBeVisible();
  },
};

/** Twenty due containers of one location, as the worklist answers them. */
const cappedItems = Array.from({ length: 20 }, (_, i) => ({
  containerId: `K${String(i + 1).padStart(7, '0')}`,
  concernCode: 'C001',
  branchCode: 'C001-B01',
  locationCode: 'C001-B01-L01',
  locationName: 'Hall 1',
  why: ['below_alarm'],
  nextDeliveryDate: '2026-12-05',
  marginDays: -5 + i,
  stockOutDate: '2026-11-30',
  reachInWeeks: 0.5,
  stock: 10,
  fillingQuantity: 100,
  averageWeekly: 20,
  code: `K${String(i + 1).padStart(7, '0')}`,
  articleName: `Article ${i + 1}`,
  articleCode: `A${i + 1}`,
  placeCode: `R01-S01-P${String(i + 1).padStart(2, '0')}`,
}));

/**
 * More due containers than the count goes to (1,000): the pager says "more than" and pages on, with no
 * last page; the dashboard says "more than 1,000".
 */
export const WorklistCountCapped: Story = {
  args: { path: '/worklist' },
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [
          endpointHandler('replenishment.worklist', () =>
            HttpResponse.json({ items: cappedItems, total: 1000, more: true, page: 0, size: 20 }),
          ),
          endpointHandler('replenishment.worklistCount', () =>
            HttpResponse.json({ count: 1000, more: true }),
          ),
          ...handlers.replenishment,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(/^Showing 1 to \d+ of more than 1,000 results$/, {}, { timeout: 10000 }),
    ).toBeVisible();
    await expect(canvas.getByText('Page 1 of 50+')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeEnabled();
  },
};

export const WorklistLoading: Story = {
  args: { path: '/worklist' },
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [loadingHandler('replenishment.worklist'), ...handlers.replenishment],
      },
    },
  },
};

export const WorklistError: Story = {
  args: { path: '/worklist' },
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [errorHandler('replenishment.worklist', 500), ...handlers.replenishment],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: /Retry|Try again/ }, { timeout: 10000 }),
    ).toBeVisible();
  },
};

/** German: the worklist's words and numbers by language. */
export const WorklistGerman: Story = {
  args: { path: '/worklist' },
  globals: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Nachbestell-Arbeitsliste' }, { timeout: 10000 }),
    ).toBeVisible();
  },
};

/** The dashboard counts the containers to reorder and links to the worklist. */
export const DashboardCount: Story = {
  args: { path: '/' },
  beforeEach: prepareScreen('backoffice'),
  play: async ({ canvas }) => {
    const label = await canvas.findByText('Containers to reorder', {}, { timeout: 10000 });
    await expect(label.closest('a')).toHaveAttribute('href', '/worklist');
  },
};

/** Over 1,000 to reorder: the dashboard says "more than 1,000" instead of a count it did not take. */
export const DashboardCountCapped: Story = {
  args: { path: '/' },
  beforeEach: prepareScreen('backoffice'),
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        replenishment: [
          endpointHandler('replenishment.worklistCount', () =>
            HttpResponse.json({ count: 1000, more: true }),
          ),
          ...handlers.replenishment,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    const label = await canvas.findByText('Containers to reorder', {}, { timeout: 10000 });
    await expect(label.closest('a')).toHaveTextContent('more than 1,000');
  },
};
