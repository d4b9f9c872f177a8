import { endpointHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { resetOfflineStore } from '../../../lib/offline-store';
import { AppAt, prepareScreen } from '../../../testing/story';

/** K0000001's barcode: a container of C001-B01-L01 (the first location kdadmin may count). */
const BARCODE = '4000000000013';

const meta = {
  title: 'Screens/Mobile app/Count',
  component: AppAt,
  args: { path: '/app/count' },
  beforeEach: async (context) => {
    await resetOfflineStore();
    await prepareScreen('kdadmin')(context);
  },
  parameters: {
    layout: 'fullscreen',
    viewport: { defaultViewport: 'mobile1' },
    msw: { handlers },
    docs: {
      description: {
        component:
          '/app/count, phone first: start a count of a location or rack, scan (keyboard wedge or camera), progress by rack, undo, finish into the reconciliation and hand it over as an inventory list. Scans wait in IndexedDB while offline (ADR 0062).',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const startCount = async (
  canvas: ReturnType<typeof within>,
  userEvent: { click: (el: Element) => Promise<void> },
) => {
  const start = await canvas.findByRole('button', { name: 'Start count' }, { timeout: 8000 });
  // Enabled once the locations have loaded (the first is chosen).
  await waitFor(() => expect(start).toBeEnabled(), { timeout: 8000 });
  await userEvent.click(start);
  return canvas.findByLabelText('Barcode', {}, { timeout: 8000 });
};

export const Start: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Start count' }, { timeout: 8000 })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('All scans sent');
  },
};

/** A count of the whole location with one container scanned. */
export const Counting: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = await startCount(canvas, userEvent);
    await userEvent.type(field, `${BARCODE}{Enter}`);
    await expect(await canvas.findByText(/^1 of \d+ containers found$/, {}, { timeout: 8000 })).toBeVisible();
    await expect(await canvas.findByText('Found')).toBeVisible();
  },
};

/** The server cannot be reached: the scan waits on the phone and the screen says so. */
export const OfflineWaiting: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        stocktakes: [endpointHandler('stocktakes.scan', () => HttpResponse.error()), ...handlers.stocktakes],
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const field = await startCount(canvas, userEvent);
    await userEvent.type(field, `${BARCODE}{Enter}`);
    const status = canvas.getByTestId('count-status');
    await expect(
      await within(status).findByText('Waiting to be sent: 1', {}, { timeout: 8000 }),
    ).toBeVisible();
    await waitFor(() => expect(status).toHaveTextContent('Offline'), { timeout: 8000 });
    await expect(canvas.getByRole('button', { name: 'Finish count' })).toBeDisabled();
  },
};

/** Finished with one container found: the others are missing. */
export const Finished: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = await startCount(canvas, userEvent);
    await userEvent.type(field, `${BARCODE}{Enter}`);
    await canvas.findByText(/^1 of \d+ containers found$/, {}, { timeout: 8000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Finish count' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish count' }));
    await expect(
      await canvas.findByRole('heading', { name: /^Missing: \d+$/ }, { timeout: 8000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Unexpected: 0' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Hand over as inventory list' })).toBeVisible();
  },
};
