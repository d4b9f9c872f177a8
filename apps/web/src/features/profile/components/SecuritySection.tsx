import type { Passkey, SecurityStatus, TotpSetup } from '@falcon/api-client';
import { Badge, Button, Card, ConfirmDialog, Dialog, ErrorState, Skeleton } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field } from '../../../components/Field';
import { RecoveryCodes } from '../../../components/RecoveryCodes';
import { Stack } from '../../../components/Stack';
import { TotpEnrolment } from '../../../components/TotpEnrolment';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { errorKey, errorValues, useNotify } from '../../../lib/messages';

/** The caller's own factors: one query, re-read after every change. */
const SECURITY_KEY = ['profile', 'security'] as const;

const Part = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.lg};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
    display: flex;
    gap: ${({ theme }) => theme.space[2]};
    align-items: center;
  }
  p {
    margin: 0;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[2]};
  }
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[3]};
    align-items: center;
  }
`;

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  align-items: flex-end;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

/**
 * The profile's security section (issue 18): the authenticator app (set up by QR code, removed),
 * passkeys (added through the browser, removed) and new recovery codes. The server refuses to remove the
 * last factor where the role requires one (409 second_factor_required), shown as a toast.
 */
export function SecuritySection() {
  const { t } = useTranslation(['profile', 'messages']);
  const status = useQuery({ queryKey: SECURITY_KEY, queryFn: () => api.mfa.status() });
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Card title={t('security.title')} headingLevel={2}>
      {status.error ? (
        <ErrorState
          message={t(errorKey(status.error), { ns: 'messages' })}
          onRetry={() => void status.refetch()}
        />
      ) : status.data ? (
        <Stack $gap={5}>
          <p style={{ margin: 0 }}>
            {t('security.intro')} {status.data.required ? <strong>{t('security.required')}</strong> : null}
          </p>
          <TotpPart status={status.data} onCodes={setCodes} />
          <PasskeyPart status={status.data} onCodes={setCodes} />
          <RecoveryPart status={status.data} onCodes={setCodes} />
        </Stack>
      ) : (
        <Skeleton lines={6} />
      )}
      <Dialog
        open={codes !== null}
        onClose={() => setCodes(null)}
        title={t('recovery.title', { ns: 'signin' })}
        footer={
          <Button variant="primary" onClick={() => setCodes(null)}>
            {t('recovery.continue', { ns: 'signin' })}
          </Button>
        }
      >
        {codes ? <RecoveryCodes codes={codes} /> : null}
      </Dialog>
    </Card>
  );
}

interface PartProps {
  status: SecurityStatus;
  /** New recovery codes to show once. */
  onCodes: (codes: string[]) => void;
}

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
};

function TotpPart({ status, onCodes }: PartProps) {
  const { t } = useTranslation(['profile', 'messages']);
  const notify = useNotify();
  const refresh = useRefresh();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  const start = useMutation({
    mutationFn: () => api.mfa.totpSetup(),
    onSuccess: (answer) => {
      setCodeError(null);
      setSetup(answer);
    },
    onError: (failure) => notify.error(failure),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => api.mfa.totpConfirm({ body: { code } }),
    onSuccess: async ({ recoveryCodes }) => {
      setSetup(null);
      await refresh();
      if (recoveryCodes.length) onCodes(recoveryCodes);
      else notify.success('user_save_success');
    },
    onError: (failure) => setCodeError(t(errorKey(failure), { ns: 'messages', ...errorValues(failure) })),
  });
  const remove = useMutation({
    mutationFn: () => api.mfa.totpRemove(),
    onSuccess: async () => {
      setRemoving(false);
      await refresh();
    },
    onError: (failure) => {
      setRemoving(false);
      notify.error(failure);
    },
  });

  return (
    <Part aria-labelledby="security-totp">
      <h3 id="security-totp">
        {t('security.totp')}
        <Badge tone={status.totp ? 'success' : 'neutral'}>
          {t(status.totp ? 'security.active' : 'security.inactive')}
        </Badge>
      </h3>
      <div>
        {status.totp ? (
          <Button variant="danger" onClick={() => setRemoving(true)}>
            {t('security.totpRemove')}
          </Button>
        ) : (
          <Button variant="primary" loading={start.isPending} onClick={() => start.mutate()}>
            {t('security.totpSetup')}
          </Button>
        )}
      </div>
      <Dialog open={setup !== null} onClose={() => setSetup(null)} title={t('security.totpSetup')} size="lg">
        {setup ? (
          <TotpEnrolment
            setup={setup}
            onConfirm={(code) => confirm.mutate(code)}
            pending={confirm.isPending}
            error={codeError}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={removing}
        title={t('security.totpRemove')}
        message={t('security.totpRemoveConfirm')}
        danger
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setRemoving(false)}
      />
    </Part>
  );
}

function PasskeyPart({ status, onCodes }: PartProps) {
  const { t } = useTranslation(['profile', 'messages']);
  const notify = useNotify();
  const refresh = useRefresh();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const format = useFormat();

  const add = useMutation({
    mutationFn: async (keyName: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = await api.mfa.passkeyRegisterOptions();
      const credential = await startRegistration({
        optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      return api.mfa.passkeyRegister({ body: { name: keyName, credential: credential as never } });
    },
    onSuccess: async ({ recoveryCodes }) => {
      setName('');
      await refresh();
      if (recoveryCodes.length) onCodes(recoveryCodes);
      else notify.success('user_save_success');
    },
    onError: (failure) => notify.error(failure, 'second_factor_failed'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.mfa.passkeyRemove({ params: { id } }),
    onSuccess: async () => {
      setRemoving(null);
      await refresh();
    },
    onError: (failure) => {
      setRemoving(null);
      notify.error(failure);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!add.isPending) add.mutate(name.trim() || t('security.passkeyDefaultName'));
  };

  return (
    <Part aria-labelledby="security-passkeys">
      <h3 id="security-passkeys">{t('security.passkeys')}</h3>
      {status.passkeys.length ? (
        <ul>
          {status.passkeys.map((key) => (
            <li key={key.id}>
              <strong>{key.name}</strong>
              <Muted>
                {t('security.passkeyAdded', { date: format.dateTime(key.createdAt) })}
                {key.lastUsedAt
                  ? ` · ${t('security.passkeyUsed', { date: format.dateTime(key.lastUsedAt) })}`
                  : ''}
              </Muted>
              <Button size="sm" onClick={() => setRemoving(key)}>
                {t('security.passkeyRemove', { name: key.name })}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('security.noPasskeys')}</p>
      )}
      <Row onSubmit={submit} noValidate>
        <Field
          id="security-passkey-name"
          label={t('security.passkeyName')}
          maxLength={100}
          value={name}
          placeholder={t('security.passkeyDefaultName')}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="primary" loading={add.isPending}>
          {t('security.passkeyAdd')}
        </Button>
      </Row>
      <ConfirmDialog
        open={removing !== null}
        title={t('security.passkeyRemove', { name: removing?.name ?? '' })}
        message={t('security.passkeyRemoveConfirm', { name: removing?.name ?? '' })}
        danger
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </Part>
  );
}

function RecoveryPart({ status, onCodes }: PartProps) {
  const { t } = useTranslation(['profile', 'messages']);
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const renew = useMutation({
    mutationFn: () => api.mfa.recoveryCodes(),
    onSuccess: async ({ recoveryCodes }) => {
      setAsking(false);
      await refresh();
      onCodes(recoveryCodes);
    },
    onError: (failure) => {
      setAsking(false);
      notify.error(failure);
    },
  });
  if (!status.totp && !status.passkeys.length) return null;
  return (
    <Part aria-labelledby="security-recovery">
      <h3 id="security-recovery">{t('security.recovery')}</h3>
      <p>{t('security.recoveryLeft', { count: status.recoveryCodesLeft })}</p>
      <div>
        <Button onClick={() => setAsking(true)}>{t('security.recoveryNew')}</Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('security.recoveryNew')}
        message={t('security.recoveryNewConfirm')}
        loading={renew.isPending}
        onConfirm={() => renew.mutate()}
        onCancel={() => setAsking(false)}
      />
    </Part>
  );
}
