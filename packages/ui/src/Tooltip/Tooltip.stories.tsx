import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { CloseIcon } from '../internal/icons/CloseIcon';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: { content: 'Delete position', children: <Button aria-label="Delete" icon={<CloseIcon />} /> },
  decorators: [(Story) => <div style={{ paddingTop: 48, paddingLeft: 80 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'A short description above its trigger, shown 150 ms after hover or keyboard focus, fading in over 200 ms and out over 5 ms; Escape hides it. The text also becomes the trigger’s accessible description.',
      },
    },
  },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(canvas.getByRole('tooltip')).toHaveTextContent('Delete position'));
    await userEvent.unhover(canvas.getByRole('button', { name: 'Delete' }));
    await expect(canvas.queryByRole('tooltip')).not.toBeInTheDocument();
  },
};
export const Playground: Story = { args: { delay: 150 } };
export const LongText: Story = {
  args: { content: 'Reach in weeks: stock divided by the average weekly consumption of the last 12 months' },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Czech: Story = { globals: { locale: 'cs' }, args: { content: 'Smazat pozici' } };
