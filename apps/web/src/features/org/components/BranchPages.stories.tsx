import { errorHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Branch/Detail',
  component: AppAt,
  args: { path: '/branch/C001-B01' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'A branch: its locations with container and alarming counts, and a container search over the whole branch with Excel export; its contacts and map on the sub-pages.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('table', { name: 'Locations' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  },
};

export const Contacts: Story = {
  args: { path: '/branch/C001-B01/contacts' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('In-house staff', {}, { timeout: 8000 })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: { ...handlers, branch: [errorHandler('branch.get', 500), ...handlers.branch] } },
  },
};
