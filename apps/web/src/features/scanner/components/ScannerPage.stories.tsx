import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Mobile app',
  component: AppAt,
  args: { path: '/app' },
  beforeEach: prepareScreen('staff'),
  parameters: {
    layout: 'fullscreen',
    viewport: { defaultViewport: 'mobile1' },
    msw: { handlers },
    docs: {
      description: {
        component:
          "/app, phone first: scan a container's barcode with the camera (BarcodeDetector or its zxing-wasm ponyfill) or type it (a keyboard-wedge scanner types and presses Enter); then the container and the permitted requests.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Barcode', {}, { timeout: 8000 })).toBeVisible();
  },
};

/** K0000001's barcode typed and Enter pressed. */
export const Found: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      await canvas.findByLabelText('Barcode', {}, { timeout: 8000 }),
      '4000000000013{Enter}',
    );
    await expect(
      await canvas.findByRole('button', { name: 'Request refill (scan)' }, { timeout: 8000 }),
    ).toBeVisible();
  },
};

export const InvalidBarcode: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Barcode', {}, { timeout: 8000 }), '123{Enter}');
    await expect(await canvas.findByText('Invalid barcode.', {}, { timeout: 8000 })).toBeVisible();
  },
};
