import type { Session } from '@falcon/api-client/lite';
import { paths } from '../config/paths';
import { api } from './api';
import { browser } from './browser';
import { forgetServerData } from './server-data';
import { resetState, setSession, state } from './store';

/**
 * How often an open tab re-reads its session besides on focus and after a 403: 5 minutes. An
 * administrator's change of roles reaches a tab left open on one screen within that time, while a tab
 * costs the server one small read (the session query every call runs anyway) per 5 minutes; shorter
 * would buy little, since coming back to the window (focus) re-reads at once.
 */
export const SESSION_REFRESH_MS = 5 * 60_000;

const sameSession = (a: Session, b: Session): boolean => JSON.stringify(a) === JSON.stringify(b);

let inFlight: Promise<void> | null = null;

/**
 * Re-reads the session from the server (GET auth/session) so menus, guards and buttons follow the
 * permissions as they are now, not as they were at sign-in (issue 13). Calls that overlap share one
 * request. A changed permission set also drops the cached server data (field visibility follows the
 * permissions); another user's session (someone signed in as another user in another tab of this
 * browser) starts the app afresh at the dashboard. A 401 is the transport's (state reset, reload);
 * any other failure is only logged.
 */
export const refreshSession = (): Promise<void> => {
  if (!state.session?.username) return Promise.resolve();
  inFlight ??= (async () => {
    try {
      const fresh = await api.auth.session();
      const before = state.session;
      if (!before?.username || !fresh?.username) return;
      if (fresh.userId !== before.userId) {
        forgetServerData();
        resetState();
        setSession(fresh);
        browser.assign(paths.dashboard.to());
        return;
      }
      if (sameSession(before, fresh)) return;
      if (JSON.stringify(before.permissions) !== JSON.stringify(fresh.permissions)) forgetServerData();
      setSession(fresh);
    } catch (error) {
      console.error(error);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
};
