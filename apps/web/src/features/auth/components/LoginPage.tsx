import { LANGUAGES } from '@falcon/api-client';
import { Button, type LoginCredentials, LoginForm } from '@falcon/ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Logo } from '../../../components/Logo';
import { showInFrame } from '../../../lib/frame-toasts';
import { loadNamespaces, waitText } from '../../../lib/i18n';
import { changeLanguage, languageOptions } from '../../../lib/language';
import { usePageTitle } from '../../../lib/page-title';
import { usePublicContent } from '../../../lib/public-content';
import { type SignInResult, signIn } from '../../../lib/session';
import { state } from '../../../lib/store';

interface LoginPageProps {
  /** Where to go after signing in (already checked to stay inside the app). */
  redirectTo: string;
  /** An attempt starts: what the next page needs can load meanwhile. */
  onSignInStart?: () => void;
  onSignedIn: (to: string) => void;
}

/**
 * The server's messages (the failure's text, the success toast) are a namespace of their own, loaded
 * with the signed-in frame; the login page needs them only once an attempt was made, so they load
 * alongside the sign-in request rather than with the page (ON_DEMAND_NAMESPACES in app/routes-config.ts).
 */
const ATTEMPT_NAMESPACES = ['messages'] as const;

/** The company account's form loads when asked for: the login route stays within its size budget. */
const CompanySignIn = lazy(() =>
  import('./CompanySignIn').then((module) => ({ default: module.CompanySignIn })),
);

/**
 * Spec: language at the top right, username, password, remember username, login with a spinner. The
 * message is set after every attempt: cleared when one starts, then the failure's text (or none).
 */
export function LoginPage({ redirectTo, onSignInStart, onSignedIn }: LoginPageProps) {
  const { t } = useTranslation('auth');
  const { language, rememberedUsername } = useSnapshot(state);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<Extract<SignInResult, { ok: false }> | null>(null);
  const [company, setCompany] = useState(false);
  // Spec: supported languages are loaded on start; the fallback list serves until then (or on failure).
  const languages = usePublicContent('languages');

  usePageTitle(t('login.pageTitle'));

  const onSubmit = async ({ username, password, remember }: LoginCredentials) => {
    setFailure(null);
    setLoading(true);
    onSignInStart?.();
    const messages = loadNamespaces(ATTEMPT_NAMESPACES).catch((error: unknown) => console.error(error));
    const result = await signIn(username, password, remember);
    await messages;
    setLoading(false);
    if (result.ok) {
      // Shown by the signed-in frame the next page opens in.
      showInFrame({ type: 'info', title: t('login_successful', { ns: 'messages' }) });
      onSignedIn(redirectTo);
    } else {
      setFailure(result);
    }
  };

  return (
    <LoginForm
      brand={<Logo label={t('login.brand')} size={36} />}
      onSubmit={onSubmit}
      loading={loading}
      error={
        // `when`: the wait of a back-off (too_many_requests), in the page's language.
        failure ? t(failure.message, { ns: 'messages', when: waitText(failure.retryAfterSeconds) }) : null
      }
      initialUsername={rememberedUsername ?? undefined}
      languages={languageOptions(languages ?? LANGUAGES)}
      language={language}
      onLanguageChange={(code) => void changeLanguage(code)}
      alternative={
        company ? (
          <Suspense fallback={null}>
            <CompanySignIn redirectTo={redirectTo} />
          </Suspense>
        ) : (
          <Button variant="secondary" onClick={() => setCompany(true)}>
            {t('login.sso.open')}
          </Button>
        )
      }
    />
  );
}
