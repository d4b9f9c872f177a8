import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ErrorState } from './ErrorState';

const meta = {
  title: 'Feedback/ErrorState',
  component: ErrorState,
  args: { message: 'A communication error occurred.', onRetry: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'An inline failure (announced as an alert) with an optional retry. The message comes from the app.',
      },
    },
  },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const Playground: Story = { args: { title: 'Container not found' } };
export const WithoutRetry: Story = { args: { onRetry: undefined } };
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Romanian: Story = {
  globals: { locale: 'ro' },
  args: { message: 'A apărut o eroare de comunicare.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Încearcă din nou' })).toBeInTheDocument();
  },
};
