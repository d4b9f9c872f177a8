import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { UserMenu } from './UserMenu';

const adminLinks = [
  { id: 'admin', label: 'Administration', href: '#/admin' },
  { id: 'users', label: 'User management', href: '#/admin/users' },
  { id: 'profile', label: 'Profile', href: '#/profile/1' },
  { id: 'protocol', label: 'Protocol', href: '#/admin/protocol' },
  { id: 'exports', label: 'Exports', href: '#/admin/export' },
  { id: 'app', label: 'Mobile App', href: '#/app' },
];

const meta = {
  title: 'Navigation/UserMenu',
  component: UserMenu,
  args: {
    user: { fullName: 'Anna Nowak', username: 'admin' },
    links: adminLinks,
    logoutLabel: 'Logout',
    onLogout: fn(),
    languages: ['de', 'en', 'cz', 'pl', 'hu', 'ro'].map((code) => ({ code })),
    language: 'en',
    onLanguageChange: fn(),
  },
  decorators: [
    (Story) => <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 560 }}>{Story()}</div>,
  ],
  parameters: {
    docs: {
      description: {
        component:
          'Avatar initials, name and username, the links the user may see (the app filters them with the permission rules of @falcon/api-client), the language switch and logout.',
      },
    },
  },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /User menu/ }));
    await expect(canvas.getByRole('menuitem', { name: 'Administration' })).toHaveFocus();
  },
};
export const CustomerStaff: Story = {
  name: 'Customer staff (fewer links)',
  args: {
    user: { fullName: 'Jan Novák', username: 'staff' },
    links: adminLinks.filter((l) => ['profile', 'app'].includes(l.id)),
  },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /User menu/ }));
    await expect(canvas.queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};
export const LongName: Story = {
  args: {
    user: {
      fullName: 'Maximilian Alexander von Hohenberg-Schwarzenstein',
      username: 'max.hohenberg-schwarzenstein',
    },
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Hungarian: Story = {
  globals: { locale: 'hu' },
  args: { language: 'hu', logoutLabel: 'Kijelentkezés' },
};
