import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { type ToastOptions, ToastProvider, ToastViewport, useToast } from './Toasts';

function Demo({ toasts }: { toasts: ToastOptions[] }) {
  const { show } = useToast();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {toasts.map((toast) => (
        <Button key={toast.title} onClick={() => show(toast)}>
          {toast.type ?? 'info'}: {toast.title}
        </Button>
      ))}
      <Button variant="primary" onClick={() => toasts.forEach(show)}>
        Show all
      </Button>
    </div>
  );
}

const saved: ToastOptions = { type: 'info', title: 'Saved', text: 'The user was saved.' };
const warned: ToastOptions = {
  type: 'warn',
  title: 'Check the quantity',
  text: 'The filling quantity is unusually high.',
};
const failed: ToastOptions = {
  type: 'error',
  title: 'Upload failed',
  text: 'A communication error occurred.',
};

const meta = {
  title: 'Feedback/Toasts',
  component: ToastProvider,
  // Each story gets its own provider so toasts never leak between stories.
  render: (args) => (
    <ToastProvider duration={args.duration} max={args.max}>
      <Demo toasts={[saved, warned, failed]} />
    </ToastProvider>
  ),
  args: { duration: 2000, max: 3, children: null },
  parameters: {
    docs: {
      description: {
        component:
          'Wrap the app in `ToastProvider` and call `useToast().show({ type, title, text })`. Toasts sit top right, at most 3 at once (a fourth pushes out the oldest), and vanish after 2000 ms, on their close button or on a click; an error stays until it is closed (unless it is given a duration). The timer pauses while the pointer or focus rests on a toast.',
      },
    },
  },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'info: Saved' }));
    const region = canvas.getByRole('region', { name: 'Notifications' });
    await expect(region).toHaveTextContent('The user was saved.');
    // Spec: a toast expires after 2000 ms.
    await waitFor(() => expect(region).not.toHaveTextContent('Saved'), { timeout: 3000 });
  },
};

export const Playground: Story = { args: { duration: 10000, max: 3 } };

export const AllTypes: Story = {
  args: { duration: 600000 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show all' }));
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Upload failed');
  },
};

/** An error stays until closed: a refused upload says what is accepted and waits for the reader. */
export const ErrorStaysUntilClosed: Story = {
  args: { duration: 50 },
  render: (args) => (
    <ToastProvider duration={args.duration}>
      <Demo
        toasts={[
          saved,
          {
            type: 'error',
            title: 'File type not accepted',
            text: 'Accepted: PNG, JPEG, GIF, WebP, SVG, PDF; at most 10 MB.',
          },
        ]}
      />
    </ToastProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(canvas.queryByRole('status')).not.toBeInTheDocument());
    await expect(canvas.getByRole('alert')).toHaveTextContent('Accepted: PNG');
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Below a 60 px header (the app's frame), so a toast never covers the user menu. */
export const BelowHeader: Story = {
  args: { duration: 600000 },
  render: (args) => (
    <ToastProvider duration={args.duration} offsetTop={60}>
      <Demo toasts={[saved]} />
    </ToastProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'info: Saved' }));
    await expect(
      canvas.getByRole('region', { name: 'Notifications' }).getBoundingClientRect().top,
    ).toBeGreaterThanOrEqual(60);
  },
};

export const AtMostThree: Story = {
  args: { duration: 600000 },
  render: (args) => (
    <ToastProvider duration={args.duration}>
      <Demo
        toasts={[1, 2, 3, 4].map((n) => ({
          type: 'info',
          title: `Saved ${n}`,
          text: `Container ${n} was saved.`,
        }))}
      />
    </ToastProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show all' }));
    const region = canvas.getByRole('region', { name: 'Notifications' });
    await expect(region).not.toHaveTextContent('Saved 1');
    await expect(region).toHaveTextContent('Saved 4');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Close' })[0]!);
    await expect(region).not.toHaveTextContent('Saved 2');
  },
};

export const LongText: Story = {
  render: () => (
    <ToastViewport
      onDismiss={() => {}}
      toasts={[
        {
          id: 1,
          type: 'warn',
          duration: 2000,
          title: 'The inventory list could not be transferred to the responsible clerk',
          text: 'The list contains 1,284 rows; 17 of them reference containers that are no longer active at this location (Hall 3, rack 12, shelf 4). Please correct the list and upload it again.',
        },
      ]}
    />
  ),
};

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <ToastViewport
      onDismiss={() => {}}
      toasts={[
        { id: 1, duration: 2000, type: 'info', title: saved.title, text: saved.text },
        { id: 2, duration: 2000, type: 'warn', title: warned.title, text: warned.text },
        { id: 3, duration: 2000, type: 'error', title: failed.title, text: failed.text },
      ]}
    />
  ),
};

export const Czech: Story = {
  globals: { locale: 'cs' },
  render: () => (
    <ToastViewport
      onDismiss={() => {}}
      toasts={[
        {
          id: 1,
          duration: 2000,
          type: 'error',
          title: 'Nahrání selhalo',
          text: 'Došlo ke komunikační chybě.',
        },
      ]}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Oznámení' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Zavřít' })).toBeInTheDocument();
  },
};
