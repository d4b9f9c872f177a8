import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { InactivityBanner } from './InactivityBanner';
import { useInactivity } from './useInactivity';

function Live({ onLogout }: { onLogout: () => void }) {
  // Shortened timers for the demo: warning after 1 s, logout 5 s later.
  const { warning, secondsLeft, reset } = useInactivity({ warnAfterMs: 1000, logoutAfterMs: 6000, onLogout });
  return (
    <>
      <p>Keep still for one second.</p>
      <InactivityBanner open={warning} secondsLeft={secondsLeft} onStay={reset} />
    </>
  );
}

const meta = {
  title: 'Feedback/InactivityBanner',
  component: InactivityBanner,
  args: { open: true, secondsLeft: 60, onStay: fn() },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'After 59 idle minutes a full-screen warning counts down 60 seconds; at 60 minutes the app logs out. `useInactivity` watches click, mouse move/down, scroll, key press and load; any activity hides the warning and restarts the timers.',
      },
    },
  },
} satisfies Meta<typeof InactivityBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alertdialog')).toHaveTextContent('You will be logged out in 60 seconds.');
    await expect(canvas.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
  },
};
export const Playground: Story = { args: { secondsLeft: 12 } };
export const Countdown: Story = {
  render: (args) => <Live onLogout={args.onStay} />,
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alertdialog')).toBeInTheDocument(), { timeout: 3000 });
    await waitFor(() => expect(canvas.getByRole('alertdialog')).toHaveTextContent(/in [0-4] seconds/), {
      timeout: 3000,
    });
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Romanian: Story = { globals: { locale: 'ro' } };
