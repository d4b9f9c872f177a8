import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { defaultOrderDate } from '../../../lib/container-actions';
import { withElementSize } from '../../../testing/element-size';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

// The rack grid is virtualised: its elements need a size to render the visible racks.
withElementSize();

const LOCATION = 'C001-B01-L01';

describe('container detail on the location page', () => {
  it('shows the panel of the container chosen in the rack grid', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { router } = renderApp(`/location/${LOCATION}`);
    const grid = await screen.findByRole('grid', { name: 'Racks and shelves' }, { timeout: 20_000 });
    const cell = (
      await within(grid).findAllByRole('gridcell', {
        name: /Shelf 1, Place \d+: Zylinderschraube DIN 912 M20x40/,
      })
    )[0];
    await user.click(cell as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Container KB-0000001' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?container=K0000001');
    expect(cell).toHaveAttribute('aria-selected', 'true');
    // Permitted fields in their sections, statistics included.
    expect(screen.getByText('Statistics')).toBeInTheDocument();
    expect(screen.getByText('Number of scans')).toBeInTheDocument();
    // The file's first request builds the mock dataset (seconds on a loaded machine).
  }, 40_000);

  it('works for staff, who may not see container, rack, shelf or place codes', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    const { router } = renderApp(`/location/${LOCATION}`);
    const grid = await screen.findByRole('grid', { name: 'Racks and shelves' }, { timeout: 8000 });
    // Cells are labelled by their article (staff sees article names), racks by name, shelves by position.
    const cell = (
      await within(grid).findAllByRole('gridcell', {
        name: /Shelf 1, Place \d+: Zylinderschraube DIN 912 M20x40/,
      })
    )[0];
    expect(cell).toHaveTextContent('Zylinderschraube DIN 912 M20x40');
    await user.click(cell as HTMLElement);
    // The chosen container's panel works as for anyone: staff may ask for a new filling quantity.
    expect(await screen.findByRole('button', { name: 'Change filling quantity' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?container=K0000001');
    expect(cell).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('table', { name: 'Search results' });
    // No code of a container, rack, shelf or place anywhere on the screen, and no rack reordering.
    expect(document.body.textContent).not.toMatch(/KB-\d{7}/);
    expect(document.body.textContent).not.toMatch(/L\d{2}-R\d{2}/);
    expect(screen.queryByRole('button', { name: /^Move rack/ })).not.toBeInTheDocument();
  });

  it('opens a result from its link with the keyboard', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(`/location/${LOCATION}`);
    const results = await screen.findByRole('table', { name: 'Search results' }, { timeout: 8000 });
    const link = (await within(results).findAllByRole('link'))[0] as HTMLElement;
    const code = link.textContent ?? '';
    link.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: `Container ${code}` })).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-current', 'true');
  });

  it('asks before requesting a deactivation, and sends nothing when cancelled', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(`/location/${LOCATION}?container=K0000002`);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate container?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Open requests' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const again = await screen.findByRole('alertdialog', { name: 'Deactivate container?' });
    await user.click(within(again).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Deactivation requested; it awaits review.')).toBeInTheDocument();
    const pending = await screen.findByRole('heading', { name: 'Open requests' });
    expect(pending.parentElement).toHaveTextContent('Deactivation');
  });

  it('opens the article with its certificate, drawing and statistics', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(`/location/${LOCATION}?container=K0000001`);
    await user.click(await screen.findByRole('button', { name: 'Article details' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: /^Article A\d+/ });
    expect(await within(dialog).findByText('Article certificate')).toBeInTheDocument();
    expect(within(dialog).getByText('Drawing')).toBeInTheDocument();
    expect(within(dialog).getByText('Statistics')).toBeInTheDocument();
    // The article's code is labelled as the article code, not the container code (issue 14).
    expect(within(dialog).getByText('Article code')).toBeInTheDocument();
    expect(within(dialog).queryByText('Container code')).not.toBeInTheDocument();

    // Documents download through the API client (jsdom has no object URLs: catch the saved blob).
    const saved: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:doc';
    };
    URL.revokeObjectURL = () => {};
    try {
      await user.click(within(dialog).getByRole('button', { name: /^Download Datenblatt/ }));
      await waitFor(() => expect(saved).toHaveLength(1));
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('requests an additional order for a date', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(`/location/${LOCATION}?container=K0000003`);
    await user.click(await screen.findByRole('button', { name: 'Additional order' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Additional order' });
    // The same proposal as the scanner's: tomorrow (lib/container-actions.ts).
    expect(within(dialog).getByLabelText('Delivery date')).toHaveValue(defaultOrderDate(new Date()));
    const factor = within(dialog).getByLabelText('Quantity (factor)');
    await user.clear(factor);
    await user.type(factor, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Additional order requested; it awaits review.')).toBeInTheDocument();
  });

  it('shows a customer staff user only the actions of their role', async () => {
    await signInWithMock('staff');
    renderApp(`/location/${LOCATION}?container=K0000001`);
    expect(
      await screen.findByRole('button', { name: 'Change filling quantity' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });
});

describe('Excel export of a location search', () => {
  it('asks first, then confirms with a toast and a way to the Exports page, which lists the file', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { router } = renderApp(`/location/${LOCATION}`);
    await user.click(await screen.findByRole('button', { name: 'Export to Excel' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to Excel?' });
    await user.click(within(dialog).getByRole('button', { name: 'Export to Excel' }));
    expect(
      await screen.findByText('The Excel export has started. You will find the file under Exports.'),
    ).toBeInTheDocument();

    await user.click(await screen.findByRole('link', { name: 'Go to Exports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/export'));
    const table = await screen.findByRole('table', { name: 'Exports' });
    expect(await within(table).findByText(new RegExp(`\\(${LOCATION}\\)`))).toBeInTheDocument();
  });
  it('shows a requester the state of their own requests for the chosen container', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    const view = renderApp(`/location/${LOCATION}?container=K0000003`);
    const panel = await screen.findByRole('region', { name: 'Chosen container' }, { timeout: 8000 });
    const mine = await within(panel).findByRole('region', { name: 'My requests' });
    await within(mine).findByText('No requests of yours for this container.');

    await user.click(within(panel).getByRole('button', { name: 'Change filling quantity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change filling quantity' });
    await user.clear(within(dialog).getByLabelText('New filling quantity'));
    await user.type(within(dialog).getByLabelText('New filling quantity'), '42');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    // The panel's list loads anew after the request: pending, with the proposed quantity.
    const mineNow = () => within(within(panel).getByRole('region', { name: 'My requests' }));
    await waitFor(() => expect(mineNow().getByText(/→ 42\.00/)).toBeInTheDocument());
    expect(mineNow().getByText('Pending')).toBeInTheDocument();
    view.unmount();

    // The reviewer rejects it with a reason; the requester sees that on the panel.
    const [request] = (
      await api.reviews.mine({ body: { page: 0, size: 50, filterMap: { state: 'pending' } } })
    ).items.filter((r) => r.containerId === 'K0000003');
    await signInWithMock('backoffice');
    await api.reviews.reject({ params: { id: request?.id ?? '' }, body: { comment: 'Not this week' } });
    await signInWithMock('staff');
    renderApp(`/location/${LOCATION}?container=K0000003`);
    const decided = await screen.findByRole('region', { name: 'My requests' }, { timeout: 8000 });
    await waitFor(() => expect(within(decided).getByText(/"Not this week"/)).toBeInTheDocument());
    expect(within(decided).getByText('Rejected')).toBeInTheDocument();
  });

  it('shows no own-requests list to a user who may send no requests', async () => {
    await signInWithMock('sales');
    renderApp(`/location/${LOCATION}?container=K0000003`);
    const panel = await screen.findByRole('region', { name: 'Chosen container' }, { timeout: 8000 });
    await within(panel).findByRole('heading', { name: /^Container / });
    expect(within(panel).queryByRole('region', { name: 'My requests' })).toBeNull();
  });
});
