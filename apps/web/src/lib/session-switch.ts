import { isApiError } from '@falcon/api-client';
import { paths } from '../config/paths';
import { api } from './api';
import { browser } from './browser';
import { forgetServerData } from './server-data';
import type { SignInResult } from './session';
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
 * Sign-out (menu or inactivity): ends the session on the server (a failure is only logged), resets all
 * state and loads the login page afresh, so nothing of the previous user stays in memory.
 */
export const signOut = async () => {
  try {
    await api.auth.signout();
  } catch (error) {
    console.error(error);
  }
  forgetServerData();
  resetState();
  browser.assign(paths.login.to());
};
