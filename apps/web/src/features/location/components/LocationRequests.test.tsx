import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { withElementSize } from '../../../testing/element-size';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

// The rack grid is virtualised: its elements need a size to render the visible racks.
withElementSize();

const LOCATION = 'C001-B01-L01';
const panel = () => screen.getByRole('region', { name: 'Chosen container' });
const openRequests = async () =>
  (await within(panel()).findByRole('heading', { name: 'Open requests' })).parentElement as HTMLElement;

describe('requests from the location screen (issue 13)', () => {
  it('sends a message about the container; it shows as pending and the requester withdraws it', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(`/location/${LOCATION}?container=K0000011`);
    // The first request of the file builds the mock dataset: allow it time.
    await user.click(await screen.findByRole('button', { name: 'Send message' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Message to the responsible clerk' });
    expect(dialog).toHaveTextContent('About container KB-0000011');
    await user.type(within(dialog).getByLabelText('Message'), 'The bin is cracked.');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent; you find it under My requests.')).toBeInTheDocument();
    await waitFor(async () => expect(await openRequests()).toHaveTextContent('Message'));

    await user.click(within(await openRequests()).getByRole('button', { name: /^Withdraw Message of/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw this request?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Request withdrawn.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel()).queryByRole('heading', { name: 'Open requests' })).not.toBeInTheDocument(),
    );
  });

  it('shows a waiting action as pending with the reason, and says why a 409 came', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(`/location/${LOCATION}?container=K0000012`);
    const scan = await screen.findByRole('button', { name: 'Request refill (scan)' }, { timeout: 8000 });
    expect(scan).toBeEnabled();
    // Meanwhile the same scan is asked for elsewhere (another tab): the panel still offers it.
    await api.container.scan({ params: { id: 'K0000012' } });
    await user.click(scan);
    expect(await screen.findByText('The same request is waiting for review already.')).toBeInTheDocument();
    // The container as it is now: the scan waits, so the button is disabled with the reason, no second request.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request refill (scan)' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Request refill (scan)' })).toHaveAccessibleDescription(
      'Request refill (scan): The same request is waiting for review already.',
    );
    expect(screen.getByRole('button', { name: 'Change filling quantity' })).toBeEnabled();
  });

  it('offers scan rack and handle rack for a rack chosen in the grid; the grid shows when it was handled', async () => {
    const user = userEvent.setup();
    await signInWithMock('backoffice');
    renderApp(`/location/${LOCATION}`);
    const grid = await screen.findByRole('grid', { name: 'Racks and shelves' }, { timeout: 8000 });
    const rack = within(grid).getAllByRole('button', { name: /^Rack / })[0] as HTMLElement;
    // The rack's name is the header's first line (a note may follow).
    const rackName = rack.querySelector('span > span')?.textContent ?? '';
    expect(rackName).toMatch(/^Rack /);
    await user.click(rack);
    let dialog = await screen.findByRole('dialog', { name: rackName });

    await user.click(within(dialog).getByRole('button', { name: 'Handle rack' }));
    const confirm = await screen.findByRole('alertdialog', { name: /as handled\?$/ });
    await user.click(within(confirm).getByRole('button', { name: 'Handle rack' }));
    expect(await screen.findByText(/recorded as handled\.$/)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(grid).getAllByRole('button', { name: /^Rack / })[0]).toHaveAccessibleName(
        new RegExp(`^${rackName}\\W+Handled .+ by backoffice$`),
      ),
    );

    await user.click(within(grid).getAllByRole('button', { name: /^Rack / })[0] as HTMLElement);
    dialog = await screen.findByRole('dialog', { name: rackName });
    expect(dialog).toHaveTextContent(/Last handled .+ by backoffice\./);
    await user.click(within(dialog).getByRole('button', { name: 'Scan rack' }));
    expect(await screen.findByText('Rack scan requested; it awaits review.')).toBeInTheDocument();
    // Opened again: the scan waits for review, so it is not offered a second time.
    await user.click(within(grid).getAllByRole('button', { name: /^Rack / })[0] as HTMLElement);
    dialog = await screen.findByRole('dialog', { name: rackName });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Scan rack' })).toBeDisabled());
    expect(dialog).toHaveTextContent('A scan of this rack is waiting for review already.');
  });

  it('sends a message about a shelf of a rack chosen in the grid', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(`/location/${LOCATION}`);
    const grid = await screen.findByRole('grid', { name: 'Racks and shelves' }, { timeout: 8000 });
    const rack = within(grid).getAllByRole('button', { name: /^Rack / })[1] as HTMLElement;
    await user.click(rack);
    const menu = await screen.findByRole('dialog', { name: /^Rack / });
    // A customer admin may scan a rack but not record it as handled (the clerk's PERM_HANDLERACK).
    expect(within(menu).getByRole('button', { name: 'Scan rack' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Handle rack' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Message about a shelf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message to the responsible clerk' });
    expect(dialog).toHaveTextContent(/About shelf \d+ of rack/);
    await user.type(within(dialog).getByLabelText('Message'), 'Shelf bent.');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent; you find it under My requests.')).toBeInTheDocument();
    const mine = await api.reviews.mine({ body: { page: 0, size: 5, sortAsc: false } });
    expect(mine.items[0]).toMatchObject({ type: 'message', payload: { message: 'Shelf bent.' } });
    expect(mine.items[0]?.payload.shelfPosition).toBeGreaterThan(0);
  });

  it('suggests containers while typing; the keyboard chooses one and opens it', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { router } = renderApp(`/location/${LOCATION}`);
    const box = await screen.findByRole('combobox', { name: 'Search term' }, { timeout: 8000 });
    await user.type(box, 'KB-0000007');
    const list = await screen.findByRole('listbox', { name: 'Matching containers' });
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('KB-0000007');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]?.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?container=K0000007'));
    expect(await screen.findByRole('heading', { name: 'Container KB-0000007' })).toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: 'Matching containers' })).not.toBeInTheDocument();
  });
});
