import type { SecondFactorNeeded, Session, TotpSetup } from '@falcon/api-client';
import { Button } from '@falcon/ui';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field } from '../../../components/Field';
import { RecoveryCodes } from '../../../components/RecoveryCodes';
import { TotpEnrolment } from '../../../components/TotpEnrolment';
import { api } from '../../../lib/api';
import { errorKey, errorValues } from '../../../lib/messages';

const Page = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 100%;
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[4]}`};
`;

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: min(520px, 100%);
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.elevation[2]};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.xxl};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
  p {
    margin: 0;
  }
  form {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[3]};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Alert = styled.p`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSubtle};
  color: ${({ theme }) => theme.color.danger};
`;

type Step = SecondFactorNeeded['secondFactor'];

interface SecondFactorStepProps {
  step: Step;
  /** The session is open (after the recovery codes of an enrolment were seen). */
  onSignedIn: (session: Session) => void;
  /** Back to the password (also when the pending sign-in expired). */
  onCancel: () => void;
}

/**
 * The sign-in's second step (issue 18): a code of the authenticator app, a recovery code or a passkey;
 * or, when the role requires a factor the user does not have yet, enrolling an authenticator app first.
 */
export function SecondFactorStep({ step, onSignedIn, onCancel }: SecondFactorStepProps) {
  const { t } = useTranslation('signin');
  return (
    <Page>
      <Panel aria-labelledby="second-factor-title">
        <h1 id="second-factor-title">{t(step.stage === 'enrol' ? 'enrol.title' : 'secondFactor.title')}</h1>
        {step.stage === 'enrol' ? (
          <Enrol onSignedIn={onSignedIn} />
        ) : (
          <Verify methods={step.methods} onSignedIn={onSignedIn} />
        )}
        <div>
          <Button variant="ghost" onClick={onCancel}>
            {t('secondFactor.back')}
          </Button>
        </div>
      </Panel>
    </Page>
  );
}

/** The failure's text in the page's language (a back-off says how long to wait). */
const useFailureText = () => {
  const { t } = useTranslation('messages');
  return useCallback((failure: unknown) => t(errorKey(failure), errorValues(failure)), [t]);
};

function Verify({ methods, onSignedIn }: { methods: Step['methods']; onSignedIn: (s: Session) => void }) {
  const { t } = useTranslation('signin');
  const failureText = useFailureText();
  const id = useId();
  const [method, setMethod] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (kind: 'code' | 'passkey', call: () => Promise<Session>) => {
    setBusy(kind);
    setError(null);
    try {
      onSignedIn(await call());
    } catch (failure) {
      setError(failureText(failure));
      setBusy(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void run('code', () => api.mfa.verify({ body: { method, code } }));
  };
  const passkey = () =>
    run('passkey', async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = await api.mfa.passkeyOptions({ body: { purpose: 'second-factor' } });
      const credential = await startAuthentication({
        optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
      return api.mfa.passkeySignIn({ body: { credential: credential as never } });
    });

  return (
    <>
      {methods.includes('passkey') ? (
        <Row>
          <Button variant="primary" loading={busy === 'passkey'} onClick={() => void passkey()}>
            {t('secondFactor.passkey', { ns: 'auth' })}
          </Button>
        </Row>
      ) : null}
      {methods.includes('totp') || methods.includes('recovery') ? (
        <form onSubmit={submit} noValidate>
          <p>{t(method === 'totp' ? 'secondFactor.totpIntro' : 'secondFactor.recoveryIntro')}</p>
          <Field
            id={`${id}-${method}`}
            label={t(method === 'totp' ? 'totp.code' : 'secondFactor.recoveryCode')}
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
            maxLength={method === 'totp' ? 8 : 20}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Row>
            <Button
              type="submit"
              variant={methods.includes('passkey') ? 'secondary' : 'primary'}
              loading={busy === 'code'}
            >
              {t('secondFactor.submit')}
            </Button>
            {methods.includes('recovery') && methods.includes('totp') ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setMethod(method === 'totp' ? 'recovery' : 'totp');
                  setCode('');
                  setError(null);
                }}
              >
                {t(method === 'totp' ? 'secondFactor.useRecovery' : 'secondFactor.useTotp')}
              </Button>
            ) : null}
          </Row>
        </form>
      ) : null}
      {error ? <Alert role="alert">{error}</Alert> : null}
    </>
  );
}

function Enrol({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const { t } = useTranslation('signin');
  const failureText = useFailureText();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ session: Session; recoveryCodes: string[] } | null>(null);

  useEffect(() => {
    let live = true;
    api.mfa
      .enrolTotp()
      .then((answer) => live && setSetup(answer))
      .catch((failure: unknown) => live && setError(failureText(failure)));
    return () => {
      live = false;
    };
  }, [failureText]);

  const confirm = async (code: string) => {
    setPending(true);
    setError(null);
    try {
      setDone(await api.mfa.enrolTotpConfirm({ body: { code } }));
    } catch (failure) {
      setError(failureText(failure));
    }
    setPending(false);
  };

  if (done)
    return (
      <>
        <RecoveryCodes codes={done.recoveryCodes} />
        <div>
          <Button variant="primary" onClick={() => onSignedIn(done.session)}>
            {t('recovery.continue')}
          </Button>
        </div>
      </>
    );
  return (
    <>
      <p>{t('enrol.intro')}</p>
      {setup ? (
        <TotpEnrolment
          setup={setup}
          onConfirm={(code) => void confirm(code)}
          pending={pending}
          error={error}
        />
      ) : error ? (
        <Alert role="alert">{error}</Alert>
      ) : null}
    </>
  );
}
