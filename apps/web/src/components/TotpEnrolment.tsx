import type { TotpSetup } from '@falcon/api-client';
import { Button } from '@falcon/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field } from './Field';

const Layout = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};
  align-items: flex-start;
  & > img {
    width: 200px;
    height: 200px;
    background: #fff;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    image-rendering: pixelated;
  }
`;

const Steps = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  flex: 1 1 220px;
  min-width: 0;
  p {
    margin: 0;
  }
  code {
    font-family: ${({ theme }) => theme.typography.mono};
    word-break: break-all;
  }
`;

/** The secret in groups of four, as authenticator apps show it and as it is easier to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface TotpEnrolmentProps {
  setup: TotpSetup;
  onConfirm: (code: string) => void;
  pending: boolean;
  /** The translated failure of the last code. */
  error: string | null;
}

/**
 * Enrolling an authenticator app: the QR code of the otpauth URI (the server draws it), the secret to
 * type instead, and the first code, which confirms it (sign-in's enrolment and the profile alike).
 */
export function TotpEnrolment({ setup, onConfirm, pending, error }: TotpEnrolmentProps) {
  const { t } = useTranslation('signin');
  const id = useId();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onConfirm(code);
  };
  return (
    <Layout>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t('totp.qrAlt')}
      />
      <Steps onSubmit={submit} noValidate>
        <p>{t('totp.scan')}</p>
        <p>
          {t('totp.orType')} <code data-testid="totp-secret">{grouped(setup.secret)}</code>
        </p>
        <Field
          id={`${id}-code`}
          label={t('totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
        <div>
          <Button type="submit" variant="primary" loading={pending}>
            {t('totp.confirm')}
          </Button>
        </div>
      </Steps>
    </Layout>
  );
}
