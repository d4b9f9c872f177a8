import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Card } from '../Card/Card';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { QuickSearch } from '../QuickSearch/QuickSearch';
import { makeRacks } from '../RackShelfGrid/fixtures';
import { RackShelfGrid } from '../RackShelfGrid/RackShelfGrid';
import { SelectorBar } from '../SelectorBar/SelectorBar';
import { UserMenu } from '../UserMenu/UserMenu';
import { Layout } from './Layout';

const slots = {
  header: (
    <Header
      logo={<span>Falcon</span>}
      homeHref="#/"
      search={<QuickSearch onSearch={fn()} onSelect={fn()} />}
      userMenu={
        <UserMenu
          user={{ fullName: 'Anna Nowak', username: 'admin' }}
          links={[]}
          logoutLabel="Logout"
          onLogout={fn()}
        />
      }
    />
  ),
  selectorBar: (
    <SelectorBar
      concerns={[{ code: 'C1', name: 'Acme Holding' }]}
      branches={[{ code: 'B1', name: 'Acme Berlin' }]}
      concernCode="C1"
      onSelectConcern={fn()}
      onSelectBranch={fn()}
      onSelectLocation={fn()}
    />
  ),
  footer: <Footer copyright="© 2025" buildTimestamp="2025-08-31T00:00:00Z" />,
};

const meta = {
  title: 'Layout/Layout',
  component: Layout,
  args: {
    ...slots,
    children: (
      <Card title="Dashboard">
        <p>Content scrolls with the page.</p>
      </Card>
    ),
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Page frames chosen by the route meta: Default (inactivity banner, header, selector bar, scrolling content, footer), Empty (content and footer; login and error pages) and FixedHeight (content fills the window, e.g. branch map, location detail, calendar).',
      },
    },
  },
} satisfies Meta<typeof Layout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { layout: 'Default' } };
export const Empty: Story = {
  args: { layout: 'Empty', children: <Card title="Sorry, we couldn't find this page." /> },
};
export const FixedHeight: Story = {
  args: { layout: 'FixedHeight', children: <RackShelfGrid racks={makeRacks(30, 8, 4)} /> },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Polish: Story = { globals: { locale: 'pl' } };
