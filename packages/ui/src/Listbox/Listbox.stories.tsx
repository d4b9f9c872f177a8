import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Listbox, type ListboxProps } from './Listbox';

const roles = ['ADMIN', 'BACKOFFICE', 'KD_ADMIN', 'KD_USER', 'SALESFORCE'].map((label) => ({
  value: label,
  label,
}));

function Controlled(props: ListboxProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: 320 }}>
      <Listbox
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
  title: 'Inputs/Listbox',
  component: Listbox,
  render: (args) => <Controlled {...args} />,
  args: { label: 'Roles', options: roles, value: 'ADMIN', onChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'An always-visible single-select list: one tab stop, arrows, Home/End and type-ahead (reset after 350 ms).',
      },
    },
  },
} satisfies Meta<typeof Listbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    canvas.getByRole('listbox', { name: 'Roles' }).focus();
    await userEvent.keyboard('sal');
    await expect(args.onChange).toHaveBeenLastCalledWith('SALESFORCE');
  },
};
export const Playground: Story = { args: { rows: 3 } };
export const ManyItems: Story = {
  args: {
    options: Array.from({ length: 200 }, (_, i) => ({
      value: `u${i}`,
      label: `user${i + 1}`,
      secondary: `#${i + 1}`,
    })),
    value: 'u0',
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const German: Story = { globals: { locale: 'de' }, args: { label: 'Rollen' } };
