import { isApiError, type MessageKey, type Session } from '@falcon/api-client';
import { api } from './api';
import { signedIn } from './session';

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
