import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { type ChartSeries, TimeSeriesChart } from './TimeSeriesChart';

const WEEK = 7 * 24 * 3600;
const start = Date.UTC(2025, 10, 24) / 1000;
const x = Array.from({ length: 52 }, (_, i) => start + i * WEEK);
// A year of weeks: a season, a weekly rhythm's noise and one outlier (week 30).
const consumed = x.map((_, i) =>
  i === 30 ? 140 : Math.round(40 + 15 * Math.sin((i / 52) * 2 * Math.PI) + ((i * 7) % 5)),
);
const average = consumed.map(() => 42);
const stock = x.map((_, i) => 120 - ((i * 37) % 110));
const alarm = x.map(() => 60);
const reach = stock.map((s) => Math.round((s / 42) * 100) / 100);

const number = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const week = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return d.toLocaleDateString('en', { day: '2-digit', month: 'short', timeZone: 'UTC' });
};

const consumption: ChartSeries[] = [
  { id: 'consumed', label: 'Consumption per week', values: consumed, kind: 'bars' },
  { id: 'average', label: 'Average (12 weeks)', values: average, dashed: true, tone: 'muted' },
];
const texts = {
  chart: 'Chart',
  table: 'Table',
  period: 'Week of',
  keyboardHint: 'Arrow keys move between weeks and read out their values.',
};

const meta = {
  title: 'Data/TimeSeriesChart',
  component: TimeSeriesChart,
  args: {
    label: 'Consumption per week',
    x,
    series: consumption,
    formatX: week,
    formatY: (value: number) => number.format(value),
    texts,
  },
  parameters: {
    docs: {
      description: {
        component:
          'A time series on a canvas (uPlot, loaded with the first chart). Keyboard: focus the plot, arrows move a cursor over the points and a live region reads them out; the Table switch shows the same numbers as rows.',
      },
    },
  },
} satisfies Meta<typeof TimeSeriesChart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const plot = canvas.getByRole('group', { name: 'Consumption per week', description: /Arrow keys/ });
    plot.focus();
    await userEvent.keyboard('{End}');
    await expect(
      await canvas.findByText(/^Nov 16: Consumption per week .*, Average \(12 weeks\) 42\.00$/),
    ).toBeVisible();
    await userEvent.keyboard('{Home}');
    await expect(await canvas.findByText(/^Nov 24: Consumption per week 40\.00/)).toBeVisible();
  },
};

/** Stock level with the alarm threshold (dashed) and the reach on the right axis. */
export const StockWithThresholdAndReach: Story = {
  args: {
    label: 'Stock level',
    series: [
      { id: 'stock', label: 'Stock', values: stock, kind: 'step' },
      { id: 'alarm', label: 'Alarm threshold', values: alarm, dashed: true, tone: 'danger' },
      { id: 'reach', label: 'Reach (weeks)', values: reach, axis: 'right', tone: 'success' },
    ],
    axes: { left: 'Pieces', right: 'Weeks' },
  },
};

/** The table view: every week as a row with the same numbers. */
export const TableView: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Table' }));
    const table = await canvas.findByRole('table', { name: 'Consumption per week' });
    await expect(within(table).getAllByRole('row')).toHaveLength(53);
    await expect(within(table).getByRole('rowheader', { name: 'Nov 24' })).toBeInTheDocument();
    await expect(within(table).getAllByText('140.00')).toHaveLength(1);
  },
};

/** A gap where a week has no value (before the container was in use). */
export const WithGaps: Story = {
  args: {
    series: [{ ...consumption[0], values: consumed.map((v, i) => (i < 20 ? null : v)) } as ChartSeries],
  },
};

export const DarkTheme: Story = { globals: { theme: 'dark' } };

export const German: Story = {
  globals: { locale: 'de' },
  args: {
    label: 'Verbrauch pro Woche',
    texts: {
      chart: 'Diagramm',
      table: 'Tabelle',
      period: 'Woche ab',
      keyboardHint: 'Pfeiltasten wechseln die Woche und lesen ihre Werte vor.',
    },
    formatY: (value: number) =>
      new Intl.NumberFormat('de', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value),
    series: [{ ...consumption[0], label: 'Verbrauch pro Woche' } as ChartSeries],
  },
};
