import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { defaultOrderDate, localIsoDate } from '../../../lib/container-actions';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

// jsdom has neither a BarcodeDetector nor WebAssembly streaming: the reader is what fails to load here.
vi.mock('../../../components/camera/barcodeDetector', () => ({
  createDetector: () => Promise.reject(new Error('the zxing wasm could not be fetched')),
}));

setupMockApi();

describe('/app scanner', () => {
  it('finds a container by a typed barcode (Enter, as a keyboard-wedge scanner sends) and requests a refill', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    const { barcode, locationCode } = await api.container.get({ params: { id: 'K0000001' } });
    const location = (await api.cbl.tree())
      .flatMap((concern) => concern.branches.flatMap((branch) => branch.locations))
      .find((l) => l.code === locationCode);
    renderApp('/app');
    const field = await screen.findByLabelText('Barcode', {}, { timeout: 8000 });
    await user.type(field, `${barcode}{Enter}`);
    expect(await screen.findByRole('heading', { name: `Container ${barcode}` })).toBeInTheDocument();
    // The location by the name staff know it by, with its code.
    expect(await screen.findByRole('link', { name: `${location?.name} (${locationCode})` })).toHaveAttribute(
      'href',
      expect.stringContaining(`/location/${locationCode}`),
    );
    // Customer staff may not deactivate.
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request refill (scan)' }));
    expect(await screen.findByText('Scan requested; it awaits review.')).toBeInTheDocument();
  });

  it('proposes tomorrow for an additional order, as the location panel does, and sends it', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    const { barcode } = await api.container.get({ params: { id: 'K0000001' } });
    renderApp('/app');
    await user.type(await screen.findByLabelText('Barcode', {}, { timeout: 8000 }), `${barcode}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Additional order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Additional order' });
    const date = within(dialog).getByLabelText('Delivery date');
    expect(date).toHaveValue(defaultOrderDate(new Date()));
    expect(date).toHaveAttribute('min', localIsoDate(new Date()));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Additional order requested; it awaits review.')).toBeInTheDocument();
  });

  it("says 'Invalid barcode' for an unknown code", async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    renderApp('/app');
    await user.type(await screen.findByLabelText('Barcode', {}, { timeout: 8000 }), '123{Enter}');
    expect(await screen.findByText('Invalid barcode.')).toBeInTheDocument();
  });

  it('asks for camera permission when the camera is refused', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    renderApp('/app');
    await user.click(await screen.findByRole('button', { name: 'Scan with camera' }, { timeout: 8000 }));
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Please allow access to the camera.')).toBeInTheDocument();
  });

  it('says the camera cannot read barcodes when no reader loads, turns the camera off and keeps typing possible', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    const track = { stop: vi.fn() };
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.resolve({ getTracks: () => [track] }) },
    });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    renderApp('/app');
    await user.click(await screen.findByRole('button', { name: 'Scan with camera' }, { timeout: 8000 }));
    const main = screen.getByRole('main');
    expect(
      await within(main).findByText(
        'This device cannot read barcodes with the camera. Please type the barcode.',
      ),
    ).toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByLabelText('Barcode')).toBeEnabled();
    play.mockRestore();
  });
});
