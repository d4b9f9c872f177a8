import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

// jsdom has no object URLs: the map image only needs some src.
const { createObjectURL, revokeObjectURL } = URL;
beforeAll(() => {
  URL.createObjectURL = () => 'blob:map';
  URL.revokeObjectURL = () => {};
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const BRANCH = 'C001-B01';

describe('branch map', () => {
  it('is read-only for a user without the edit-branch-map permission', async () => {
    await signInWithMock('staff');
    renderApp(`/branch/${BRANCH}/map`);
    expect(await screen.findAllByRole('button', { name: /^Position / }, { timeout: 8000 })).not.toHaveLength(
      0,
    );
    expect(screen.queryByRole('button', { name: 'Delete all positions' })).not.toBeInTheDocument();
    expect(screen.queryByText('Replace the map')).not.toBeInTheDocument();
    expect(screen.queryByText('Place a location')).not.toBeInTheDocument();
  });

  it('asks before deleting one position and before deleting all', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp(`/branch/${BRANCH}/map`);
    const pins = await screen.findAllByRole('button', { name: /^Position / }, { timeout: 8000 });
    const count = pins.length;
    (pins[0] as HTMLElement).focus();
    await user.keyboard('{Delete}');
    const one = await screen.findByRole('alertdialog', { name: 'Delete position?' });
    await user.click(within(one).getByRole('button', { name: /Delete|Confirm/ }));
    expect(await screen.findByText('Deleted successfully.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Position / })).toHaveLength(count - 1),
    );

    await user.click(screen.getByRole('button', { name: 'Delete all positions' }));
    const all = await screen.findByRole('alertdialog', { name: 'Delete all positions on this map?' });
    await user.click(within(all).getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByRole('button', { name: /^Position / })).toHaveLength(count - 1);
    await user.click(screen.getByRole('button', { name: 'Delete all positions' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete all positions on this map?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete all positions' }));
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Position / })).toHaveLength(0));
  });
});

describe('branch detail', () => {
  it('lists its locations and searches the containers of the whole branch', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { router } = renderApp(`/branch/${BRANCH}`);
    const locations = await screen.findByRole('table', { name: 'Locations' }, { timeout: 8000 });
    expect(within(locations).getAllByRole('link').length).toBeGreaterThan(0);

    const results = await screen.findByRole('table', { name: 'Search results' });
    const link = (await within(results).findAllByRole('link'))[0] as HTMLElement;
    const code = link.textContent ?? '';
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/location\/C001-B01-L\d\d$/));
    expect(await screen.findByRole('heading', { name: `Container ${code}` })).toBeInTheDocument();
  });
});
