import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  args: { active: true },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component: 'The thin bar fixed to the top of the page while navigating or calling the API.',
      },
    },
  },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  },
};
export const Playground: Story = { args: { value: 60 } };
export const Inactive: Story = { args: { active: false } };
export const DarkTheme: Story = { globals: { theme: 'dark' }, args: { value: 30 } };
export const Polish: Story = { globals: { locale: 'pl' } };
