import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { prepareFrame } from '../../../app/layouts/RootLayout';
import { AppProvider } from '../../../app/provider';
import { api } from '../../../lib/api';
import { browser } from '../../../lib/session';
import { state } from '../../../lib/store';
import { installFakeBroadcastChannel, otherTab } from '../../../testing/broadcast';
import { signInAs } from '../../../testing/session';
import { SessionWatch } from './SessionWatch';

const MINUTE = 60_000;

// Tabs of one browser, delivered at once (the app opens its channel on first use, after this).
installFakeBroadcastChannel();

describe('inactivity (spec section 4)', () => {
  let signout: MockInstance;
  let assign: MockInstance;

  beforeEach(async () => {
    // It lives in the signed-in frame, which loads its namespaces (the warning is a server message) and
    // the ui library's widget texts first.
    await prepareFrame();
    vi.useFakeTimers();
    signInAs({ username: 'staff' });
    signout = vi.spyOn(api.auth, 'signout').mockResolvedValue({ ok: true });
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    render(
      <AppProvider>
        <SessionWatch />
      </AppProvider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  it('warns at 59 minutes with a 60-second countdown, then signs out on the server and here at 60', async () => {
    act(() => vi.advanceTimersByTime(59 * MINUTE - 1000));
    expect(screen.queryByText(/logged out in/)).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('You will be logged out in 60 seconds due to inactivity.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByText('You will be logged out in 45 seconds due to inactivity.')).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(45_000);
    });
    expect(signout).toHaveBeenCalledTimes(1);
    // After the counts kept on this device are forgotten (a shared phone, ADR 0062).
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(state.session).toBeNull();
  });

  it('any activity hides the warning and starts the hour again', () => {
    act(() => vi.advanceTimersByTime(59 * MINUTE + 5000));
    expect(screen.getByText(/logged out in/)).toBeInTheDocument();

    act(() => {
      fireEvent.keyPress(window, { key: 'a', charCode: 97 });
    });
    expect(screen.queryByText(/logged out in/)).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(58 * MINUTE));
    fireEvent.mouseMove(window);
    act(() => vi.advanceTimersByTime(58 * MINUTE));
    expect(screen.queryByText(/logged out in/)).not.toBeInTheDocument();
    expect(signout).not.toHaveBeenCalled();
  });

  it('activity in another tab of this browser restarts the timers here too (issue 13)', () => {
    const tab = otherTab('falcon-session');
    act(() => vi.advanceTimersByTime(30 * MINUTE));
    // The other tab was used after 30 minutes; this one was not touched since sign-in.
    act(() => tab.send({ type: 'activity' }));
    act(() => vi.advanceTimersByTime(30 * MINUTE));
    // 60 minutes after this tab's last own activity, 30 after the other tab's: no warning, no sign-out.
    expect(screen.queryByText(/logged out in/)).not.toBeInTheDocument();
    expect(signout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(29 * MINUTE));
    expect(screen.getByText(/logged out in/)).toBeInTheDocument();
    // Pressing "stay" in the other tab hides the warning here.
    act(() => tab.send({ type: 'activity' }));
    expect(screen.queryByText(/logged out in/)).not.toBeInTheDocument();
    tab.close();
  });
});
