import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Calendar, type CalendarAppointment, type CalendarProps } from './Calendar';

const today = new Date(2025, 7, 20);
const appointments: CalendarAppointment[] = [
  { id: '1', title: 'Inventory count', start: new Date(2025, 7, 4, 9) },
  { id: '2', title: 'Refill hall 2', start: new Date(2025, 7, 12, 7, 30) },
  { id: '3', title: 'Customer visit', start: new Date(2025, 7, 20, 14) },
  { id: '4', title: 'Rack maintenance', start: new Date(2025, 7, 20, 10) },
  { id: '5', title: 'Audit', start: new Date(2025, 8, 2, 11) },
];

function Controlled(props: CalendarProps) {
  const [month, setMonth] = useState(props.month);
  return (
    <Calendar
      {...props}
      month={month}
      onMonthChange={(next) => {
        setMonth(next);
        props.onMonthChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Location/Calendar',
  component: Calendar,
  render: (args) => <Controlled {...args} />,
  args: {
    month: today,
    today,
    appointments,
    onMonthChange: fn(),
    onSelectAppointment: fn(),
    onSelectDay: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          "A location's appointments by month. Weeks start on Monday and the view covers whole weeks; appointments sit on the day they start, earliest first; today and the current month are marked; weekday labels follow the language.",
      },
    },
  },
} satisfies Meta<typeof Calendar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getAllByRole('columnheader')[0]).toHaveTextContent('Mon');
    await userEvent.click(canvas.getByRole('button', { name: 'Next month' }));
    await expect(args.onMonthChange).toHaveBeenCalledWith(new Date(2025, 8, 1));
    await expect(canvas.getByRole('heading', { name: 'September 2025' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Audit/ }));
    await expect(args.onSelectAppointment).toHaveBeenCalledWith(appointments[4]);
  },
};
export const Playground: Story = { args: { maxPerDay: 2 } };
/** A month over six weeks (March 2026 starts on a Sunday): the last week stays on screen at 1440×900. */
export const SixWeeks: Story = {
  args: { month: new Date(2026, 2, 1), today: new Date(2026, 2, 30) },
  parameters: { viewport: { defaultViewport: 'desktop' } },
  play: async ({ canvas }) => {
    const rows = canvas.getAllByRole('row');
    await expect(rows).toHaveLength(7);
    const last = rows.at(-1)!.getBoundingClientRect();
    await expect(last.bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};
export const Empty: Story = { args: { appointments: [] } };
export const ManyItems: Story = {
  args: {
    appointments: Array.from({ length: 90 }, (_, i) => ({
      id: `m${i}`,
      title: `Delivery ${i + 1}`,
      start: new Date(2025, 7, 1 + (i % 31), 6 + (i % 10)),
    })),
  },
};
export const LongTexts: Story = {
  args: {
    appointments: [
      {
        id: 'l',
        title: 'Jahresinventur aller Kleinteilelager inklusive Nachbestellung und Qualitätsprüfung',
        start: new Date(2025, 7, 14, 8),
      },
    ],
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Czech: Story = {
  globals: { locale: 'cs' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('columnheader')[0]).toHaveTextContent(/^po/i);
  },
};
