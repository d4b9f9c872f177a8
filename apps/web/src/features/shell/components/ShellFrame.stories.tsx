import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Shell/Frame',
  component: AppAt,
  // A screen with one table: the dashboard's two paging bars share a label (landmark-unique, not the frame's).
  args: { path: '/reviews' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "The signed-in frame: the user menu offers exactly the pages the route guards let the user open (one table, config/access.ts), every user's requests, and a customer admin's roles; the fixed-height layout keeps the footer.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A customer admin: User management and Roles, My requests; no Administration, no Protocol. */
export const CustomerAdminMenu: Story = {
  play: async ({ canvas, userEvent }) => {
    // The first story of a run compiles the frame on the spot: allow for it.
    await userEvent.click(await canvas.findByRole('button', { name: /^User menu/ }, { timeout: 20000 }));
    const menu = within(document.body).getByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'User management' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    await expect(within(menu).getByRole('menuitem', { name: 'Roles' })).toHaveAttribute(
      'href',
      '/admin/roles',
    );
    await expect(within(menu).getByRole('menuitem', { name: 'My requests' })).toHaveAttribute(
      'href',
      '/reviews?tab=mine',
    );
    await expect(within(menu).queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
    await expect(within(menu).queryByRole('menuitem', { name: 'Protocol' })).not.toBeInTheDocument();
  },
};

/** An administrator on the location screen: the fixed-height layout with its footer, and the way to edit the rack layout. */
export const FixedHeightWithFooter: Story = {
  args: { path: '/location/C001-B01-L01' },
  beforeEach: prepareScreen('admin'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('link', { name: 'Edit rack layout' }, { timeout: 8000 }),
    ).toHaveAttribute('href', '/locationupdate/C001-B01-L01');
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
  },
};
