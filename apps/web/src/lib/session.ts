import {
  type ApiError,
  isApiError,
  type MessageKey,
  type SecondFactorNeeded,
  type Session,
} from '@falcon/api-client';
import { api } from './api';
import { browser } from './browser';
import { forgetServerData } from './server-data';
import { setSession } from './store';

export { browser };

// The company account's sign-in (lib/company-sign-in.ts) and the password-less passkey (lib/passkey-sign-in.ts)
// are modules of their own: the login page loads them when asked for, not with its first paint.

export type SignInResult =
  | { ok: true; session: Session }
  /** The password was right; a second factor is due (issue 18): verify one, or enrol one first. */
  | { ok: 'second-factor'; step: SecondFactorNeeded['secondFactor'] }
  /** `retryAfterSeconds`: how long a back-off lasts (too_many_requests). */
  | { ok: false; message: MessageKey; retryAfterSeconds?: number };

/**
 * Spec section 5: a sign-in counts only when the response holds a username ('invalid credentials'
 * otherwise); a failed call shows the server's key (login_failed, too_many_requests, network error).
 */
export const signIn = async (
  username: string,
  password: string,
  remember: boolean,
): Promise<SignInResult> => {
  try {
    const answer = await api.auth.signin({ body: { username, password } });
    if (answer && 'secondFactor' in answer) return { ok: 'second-factor', step: answer.secondFactor };
    if (!answer?.username) return { ok: false, message: 'invalid_credentials' };
    return { ok: true, session: signedIn(answer, remember) };
  } catch (error) {
    const key = isApiError(error) ? error.key : 'unspecifiedNetworkError';
    return {
      ok: false,
      message: key === 'unauthorized' || key === 'validation_error' ? 'login_failed' : key,
      retryAfterSeconds: (error as ApiError).details?.retryAfterSeconds as number | undefined,
    };
  }
};

/** A session opened (by the password alone, or after the second factor): the app takes it over. */
export const signedIn = (session: Session, remember?: boolean): Session => {
  forgetServerData();
  setSession(session, remember);
  return session;
};
