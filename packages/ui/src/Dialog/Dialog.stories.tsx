import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Button } from '../Button/Button';
import { Dialog, type DialogProps } from './Dialog';

function WithTrigger(props: DialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Dialog
        {...props}
        open={open}
        onClose={() => {
          setOpen(false);
          props.onClose();
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  render: (args) => <WithTrigger {...args} />,
  args: {
    open: false,
    title: 'Change filling quantity',
    onClose: fn(),
    children: <p>The request goes to the responsible clerk for review.</p>,
    footer: <Button variant="primary">Send request</Button>,
  },
  parameters: {
    docs: {
      description: {
        component:
          'A modal dialog: focus moves in on open, Tab stays inside, Escape or the close button closes, and focus returns to the opener.',
      },
    },
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const opener = canvas.getByRole('button', { name: 'Open dialog' });
    await userEvent.click(opener);
    await expect(canvas.getByRole('dialog', { name: 'Change filling quantity' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
    await expect(opener).toHaveFocus();
  },
};
export const Playground: Story = { args: { open: true, size: 'md' } };
export const Open: Story = { args: { open: true } };
export const LongText: Story = {
  args: {
    open: true,
    title: 'Transfer the inventory list of Hall 3 – assembly line north to the responsible in-house clerk',
    children: (
      <p>
        {'The list contains 1,284 rows. Containers that are no longer active at this location are skipped. '.repeat(
          12,
        )}
      </p>
    ),
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' }, args: { open: true } };
export const Hungarian: Story = {
  globals: { locale: 'hu' },
  args: { open: true, title: 'Töltési mennyiség módosítása', children: <p>A kérés ellenőrzésre kerül.</p> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Bezárás' })).toBeInTheDocument();
  },
};
