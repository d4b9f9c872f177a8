import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { type TabItem, Tabs, type TabsProps } from './Tabs';

const tabs: TabItem[] = [
  { id: 'data', label: 'Data', content: 'Code, place, shelf and rack of the container.' },
  { id: 'stats', label: 'Statistics', content: 'Number of scans, consumption, reach in weeks.' },
  { id: 'docs', label: 'Documents', content: 'Delivery notes and certificates.' },
  { id: 'info', label: 'Info', content: 'Notes for the clerk.' },
];

function Controlled(props: TabsProps) {
  const [value, setValue] = useState(props.value);
  return (
    <Tabs
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  render: (args) => <Controlled {...args} />,
  args: { label: 'Container', tabs, value: 'data', onChange: fn() },
  parameters: {
    docs: {
      description: { component: 'Tabs with automatic activation: arrows and Home/End move and select.' },
    },
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Data' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenLastCalledWith('stats');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Number of scans');
  },
};
export const Playground: Story = { args: { value: 'docs' } };
export const WithDisabled: Story = {
  args: { tabs: tabs.map((tab) => (tab.id === 'docs' ? { ...tab, disabled: true } : tab)) },
};
export const ManyAndLong: Story = {
  args: {
    tabs: Array.from({ length: 12 }, (_, i) => ({
      id: `t${i}`,
      label: `Storage coordinate section ${i + 1}`,
      content: `Panel ${i + 1}`,
    })),
    value: 't0',
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Polish: Story = {
  globals: { locale: 'pl' },
  args: {
    label: 'Pojemnik',
    tabs: [
      { id: 'data', label: 'Dane', content: 'Kod i miejsce.' },
      { id: 's', label: 'Statystyki', content: 'Skany.' },
    ],
  },
};
