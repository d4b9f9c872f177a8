import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Select, type SelectOption, type SelectProps } from './Select';

const cities: SelectOption[] = ['Berlin', 'Bremen', 'Brno', 'Budapest', 'Bukarest', 'Kraków', 'Wien'].map(
  (label) => ({
    value: label.toLowerCase(),
    label,
  }),
);

function Controlled(props: SelectProps) {
  const [value, setValue] = useState(props.value);
  return (
    <Select
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
  title: 'Inputs/Select',
  component: Select,
  render: (args) => <Controlled {...args} />,
  args: { label: 'City', options: cities, value: null, onChange: fn() },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'A select-only combobox (WAI-ARIA APG). Arrow keys, Home/End and Enter work as in a native select; typing jumps to the matching option, and the typed characters are forgotten after 350 ms.',
      },
    },
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const combobox = canvas.getByRole('combobox', { name: /City/ });
    await userEvent.click(combobox);
    await userEvent.click(canvas.getByRole('option', { name: 'Brno' }));
    await expect(args.onChange).toHaveBeenCalledWith('brno');
  },
};

export const Playground: Story = {
  args: { placeholder: 'Choose a city', disabled: false, hideLabel: false },
};

export const TypeAhead: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const combobox = canvas.getByRole('combobox', { name: /City/ });
    combobox.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('bu');
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('budapest');
  },
};

export const Empty: Story = { args: { options: [] } };
export const Disabled: Story = { args: { disabled: true, value: 'wien' } };
export const LongTexts: Story = {
  args: {
    value: 'a',
    options: [
      {
        value: 'a',
        label: 'Kanban Logistics Central Warehouse North — Building 7, Hall 3',
        secondary: 'LOC-000000123',
      },
      { value: 'b', label: 'Short', secondary: 'L2' },
    ],
  },
};
export const ManyItems: Story = {
  args: {
    options: Array.from({ length: 500 }, (_, i) => ({
      value: `l${i}`,
      label: `Location ${i + 1}`,
      secondary: `L${i + 1}`,
    })),
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' }, args: { value: 'brno' } };
export const German: Story = { globals: { locale: 'de' }, args: { label: 'Stadt' } };
