import { DEFAULT_ROLES, type Session } from '@falcon/api-client';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionRefresh } from '../features/shell/api/useSessionRefresh';
import { api } from '../lib/api';
import { browser } from '../lib/browser';
import { signOut } from '../lib/session-switch';
import { state } from '../lib/store';
import { installFakeBroadcastChannel, otherTab } from '../testing/broadcast';
import { setupMockApi } from '../testing/mock-api';
import { renderApp } from '../testing/render';
import { signInAs } from '../testing/session';
import { signInWithMock } from '../testing/sign-in';

setupMockApi();
installFakeBroadcastChannel();

const MINUTE = 60_000;

/** The session as the server answers after an administrator changed the user's roles. */
const withPermissions = (session: Session, permissions: readonly string[]): Session => ({
  ...session,
  permissions: [...permissions],
});

const openUserMenu = async () => {
  await userEvent.click(await screen.findByRole('button', { name: /^User menu/ }));
  return screen.getByRole('menu');
};

afterEach(() => vi.useRealTimers());

describe('permissions follow the server, not the sign-in (issue 13)', () => {
  it('re-reads the session when the window gets the focus: the menu follows the new roles', async () => {
    const session = await signInWithMock('staff');
    renderApp('/');
    let menu = await openUserMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'User management' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    // An administrator makes the user a customer admin; the server answers with the new set.
    const read = vi
      .spyOn(api.auth, 'session')
      .mockResolvedValue(withPermissions(session, DEFAULT_ROLES.KD_ADMIN.permissions));
    act(() => {
      fireEvent.focus(window);
    });
    await waitFor(() => expect(read).toHaveBeenCalled());
    await waitFor(() => expect(state.session?.permissions).toContain('PERM_CREATEUSER'));
    menu = await openUserMenu();
    expect(within(menu).getByRole('menuitem', { name: 'User management' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Roles' })).toHaveAttribute('href', '/admin/roles');
  });

  it('a guard that would refuse asks the server first: a role granted since sign-in opens the page', async () => {
    const session = await signInWithMock('staff');
    vi.spyOn(api.auth, 'session').mockResolvedValue(
      withPermissions(session, [...session.permissions, 'PERM_CREATEROLE']),
    );
    const { router } = renderApp('/admin/roles');
    await waitFor(() => expect(state.session?.permissions).toContain('PERM_CREATEROLE'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles'));
  });

  it('re-reads every 5 minutes while the browser is used, and not while it lies idle', async () => {
    vi.useFakeTimers();
    const session = signInAs({ permissions: [] });
    const read = vi.spyOn(api.auth, 'session').mockResolvedValue(session);
    const wait = (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    renderHook(() => useSessionRefresh());
    await wait(5 * MINUTE);
    expect(read).not.toHaveBeenCalled();

    fireEvent.mouseMove(window);
    await wait(5 * MINUTE);
    expect(read).toHaveBeenCalledTimes(1);
    await wait(10 * MINUTE);
    expect(read).toHaveBeenCalledTimes(1);

    // Activity in another tab of this browser counts as use too.
    const tab = otherTab('falcon-session');
    tab.send({ type: 'activity' });
    await wait(5 * MINUTE);
    expect(read).toHaveBeenCalledTimes(2);
    tab.close();
  });
});

describe('the tabs of one browser share the session (issue 13)', () => {
  it('signing out in another tab signs this one out', async () => {
    await signInWithMock('staff');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderApp('/');
    await screen.findByRole('button', { name: /^User menu/ });
    const tab = otherTab('falcon-session');
    act(() => tab.send({ type: 'signout' }));
    expect(state.session).toBeNull();
    // After the counts kept on this device are forgotten (a shared phone, ADR 0062).
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    tab.close();
  });

  it('signing out here tells the other tabs', async () => {
    await signInWithMock('staff');
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const tab = otherTab('falcon-session');
    await signOut();
    expect(tab.received).toContainEqual({ type: 'signout' });
    tab.close();
  });
});
