import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';
import { uploadFile, uploadLikeABrowser } from '../../../testing/uploads';

setupMockApi();
uploadLikeABrowser();

/** A real 1x1 PNG (the mock, like the server, checks the bytes, not the name). */
const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

const GALLERY = '/location/C001-B01-L01/gallery';

describe('location gallery', () => {
  it('asks before deleting an image; cancelling keeps it, confirming removes it', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(GALLERY);
    const deletes = await screen.findAllByRole('button', { name: /^Delete image:/ }, { timeout: 8000 });
    expect(deletes).toHaveLength(3);

    await user.click(deletes[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this image?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('button', { name: /^Delete image:/ })).toHaveLength(3);

    await user.click(screen.getAllByRole('button', { name: /^Delete image:/ })[0] as HTMLElement);
    const again = await screen.findByRole('alertdialog', { name: 'Delete this image?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Delete image:/ })).toHaveLength(2));
  });

  it('uploads an image and shows it in the gallery', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { container } = renderApp(GALLERY);
    const before = (await screen.findAllByRole('button', { name: /^Open image/ }, { timeout: 8000 })).length;
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    const png = uploadFile([TINY_PNG], 'shelf.png', 'image/png');
    await user.upload(input as HTMLInputElement, png);
    expect(await screen.findByText('Upload successful.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Open image/ })).toHaveLength(before + 1),
    );
  });

  it('refuses a file over 10 MB with an error that names what is accepted and stays until closed', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { container } = renderApp(GALLERY);
    await screen.findAllByRole('button', { name: /^Open image/ }, { timeout: 8000 });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, uploadFile([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', 'image/png'));
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('alert');
    expect(toast).toHaveTextContent('huge.png is larger than 10 MB.');
    expect(toast).toHaveTextContent('Accepted: JPEG, PNG or WebP, up to 10 MB.');
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByRole('alert')).toBeNull();
  });

  it('shows the images but no upload or delete to a user without the permission', async () => {
    await signInWithMock('staff');
    renderApp(GALLERY);
    // (The tests before deleted one of the three and uploaded one.)
    expect(await screen.findAllByRole('button', { name: /^Open image/ }, { timeout: 8000 })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Delete image/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Upload image')).not.toBeInTheDocument();
  });
});
