import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Menu, type MenuItem } from './Menu';

const items: MenuItem[] = [
  { id: 'admin', label: 'Administration', href: '#admin' },
  { id: 'users', label: 'User management', href: '#users' },
  { id: 'profile', label: 'Profile', href: '#profile' },
  { id: 'protocol', label: 'Protocol', href: '#protocol' },
  { id: 'exports', label: 'Exports', href: '#exports' },
  { id: 'logout', label: 'Logout', onSelect: () => {}, separatorBefore: true },
];

const meta = {
  title: 'Navigation/Menu',
  component: Menu,
  args: { trigger: 'Actions', items, onSelect: fn() },
  decorators: [(Story) => <div style={{ minHeight: 320 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'A menu button (WAI-ARIA). Arrows, Home/End and type-ahead move between items; typed letters are forgotten after 350 ms. Items are actions or links.',
      },
    },
  },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { align: 'start' } };
export const TypeAhead: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Actions' }));
    await userEvent.keyboard('pro');
    await expect(canvas.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('t');
    await expect(canvas.getByRole('menuitem', { name: 'Protocol' })).toHaveFocus();
    await userEvent.keyboard('{End}{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(items[5]);
  },
};
export const LongTexts: Story = {
  args: {
    items: [
      { id: 'a', label: 'Transfer inventory list to the responsible in-house clerk', onSelect: () => {} },
      { id: 'b', label: 'Export search results to Excel (appears under Exports)', onSelect: () => {} },
    ],
  },
};
export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Actions' }));
  },
};
export const German: Story = {
  globals: { locale: 'de' },
  args: {
    trigger: 'Aktionen',
    items: [
      { id: 'p', label: 'Profil', href: '#p' },
      { id: 'l', label: 'Abmelden', onSelect: () => {} },
    ],
  },
};
