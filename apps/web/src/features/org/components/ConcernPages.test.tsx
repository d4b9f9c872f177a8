import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { state } from '../../../lib/store';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

describe('concern detail', () => {
  it('selects the concern, lists its branches and leads to one', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { router } = renderApp('/concern/C001');
    const branches = await screen.findByRole('table', { name: 'Branches' }, { timeout: 8000 });
    await waitFor(() => expect(state.selection).toMatchObject({ concernCode: 'C001', branchCode: null }));
    const first = within(branches).getAllByRole('link')[0] as HTMLElement;
    await user.click(first);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/branch\/C001-B\d\d$/));
  });

  it('searches the containers of the whole concern, in several branches, and exports the search', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const search = vi.spyOn(api.concern, 'search');
    const { router } = renderApp('/concern/C001');
    const results = await screen.findByRole('table', { name: 'Search results' }, { timeout: 20_000 });
    await waitFor(() => expect(within(results).getAllByRole('link').length).toBeGreaterThan(0));
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ params: { code: 'C001' } }));
    // A concern-wide answer: more than one branch's containers.
    const body = { query: '', page: 0, size: 5, filters: {} };
    const concern = await api.concern.search({ params: { code: 'C001' }, body });
    const branch = await api.branch.search({ params: { code: 'C001-B01' }, body });
    expect(concern.total).toBeGreaterThan(branch.total);
    expect(
      within(screen.getByRole('region', { name: 'Container search' })).getByText(
        new RegExp(`of ${concern.total.toLocaleString('en')}`),
      ),
    ).toBeInTheDocument();

    // Sorting is part of the request.
    await user.click(screen.getByRole('combobox', { name: /^Sort by/ }));
    const [, second] = within(await screen.findByRole('listbox')).getAllByRole('option');
    await user.click(second as HTMLElement);
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith(
        expect.objectContaining({ body: expect.objectContaining({ sortField: expect.any(String) }) }),
      ),
    );

    const exportXlsx = vi.spyOn(api.concern, 'exportXlsx');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('The current search results of this concern are exported.');
    await user.click(within(confirm).getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() =>
      expect(exportXlsx).toHaveBeenCalledWith(expect.objectContaining({ params: { code: 'C001' } })),
    );

    const link = within(results).getAllByRole('link')[0] as HTMLElement;
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/location\/C001-B\d\d-L\d\d$/));
  });

  it('shows its in-house staff and field service employees', async () => {
    await signInWithMock('kdadmin');
    renderApp('/concern/C001/contacts');
    expect(await screen.findByText('Luca Franke', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('Annabell Leist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /luca\.franke@/ })).toHaveAttribute(
      'href',
      'mailto:luca.franke@falcon-supply.example',
    );
  });
});
