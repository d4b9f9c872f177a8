import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';
import { uploadFile, uploadLikeABrowser } from '../../../testing/uploads';

setupMockApi();

uploadLikeABrowser();

const LISTS = '/location/C001-B01-L01/lists';

const barcodeList = async () => {
  const container = await api.container.get({ params: { id: 'K0000001' } });
  return csv('count.csv', `barcode\n${container.barcode}\n9999999999999\n`);
};

const csv = (name: string, text: string) => uploadFile([text], name, 'text/csv');

const fileInput = (section: HTMLElement) =>
  section.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;

describe('barcode lists', () => {
  it("reports invalid barcodes, asks 'again' for the same list, and removes a list after asking", async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const file = await barcodeList();
    renderApp(LISTS);
    const section = (
      await screen.findByRole('heading', { name: 'Barcode lists' }, { timeout: 8000 })
    ).closest('section') as HTMLElement;

    await user.upload(fileInput(section), file);
    const confirm = await screen.findByRole('alertdialog', { name: 'Upload barcode list?' });
    await user.click(within(confirm).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Invalid barcodes: 1')).toBeInTheDocument();
    const result = await screen.findByRole('table', { name: 'Result of count.csv' });
    await waitFor(() => expect(within(result).getByText('9999999999999')).toBeInTheDocument());
    expect(within(result).getByText('Invalid barcode.')).toBeInTheDocument();
    expect(within(section).getByText('1 of 2 invalid')).toBeInTheDocument();

    // The same content again: first the upload confirmation, then the 'again' one.
    await user.upload(fileInput(section), await barcodeList());
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Upload barcode list?' })).getByRole('button', {
        name: 'Upload',
      }),
    );
    const again = await screen.findByRole('alertdialog', { name: 'Upload this list again?' });
    await user.click(within(again).getByRole('button', { name: 'Upload again' }));
    await waitFor(() => expect(within(section).getAllByText('1 of 2 invalid')).toHaveLength(2));

    await user.click(within(section).getAllByRole('button', { name: 'Remove count.csv' })[0] as HTMLElement);
    const remove = await screen.findByRole('alertdialog', { name: 'Remove barcode list?' });
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(section).getAllByText('1 of 2 invalid')).toHaveLength(1));
  });

  it('refuses a file over 5 MB with an error that says what is accepted and stays until closed', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(LISTS);
    const section = (
      await screen.findByRole('heading', { name: 'Barcode lists' }, { timeout: 8000 })
    ).closest('section') as HTMLElement;
    await user.upload(fileInput(section), csv('huge.csv', 'x'.repeat(5 * 1024 * 1024 + 1)));
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('alert');
    expect(toast).toHaveTextContent('The upload failed.huge.csv is larger than 5 MB.');
    expect(toast).toHaveTextContent('Accepted: CSV, TXT or XLSX, one barcode per row, up to 5 MB.');
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByRole('alert')).toBeNull();
  });

  it('an inventory list with errors shows them row by row; a clean one is transferred after asking', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const container = await api.container.get({ params: { id: 'K0000001' } });
    renderApp(LISTS);
    await user.click(await screen.findByRole('tab', { name: 'Inventory lists' }, { timeout: 8000 }));
    const section = (await screen.findByRole('heading', { name: 'Inventory lists' })).closest(
      'section',
    ) as HTMLElement;

    await user.upload(fileInput(section), csv('bad.csv', `${container.barcode};abc\n`));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Save before upload?' })).getByRole('button', {
        name: 'Save and check',
      }),
    );
    const preview = await screen.findByRole('table', { name: 'Rows of bad.csv' });
    await waitFor(() => expect(within(preview).getByText('Invalid quantity')).toBeInTheDocument());
    expect(within(section).queryByRole('button', { name: 'Transfer bad.csv' })).toBeNull();

    await user.upload(fileInput(section), csv('good.csv', `${container.barcode};12\n`));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Save before upload?' })).getByRole('button', {
        name: 'Save and check',
      }),
    );
    await user.click(await within(section).findByRole('button', { name: 'Transfer good.csv' }));
    const transfer = await screen.findByRole('alertdialog', { name: 'Transfer inventory list?' });
    await user.click(within(transfer).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('The inventory list was sent for review.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByText('Transferred')).toBeInTheDocument());
  });
});
