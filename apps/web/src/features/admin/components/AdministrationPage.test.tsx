import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/session';
import { state } from '../../../lib/store';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

describe('impersonation (ADMIN only)', () => {
  it('continues as another user, says so above the header, and ends by signing out', async () => {
    const user = userEvent.setup();
    await signInWithMock('admin');
    const { router } = renderApp('/admin');
    const form = (
      await screen.findByRole('heading', { name: 'Continue as another user' }, { timeout: 8000 })
    ).closest('section, div') as HTMLElement;
    await user.type(within(form).getByLabelText(/Username/), 'staff');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    await user.click(within(form).getByRole('button', { name: 'Continue as this user' }));

    const notice = await screen.findByText(/^You are acting as .+ \(staff\); signed in as admin\.$/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(state.session?.username).toBe('staff');
    expect(state.session?.impersonatedBy).toBe('admin');
    // On the start page as the customer user; the administration page left behind asks nothing more (as
    // the customer user its overview would answer 403 and lead to the error page).
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome, / })).toBeInTheDocument();
    await vi.waitFor(() => expect(state.pendingCalls).toBe(0));
    expect(router.state.location.pathname).toBe('/');
    expect(assign).not.toHaveBeenCalledWith('/error');

    await user.click(screen.getByRole('button', { name: 'End and sign out' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(state.session).toBeNull();
    assign.mockRestore();
  });

  it('shows an unknown username on the field and stays the ADMIN', async () => {
    const user = userEvent.setup();
    await signInWithMock('admin');
    renderApp('/admin');
    const field = await screen.findByLabelText(/Username/, {}, { timeout: 8000 });
    await user.type(field, 'nobody-here');
    await user.click(screen.getByRole('button', { name: 'Continue as this user' }));
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription('Not found.'));
    expect(state.session?.username).toBe('admin');
    expect(screen.queryByText(/You are acting as/)).toBeNull();
  });
});
