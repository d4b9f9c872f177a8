import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

const usernames = () =>
  within(screen.getByRole('table', { name: 'User management' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('user administration', () => {
  it('lists users with roles and last login, filters by role and sorts by username', async () => {
    const user = userEvent.setup();
    await signInWithMock('admin');
    renderApp('/admin/users');
    expect(await screen.findByRole('link', { name: 'admin' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Last login/ })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'KD_ADMIN' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(usernames()).toContain('kdadmin'));
    expect(usernames()).not.toContain('admin');

    const before = usernames();
    await user.click(within(screen.getByRole('columnheader', { name: /Username/ })).getByRole('button'));
    await waitFor(() => expect(usernames()).toEqual([...before].reverse()));
  });

  it('shows a KD_ADMIN only the users of its own concern', async () => {
    await signInWithMock('kdadmin');
    renderApp('/admin/users');
    expect(await screen.findByRole('link', { name: 'staff' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'backoffice' })).toBeNull();
  });
});
