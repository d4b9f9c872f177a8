import { Button } from '@falcon/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field } from '../../../components/Field';
import { type CompanySignInStart, startCompanySignIn } from '../../../lib/company-sign-in';
import { loadNamespaces } from '../../../lib/i18n';
import { browser } from '../../../lib/session';

const Panel = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  width: min(400px, 100%);
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  & > h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.lg};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

const ErrorText = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSubtle};
  color: ${({ theme }) => theme.color.danger};
`;

interface CompanySignInProps {
  /** Where to land after signing in (already checked to stay inside the app). */
  redirectTo: string;
}

/**
 * "Sign in with your company account" (ADR 0064), loaded when the login page's button asks for it: the work e-mail's domain finds the concern's identity
 * provider; the browser goes there and comes back to /login/sso. Decision: by e-mail, not by a list of
 * concerns, so a visitor learns nothing about who the customers are.
 */
export function CompanySignIn({ redirectTo }: CompanySignInProps) {
  const { t } = useTranslation('signin');
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Extract<CompanySignInStart, { ok: false }> | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !email.trim()) return;
    setBusy(true);
    setFailure(null);
    const messages = loadNamespaces(['messages']).catch((error: unknown) => console.error(error));
    const result = await startCompanySignIn(email.trim(), redirectTo);
    if (result.ok) {
      browser.assign(result.url);
      return;
    }
    await messages;
    setBusy(false);
    setFailure(result);
  };

  return (
    <Panel onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('login.sso.title')}</h2>
      <Field
        id={`${id}-email`}
        label={t('login.sso.email')}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={t('login.sso.emailPlaceholder')}
        value={email}
        required
        onChange={(event) => setEmail(event.target.value)}
      />
      {failure ? <ErrorText role="alert">{t(failure.message, { ns: 'messages' })}</ErrorText> : null}
      <Button type="submit" variant="primary" loading={busy}>
        {t('login.sso.continue')}
      </Button>
    </Panel>
  );
}
