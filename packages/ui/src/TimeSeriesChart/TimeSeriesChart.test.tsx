import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { type ChartSeries, readoutAt, TimeSeriesChart } from './TimeSeriesChart';

const x = [0, 604800, 1209600];
const series: ChartSeries[] = [
  { id: 'used', label: 'Used', values: [3, null, 5], kind: 'bars' },
  { id: 'stock', label: 'Stock', values: [10, 7, 2] },
];
const props = {
  label: 'History',
  x,
  series,
  formatX: (s: number) => `W${s / 604800 + 1}`,
  formatY: (v: number) => v.toFixed(2),
  texts: { chart: 'Chart', table: 'Table', period: 'Week', keyboardHint: 'Use the arrow keys.' },
};

describe('TimeSeriesChart', () => {
  it('reads out the point under the keyboard cursor, skipping series without a value there', async () => {
    renderUi(<TimeSeriesChart {...props} />);
    const plot = screen.getByRole('group', { name: 'History', description: 'Use the arrow keys.' });
    plot.focus();
    await userEvent.keyboard('{End}');
    expect(screen.getByText('W3: Used 5.00, Stock 2.00')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('W2: Stock 7.00')).toBeInTheDocument();
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByText('W1: Used 3.00, Stock 10.00')).toBeInTheDocument();
  });

  it('shows the same numbers as a table', async () => {
    renderUi(<TimeSeriesChart {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'History' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'WeekUsedStock',
      'W13.0010.00',
      'W27.00',
      'W35.002.00',
    ]);
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('formats the read-out with the given formatters', () => {
    expect(readoutAt(props, 1)).toBe('W2: Stock 7.00');
    expect(readoutAt(props, 9)).toBe('');
  });
});
