import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
