import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { QuickSearch } from '../QuickSearch/QuickSearch';
import { UserMenu } from '../UserMenu/UserMenu';
import { Header } from './Header';

const userMenu = (
  <UserMenu
    user={{ fullName: 'Anna Nowak', username: 'admin' }}
    links={[{ id: 'profile', label: 'Profile', href: '#/profile/1' }]}
    logoutLabel="Logout"
    onLogout={fn()}
  />
);

const meta = {
  title: 'Layout/Header',
  component: Header,
  args: {
    logo: <span>Falcon</span>,
    homeHref: '#/',
    search: <QuickSearch onSearch={fn()} onSelect={fn()} />,
    userMenu,
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The top bar: the logo links home, the QuickSearch sits in the middle, the UserMenu at the right. A skip link jumps to the main content. Pass `renderHomeLink` to use the router’s Link.',
      },
    },
  },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /Home/ })).toHaveAttribute('href', '#/');
    await expect(canvas.getByRole('combobox', { name: 'Quick search' })).toBeInTheDocument();
  },
};
export const Playground: Story = {};
export const WithoutSearch: Story = { args: { search: undefined } };
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Czech: Story = { globals: { locale: 'cs' } };
