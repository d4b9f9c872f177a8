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
import { type SignInResult, signedIn, signIn } from '../../../lib/session';
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

/** The company account's and the second step's texts: loaded with their code, never with the page. */
const STEP_NAMESPACES = ['signin'] as const;

/** The company account's form loads when asked for, with its texts: the login route stays within its size budget. */
const CompanySignIn = lazy(() =>
  Promise.all([import('./CompanySignIn'), loadNamespaces(STEP_NAMESPACES)]).then(([module]) => ({
    default: module.CompanySignIn,
  })),
);
/**
 * The second step (issue 18) loads only when the password's answer asks for it, its texts with it (the
 * step renders translated from its first paint): the login route stays small.
 */
const SecondFactorStep = lazy(() =>
  Promise.all([import('./SecondFactorStep'), loadNamespaces(STEP_NAMESPACES)]).then(([module]) => ({
    default: module.SecondFactorStep,
  })),
);

/**
 * Spec: language at the top right, username, password, remember username, login with a spinner. The
 * message is set after every attempt: cleared when one starts, then the failure's text (or none).
 */
export function LoginPage({ redirectTo, onSignInStart, onSignedIn }: LoginPageProps) {
  const { t } = useTranslation('auth');
  const { language, rememberedUsername } = useSnapshot(state);
  const [loading, setLoading] = useState(false);
  const [passkeyLoading, setPasskeyLoading] = useState(false);
  const [failure, setFailure] = useState<Extract<SignInResult, { ok: false }> | null>(null);
  const [company, setCompany] = useState(false);
  const [secondStep, setSecondStep] = useState<{
    step: Extract<SignInResult, { ok: 'second-factor' }>['step'];
    remember: boolean;
  } | null>(null);
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
    if (result.ok === 'second-factor') setSecondStep({ step: result.step, remember });
    else if (result.ok) done();
    else setFailure(result);
  };

  // Password-less: a passkey enrolled on the profile names its user (issue 18).
  const withPasskey = async () => {
    setFailure(null);
    setPasskeyLoading(true);
    onSignInStart?.();
    const messages = loadNamespaces(ATTEMPT_NAMESPACES).catch((error: unknown) => console.error(error));
    // The passkey's code (and the WebAuthn library it loads) comes with the click, not with the page.
    const result = await import('../../../lib/passkey-sign-in').then(
      ({ passkeySignIn }) => passkeySignIn(),
      () => ({ ok: false as const, message: 'unspecifiedNetworkError' as const }),
    );
    await messages;
    setPasskeyLoading(false);
    if (result.ok) done();
    else if (result.message) setFailure({ ok: false, message: result.message });
  };

  const done = () => {
    // Shown by the signed-in frame the next page opens in.
    showInFrame({ type: 'info', title: t('login_successful', { ns: 'messages' }) });
    onSignedIn(redirectTo);
  };

  if (secondStep)
    return (
      <Suspense fallback={null}>
        <SecondFactorStep
          step={secondStep.step}
          onSignedIn={(session) => {
            signedIn(session, secondStep.remember);
            done();
          }}
          onCancel={() => setSecondStep(null)}
        />
      </Suspense>
    );

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
      footer={
        <Button type="button" variant="ghost" loading={passkeyLoading} onClick={() => void withPasskey()}>
          {t('secondFactor.passkey')}
        </Button>
      }
    />
  );
}
