import type { Meta, StoryObj } from '@storybook/react-vite';
import { DateText } from './DateText';

const meta = {
  title: 'Data/DateText',
  component: DateText,
  args: { value: '2025-08-31T14:30:00Z', timeZone: 'UTC' },
  parameters: {
    docs: { description: { component: 'Dates in the current language inside a `<time>` element.' } },
  },
} satisfies Meta<typeof DateText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { format: 'datetime' } };
export const Month: Story = { args: { format: 'month' } };
export const Missing: Story = { args: { value: null } };
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Romanian: Story = { globals: { locale: 'ro' }, args: { format: 'month' } };
