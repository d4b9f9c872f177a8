import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { resetOfflineStore, waiting } from '../../../lib/offline-store';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

/** Starts a count of the first location once the locations have loaded (the button is enabled then). */
const startCount = async (user: ReturnType<typeof userEvent.setup>) => {
  // The file's first render loads the app's routes and the mock's data: up to 20 s on a loaded machine.
  const start = await screen.findByRole('button', { name: 'Start count' }, { timeout: 20_000 });
  await waitFor(() => expect(start).toBeEnabled(), { timeout: 8000 });
  await user.click(start);
};
beforeEach(() => resetOfflineStore());

describe('/app/count', () => {
  it('starts a count, sends a typed scan, undoes it and finishes into the reconciliation', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { barcode } = await api.container.get({ params: { id: 'K0000001' } });
    renderApp('/app/count');
    await startCount(user);
    const field = await screen.findByLabelText('Barcode', {}, { timeout: 8000 });
    await user.type(field, `${barcode}{Enter}`);
    expect(await screen.findByText(/^1 of \d+ containers found$/, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('count-status')).toHaveTextContent('All scans sent');

    const scans = screen.getByRole('list', { name: 'Scans' });
    await user.click(within(scans).getByRole('button', { name: 'Undo' }));
    expect(await within(scans).findByText('Undone', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText(/^0 of \d+ containers found$/, {}, { timeout: 8000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finish count' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Finish count' }),
    );
    expect(
      await screen.findByRole('heading', { name: /^Missing: [1-9]\d*$/ }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unexpected: 0' })).toBeInTheDocument();
  }, 60_000);

  it('keeps a scan the server cannot take yet and sends it once the network is back, with its key', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { barcode } = await api.container.get({ params: { id: 'K0000001' } });
    const scan = vi.spyOn(api.stocktakes, 'scan');
    scan.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderApp('/app/count');
    await startCount(user);
    await user.type(await screen.findByLabelText('Barcode', {}, { timeout: 8000 }), `${barcode}{Enter}`);
    const status = screen.getByTestId('count-status');
    expect(
      await within(status).findByText('Waiting to be sent: 1', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(status).toHaveTextContent('Offline');
    expect(await waiting('kdadmin')).toHaveLength(1);

    window.dispatchEvent(new Event('online'));
    expect(await within(status).findByText('All scans sent', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText(/^1 of \d+ containers found$/, {}, { timeout: 8000 })).toBeInTheDocument();
    // Sent twice (the failed try and the good one), with one key: the server counted it once.
    expect(scan).toHaveBeenCalledTimes(2);
    const keys = scan.mock.calls.map(([input]) => (input as { body: { key: string } }).body.key);
    expect(new Set(keys).size).toBe(1);
    expect(await waiting('kdadmin')).toEqual([]);
  }, 60_000);

  it('is not offered to customer staff (no inventory lists): /app has no link and /app/count leads back', async () => {
    await signInWithMock('staff');
    renderApp('/app/count');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mobile App' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Count stock' })).toBeNull();
  });
});
