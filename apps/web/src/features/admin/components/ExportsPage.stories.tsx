import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { api } from '../../../lib/api';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Exports',
  component: AppAt,
  args: { path: '/admin/export' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "The user's Excel exports of location and branch searches, newest first, with state and download.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After exporting one location's search. */
export const Default: Story = {
  beforeEach: async (context) => {
    await prepareScreen('kdadmin')(context);
    await api.location.exportXlsx({ params: { code: 'C001-B01-L01' }, body: { searchTerm: '' } });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /^Download/ }, { timeout: 8000 })).toBeVisible();
  },
};

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No exports yet', {}, { timeout: 8000 })).toBeInTheDocument();
  },
};
