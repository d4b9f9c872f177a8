import { isApiError } from '@falcon/api-client';
import { publicPaths } from '../config/public-paths';
import { api } from './api';
import { browser } from './browser';
import { forgetServerData } from './server-data';
import type { SignInResult } from './session';
import { tellOtherTabs } from './session-tabs';
import { resetState, setSession } from './store';

// Ending or switching the session: the signed-in frame's and the administration's (lib/session.ts holds
// what the login page needs, so these stay out of its bundle).

/** ADMIN continues as another user: session, username and permissions are replaced. */
export const impersonate = async (username: string): Promise<SignInResult> => {
  try {
    const session = await api.auth.impersonate({ body: { username } });
    forgetServerData();
    resetState();
    setSession(session);
    return { ok: true, session };
  } catch (error) {
    return { ok: false, message: isApiError(error) ? error.key : 'unspecifiedNetworkError' };
  }
};

/**
 * Sign-out (menu or inactivity): ends the session on the server (a failure is only logged), tells the
 * browser's other tabs (they share the session cookie and sign out too), resets all state and loads the
 * login page afresh, so nothing of the previous user stays in memory.
 */
export const signOut = async () => {
  try {
    await api.auth.signout();
  } catch (error) {
    console.error(error);
  }
  tellOtherTabs({ type: 'signout' });
  await leave();
};

/** Another tab of this browser signed out: the session is gone here too, so the same, without the server call. */
export const signedOutElsewhere = () => {
  void leave();
};

const leave = async () => {
  forgetServerData();
  resetState();
  // What /app kept of the server's answers on this phone goes too (a shared device, ADR 0062); loaded
  // only now, so the frame does not carry IndexedDB's wrapper.
  await import('./offline-store').then((store) => store.forgetOfflineCounts()).catch(() => {});
  browser.assign(publicPaths.login.to());
};
