import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { MultiSelect, type MultiSelectProps } from './MultiSelect';

const options = [
  'Reach',
  'Delivery state',
  'Obligation acceptance',
  'Alarming',
  'Consumption',
  'Stock turn rate',
].map((label) => ({ value: label.toLowerCase().replace(/ /g, '-'), label }));

function Controlled(props: MultiSelectProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ minHeight: 320 }}>
      <MultiSelect
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          props.onChange(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Inputs/MultiSelect',
  component: MultiSelect,
  render: (args) => <Controlled {...args} />,
  args: { label: 'Filters', options, value: [], onChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Chooses several options. The popup closes after each choice (spec); the field summarises the choices.',
      },
    },
  },
} satisfies Meta<typeof MultiSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const combobox = canvas.getByRole('combobox', { name: /Filters/ });
    await userEvent.click(combobox);
    await userEvent.click(canvas.getByRole('option', { name: 'Alarming' }));
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expect(args.onChange).toHaveBeenCalledWith(['alarming']);
  },
};
export const Playground: Story = { args: { placeholder: 'No filter', disabled: false } };
export const ManySelected: Story = { args: { value: ['reach', 'alarming', 'consumption'] } };
export const Empty: Story = { args: { options: [] } };
export const DarkTheme: Story = { globals: { theme: 'dark' }, args: { value: ['reach'] } };
export const Romanian: Story = {
  globals: { locale: 'ro' },
  args: { label: 'Filtre', value: ['reach', 'alarming', 'consumption'] },
};
