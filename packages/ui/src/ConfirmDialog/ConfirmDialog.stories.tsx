import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Delete all positions?',
    message: 'All location positions on this branch map will be removed.',
    danger: true,
    confirmLabel: 'Delete all',
    onConfirm: fn(),
    onCancel: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          'Asks before an action (deactivate, delete, upload, transfer, export). An alert dialog; focus starts on Cancel so Enter never confirms by accident.',
      },
    },
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete all' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};
export const Playground: Story = { args: { danger: false, confirmLabel: undefined } };
export const Loading: Story = { args: { loading: true } };
export const LongText: Story = {
  args: {
    title:
      'Transfer the inventory list to the responsible clerk now, although 17 rows reference inactive containers?',
    message: 'Rows with inactive containers are skipped and listed in the protocol of this location. '.repeat(
      4,
    ),
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const German: Story = {
  globals: { locale: 'de' },
  args: { title: 'Alle Positionen löschen?', message: undefined, confirmLabel: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
  },
};
