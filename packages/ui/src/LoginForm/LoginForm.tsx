import { type FormEvent, type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/Button';
import { useUiText } from '../UiText/UiTextProvider';
import { LanguageSelect } from './LanguageSelect';
import type { LanguageOption } from './languages';

export interface LoginCredentials {
  username: string;
  password: string;
  remember: boolean;
}

export interface LoginFormProps {
  onSubmit: (credentials: LoginCredentials) => void;
  loading?: boolean;
  /** The message after an attempt (spec: set after every attempt). */
  error?: string | null;
  /** A remembered username fills the field and ticks "remember". */
  initialUsername?: string;
  languages: readonly LanguageOption[];
  language: string;
  onLanguageChange: (code: string) => void;
  /** Logo or product name above the form. */
  brand?: ReactNode;
  /** Another way to sign in (a company account), shown below the form: its own element, never inside it. */
  alternative?: ReactNode;
  /** Below the login button: another way in (a passkey), given by the app. */
  footer?: ReactNode;
}

const Page = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  align-items: center;
  justify-content: center;
  min-height: 100%;
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[4]}`};
`;

const LanguageCorner = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space[4]};
  right: ${({ theme }) => theme.space[4]};
  & > div { min-width: 160px; }
`;

const Panel = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: min(400px, 100%);
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.elevation[2]};
  & > h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.xxl};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  color: ${({ theme }) => theme.color.textMuted};
  & > input {
    height: 40px;
    padding: 0 ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.color.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-size: ${({ theme }) => theme.typography.size.md};
    &::placeholder { color: ${({ theme }) => theme.color.textMuted}; opacity: 1; }
    &:focus { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 1px; }
  }
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.color.text};
  & > input { width: 16px; height: 16px; accent-color: ${({ theme }) => theme.color.primary}; }
`;

const ErrorText = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSubtle};
  color: ${({ theme }) => theme.color.danger};
`;

/** The sign-in page: language at the top right, username, password, remember username, login with a spinner. */
export function LoginForm({
  onSubmit,
  loading = false,
  error = null,
  initialUsername = '',
  languages,
  language,
  onLanguageChange,
  brand,
  alternative,
  footer,
}: LoginFormProps) {
  const { t } = useUiText();
  const id = useId();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(initialUsername !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) onSubmit({ username: username.trim(), password, remember });
  };

  return (
    <Page>
      <LanguageCorner>
        <LanguageSelect languages={languages} current={language} onChange={onLanguageChange} />
      </LanguageCorner>
      <Panel onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        {brand}
        <h1 id={`${id}-title`}>{t('login.title')}</h1>
        <Field>
          {t('login.username')}
          <input
            name="username"
            autoComplete="username"
            placeholder={t('login.username')}
            value={username}
            required
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </Field>
        <Field>
          {t('login.password')}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder={t('login.password')}
            value={password}
            required
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </Field>
        <Check>
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          {t('login.remember')}
        </Check>
        {error ? (
          <ErrorText id={`${id}-error`} role="alert">
            {error}
          </ErrorText>
        ) : null}
        <Button type="submit" variant="primary" loading={loading}>
          {t('login.submit')}
        </Button>
        {footer}
      </Panel>
      {alternative}
    </Page>
  );
}
