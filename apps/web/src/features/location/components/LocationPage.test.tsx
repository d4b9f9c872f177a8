import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { state } from '../../../lib/store';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

const LOCATION = 'C001-B01-L01';

describe('location detail', () => {
  it('sets concern and branch from the location and shows its racks and containers', async () => {
    await signInWithMock('kdadmin');
    renderApp(`/location/${LOCATION}`);
    // The first request of the file builds the mock dataset: allow it time.
    expect(
      await screen.findByRole('grid', { name: 'Racks and shelves' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(state.selection).toMatchObject({
        concernCode: 'C001',
        branchCode: 'C001-B01',
        locationCode: LOCATION,
      }),
    );
    expect(await screen.findByText('Please choose a container.')).toBeInTheDocument();
  });

  it('requests a new filling quantity for the chosen container; it shows as pending', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { router } = renderApp(`/location/${LOCATION}`);
    const results = await screen.findByRole('table', { name: 'Search results' });
    // A result row (each has a link to its container), not one of the skeleton rows shown while loading.
    const firstLink = (await within(results).findAllByRole('link'))[0] as HTMLElement;
    await user.click(firstLink.closest('tr') as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?container=/));

    await user.click(await screen.findByRole('button', { name: 'Change filling quantity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change filling quantity' });
    const input = within(dialog).getByLabelText('New filling quantity');
    await user.clear(input);
    await user.type(input, '42');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('New filling quantity requested; it awaits review.')).toBeInTheDocument();
    const pending = await screen.findByRole('heading', { name: 'Open requests' });
    expect(pending.parentElement).toHaveTextContent('Filling quantity change (42.00)');
  });

  it('shows only the filters a customer staff user may use', async () => {
    const user = userEvent.setup();
    await signInWithMock('staff');
    renderApp(`/location/${LOCATION}`);
    await user.click(await screen.findByText('Filters'));
    expect(screen.getByLabelText('Only alarming')).toBeInTheDocument();
    expect(screen.queryByLabelText('Only with error')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reach in weeks from')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).not.toBeInTheDocument();
  });
});
