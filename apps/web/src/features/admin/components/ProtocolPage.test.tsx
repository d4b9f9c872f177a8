import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

const kinds = () =>
  within(screen.getByRole('table', { name: 'Protocol' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);

describe('admin protocol', () => {
  it('filters by kind and shows a change before and after', async () => {
    const user = userEvent.setup();
    await signInWithMock('admin');
    renderApp('/admin/protocol');
    await screen.findAllByRole('cell', { name: 'Sign-in' }, { timeout: 15_000 });

    await user.click(screen.getByRole('combobox', { name: /^Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Request rejected' }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(new Set(kinds())).toEqual(new Set(['Request rejected'])));

    const [first] = screen.getAllByRole('button', { name: /^Before \/ after:/ });
    await user.click(first as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('columnheader', { name: 'Before' })).toBeInTheDocument();
    expect(within(dialog).getByRole('rowheader', { name: 'State' })).toBeInTheDocument();
  });

  it('filters by user and location code', async () => {
    const user = userEvent.setup();
    await signInWithMock('admin');
    renderApp('/admin/protocol');
    await screen.findAllByRole('cell', { name: 'Sign-in' }, { timeout: 15_000 });
    await user.type(screen.getByLabelText('Location code'), 'C001-B01-L01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => {
      const locations = within(screen.getByRole('table', { name: 'Protocol' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[3]?.textContent);
      expect(new Set(locations)).toEqual(new Set(['C001-B01-L01']));
    });
  });
});
