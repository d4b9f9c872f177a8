import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { FileDrop } from './FileDrop';

const meta = {
  title: 'Inputs/FileDrop',
  component: FileDrop,
  args: {
    onFiles: fn(),
    onReject: fn(),
    accept: '.xlsx,.csv',
    hint: 'Barcode lists as .xlsx or .csv, up to 5 MB',
    maxSize: 5 * 1024 * 1024,
  },
  parameters: {
    docs: {
      description: {
        component:
          'Drop files or choose them with the file input (keyboard and screen readers use the input). Files over `maxSize` are refused with a message.',
      },
    },
  },
} satisfies Meta<typeof FileDrop>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const file = new File(['code;qty'], 'barcodes.csv', { type: 'text/csv' });
    await userEvent.upload(canvas.getByLabelText('choose files'), file);
    await expect(args.onFiles).toHaveBeenCalledWith([file]);
  },
};
export const Playground: Story = { args: { multiple: true } };
export const TooLarge: Story = {
  args: { maxSize: 10 },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.upload(
      canvas.getByLabelText('choose files'),
      new File(['0123456789abcdef'], 'inventory.csv'),
    );
    await expect(args.onReject).toHaveBeenCalledWith(['inventory.csv is larger than 0 KB.']);
  },
};
export const Disabled: Story = { args: { disabled: true } };
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const German: Story = {
  globals: { locale: 'de' },
  args: { hint: 'Barcodelisten als .xlsx oder .csv, bis 5 MB' },
};
