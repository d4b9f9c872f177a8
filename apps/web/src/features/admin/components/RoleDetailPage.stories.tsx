import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Admin/Role detail',
  component: AppAt,
  args: { path: '/admin/role/new' },
  beforeEach: prepareScreen('admin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'A role: name, name fields, region, whether its users must sign in with a second factor, and its permissions grouped by kind; the five visibility groups (master data, article statistics, container statistics, delivery details, container data) are one-click bundles.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewRole: Story = {
  play: async ({ canvas, userEvent }) => {
    const bundle = await canvas.findByRole('button', { name: 'Master data' }, { timeout: 8000 });
    await userEvent.click(bundle);
    await expect(bundle).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The built-in KD_USER role (R05): its name cannot change, it cannot be deleted. */
export const BuiltIn: Story = {
  args: { path: '/admin/role/R05' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'KD_USER', level: 1 }, { timeout: 8000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Delete role' })).toBeNull();
  },
};

/**
 * The same built-in role as a customer admin (kdadmin) sees it: global roles are maintained by the
 * supplier, so the page says why and offers no save, no delete and no ticks.
 */
export const ReadOnlyForCustomerAdmin: Story = {
  args: { path: '/admin/role/R05' },
  beforeEach: prepareScreen('kdadmin'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'KD_USER', level: 1 }, { timeout: 8000 }),
    ).toBeVisible();
    await expect(await canvas.findByRole('note')).toHaveTextContent('Read only');
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete role' })).toBeNull();
    await expect(await canvas.findByRole('button', { name: 'Master data' })).toBeDisabled();
  },
};

/**
 * The second-factor policy of KD_USER switched on by an administrator: the page says that the role's users
 * without a factor (all seven in the demo data) will be asked to enrol one at their next sign-in.
 */
export const SecondFactorRequired: Story = {
  args: { path: '/admin/role/R05' },
  play: async ({ canvas, userEvent }) => {
    const toggle = await canvas.findByRole('switch', { name: 'Second factor required' }, { timeout: 8000 });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(await canvas.findByRole('note')).toHaveTextContent(
      'Users of this role without a second factor: 7.',
    );
  },
};
