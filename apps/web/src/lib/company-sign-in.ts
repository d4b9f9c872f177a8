import { isApiError, type MessageKey } from '@falcon/api-client';
import { api } from './api';
import { forgetServerData } from './server-data';
import { setSession } from './store';

// Single sign-on's two calls (ADR 0064), apart from lib/session.ts: only the company account's form and
// the callback page (both loaded on demand) import them, so the login route does not carry them.

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
