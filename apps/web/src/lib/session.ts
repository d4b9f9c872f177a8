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

export type CompanySignInStart = { ok: true; url: string } | { ok: false; message: MessageKey };

/**
 * Single sign-on (ADR 0064): the authorization URL of the provider of the concern the e-mail's domain
 * belongs to; the browser goes there and comes back to /login/sso.
 */
export const startCompanySignIn = async (email: string, redirect: string): Promise<CompanySignInStart> => {
  try {
    const { url } = await api.sso.start({ body: { email, redirect } });
    return { ok: true, url };
  } catch (error) {
    const key = isApiError(error) ? error.key : 'unspecifiedNetworkError';
    return { ok: false, message: key === 'not_found' ? 'sso_not_available' : key };
  }
};

export type CompanySignInResult = { ok: true; redirect: string } | { ok: false; message: MessageKey };

/** The provider's answer (the callback page's query) completes the sign-in: a session, as a password one. */
export const completeCompanySignIn = async (answer: {
  state: string;
  code?: string;
  iss?: string;
  error?: string;
}): Promise<CompanySignInResult> => {
  try {
    const { session, redirect } = await api.sso.callback({ body: answer });
    forgetServerData();
    setSession(session);
    return { ok: true, redirect };
  } catch (error) {
    const key = isApiError(error) ? error.key : 'unspecifiedNetworkError';
    return { ok: false, message: key === 'validation_error' || key === 'unauthorized' ? 'sso_failed' : key };
  }
};

/** A session opened (by the password alone, or after the second factor): the app takes it over. */
export const signedIn = (session: Session, remember?: boolean): Session => {
  forgetServerData();
  setSession(session, remember);
  return session;
};

/**
 * Password-less sign-in with a passkey (issue 18): the browser asks the authenticator (the library loads
 * only now); a cancelled prompt is no failure to show.
 */
export const passkeySignIn = async (): Promise<
  { ok: true; session: Session } | { ok: false; message: MessageKey | null }
> => {
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const optionsJSON = await api.mfa.passkeyOptions({ body: { purpose: 'sign-in' } });
    let credential: Awaited<ReturnType<typeof startAuthentication>>;
    try {
      credential = await startAuthentication({
        optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
    } catch {
      return { ok: false, message: null };
    }
    const session = await api.mfa.passkeySignIn({ body: { credential: credential as never } });
    return { ok: true, session: signedIn(session) };
  } catch (error) {
    return { ok: false, message: isApiError(error) ? error.key : 'unspecifiedNetworkError' };
  }
};
