import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Concern/Detail',
  component: AppAt,
  args: { path: '/concern/C001' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'A concern: its branches (opening one selects it), and its in-house staff and field service employees.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('table', { name: 'Branches' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  },
};

export const Contacts: Story = {
  args: { path: '/concern/C001/contacts' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Field service', {}, { timeout: 8000 })).toBeInTheDocument();
  },
};
