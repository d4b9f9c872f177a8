import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Location/Lists',
  component: AppAt,
  args: { path: '/location/C001-B01-L01/lists' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "A location's barcode lists (upload with confirmation and the 'again' confirmation, result with invalid_barcode rows, download, remove) and inventory lists (save with the 'save before upload' confirmation, row-by-row preview, 'transfer inventory list' confirmation that creates a review request).",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('No barcode lists uploaded yet.', {}, { timeout: 8000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Download all barcodes' })).toBeVisible();
  },
};

/** Customer staff hold no list permission. */
export const NoPermission: Story = {
  beforeEach: prepareScreen('staff'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'You may not upload or download lists at this location.',
        {},
        { timeout: 8000 },
      ),
    ).toBeVisible();
  },
};
