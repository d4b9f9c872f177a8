import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Location/Appointments',
  component: AppAt,
  // The mock's dataset is dated around 1 September 2025.
  args: { path: '/location/C001-B01-L01/appointments?month=2025-09' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "A location's appointments in a month view starting on Monday; choosing one shows its type, start and end.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'September 2025' }, { timeout: 8000 }),
    ).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: /Wartung Kanban-Scanner/ }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Wartung Kanban-Scanner' });
    await expect(within(dialog).getByText('Type')).toBeInTheDocument();
  },
};

/** The month before: two audits at its end. */
export const PreviousMonth: Story = {
  args: { path: '/location/C001-B01-L01/appointments?month=2025-08' },
};
