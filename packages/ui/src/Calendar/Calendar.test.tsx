import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { Calendar } from './Calendar';
import { calendarWeeks } from './calendarWeeks';

describe('calendarWeeks', () => {
  it('starts on the Monday on or before the 1st and ends on a Sunday', () => {
    // August 2025 starts on a Friday and ends on a Sunday.
    const weeks = calendarWeeks(new Date(2025, 7, 15));
    expect(weeks[0]![0]).toEqual(new Date(2025, 6, 28));
    expect(weeks.at(-1)!.at(-1)).toEqual(new Date(2025, 7, 31));
    expect(weeks).toHaveLength(5);
    for (const week of weeks) {
      expect(week).toHaveLength(7);
      expect(week[0]!.getDay()).toBe(1);
    }
  });

  it('needs no leading days when the 1st is a Monday', () => {
    const weeks = calendarWeeks(new Date(2025, 8, 1));
    expect(weeks[0]![0]).toEqual(new Date(2025, 8, 1));
    expect(weeks.at(-1)!.at(-1)).toEqual(new Date(2025, 9, 5));
  });

  it('covers six weeks when the month spans them', () => {
    // March 2026: the 1st is a Sunday.
    expect(calendarWeeks(new Date(2026, 2, 1))).toHaveLength(6);
  });
});

describe('Calendar', () => {
  const appointments = [
    { id: 'a', title: 'Inventory', start: new Date(2025, 7, 12, 9, 0) },
    { id: 'b', title: 'Refill', start: new Date(2025, 7, 12, 8, 0) },
  ];

  it('labels weekdays in the current language, Monday first', () => {
    renderUi(
      <Calendar month={new Date(2025, 7, 1)} onMonthChange={() => {}} today={new Date(2025, 7, 20)} />,
      {
        locale: 'de',
      },
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers[0]).toMatch(/^Mo/);
    expect(headers[6]).toMatch(/^So/);
  });

  it('puts appointments on the day they start, earliest first, and marks today', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderUi(
      <Calendar
        month={new Date(2025, 7, 1)}
        onMonthChange={() => {}}
        appointments={appointments}
        onSelectAppointment={onSelect}
        today={new Date(2025, 7, 12)}
      />,
    );
    const today = screen.getByRole('cell', { current: 'date' });
    expect(
      within(today)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['08:00 Refill', '09:00 Inventory']);
    await user.click(within(today).getByRole('button', { name: /Inventory/ }));
    expect(onSelect).toHaveBeenCalledWith(appointments[0]);
  });

  it('navigates between months', async () => {
    const user = userEvent.setup();
    const onMonthChange = vi.fn();
    renderUi(
      <Calendar month={new Date(2025, 0, 15)} onMonthChange={onMonthChange} today={new Date(2025, 0, 3)} />,
    );
    expect(screen.getByRole('heading', { name: 'January 2025' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(onMonthChange).toHaveBeenLastCalledWith(new Date(2024, 11, 1));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).toHaveBeenLastCalledWith(new Date(2025, 1, 1));
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
  });

  it('folds a crowded day into "+n more"', async () => {
    const user = userEvent.setup();
    const onSelectDay = vi.fn();
    const many = Array.from({ length: 5 }, (_, i) => ({
      id: `m${i}`,
      title: `Visit ${i}`,
      start: new Date(2025, 7, 5, 8 + i),
    }));
    renderUi(
      <Calendar
        month={new Date(2025, 7, 1)}
        onMonthChange={() => {}}
        appointments={many}
        onSelectDay={onSelectDay}
      />,
    );
    await user.click(screen.getByRole('button', { name: '+2 more' }));
    expect(onSelectDay).toHaveBeenCalledWith(new Date(2025, 7, 5));
  });
});
