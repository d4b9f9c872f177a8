import { type SsoSettings, type SsoSettingsInput, ssoGrantable } from '@falcon/api-client/lite';
import { Button, Card, ConfirmDialog, ErrorState, Select, Skeleton } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Field, FormRow } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { errorKey, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { queryKeys } from '../../../lib/query-keys';
import { allRolesQuery, ssoSettingsQuery } from '../api/queries';

interface Form {
  issuer: string;
  clientId: string;
  /** Empty: the stored secret stays. */
  clientSecret: string;
  /** E-mail domains, separated by commas, spaces or lines. */
  domains: string;
  roleClaim: string;
  mapping: { claimValue: string; role: string }[];
  defaultRole: string;
  passwordSignIn: boolean;
}

const formOf = (s: SsoSettings | null): Form => ({
  issuer: s?.issuer ?? '',
  clientId: s?.clientId ?? '',
  clientSecret: '',
  domains: s?.emailDomains.join(', ') ?? '',
  roleClaim: s?.roleClaim ?? 'groups',
  mapping: s?.roleMapping.map((m) => ({ ...m })) ?? [{ claimValue: '', role: 'KD_USER' }],
  defaultRole: s?.defaultRole ?? '',
  passwordSignIn: s?.passwordSignIn ?? true,
});

const inputOf = (f: Form): SsoSettingsInput => ({
  issuer: f.issuer.trim(),
  clientId: f.clientId.trim(),
  ...(f.clientSecret ? { clientSecret: f.clientSecret } : {}),
  emailDomains: f.domains.split(/[\s,;]+/).filter(Boolean),
  roleClaim: f.roleClaim.trim(),
  roleMapping: f.mapping.filter((m) => m.claimValue.trim() && m.role),
  defaultRole: f.defaultRole || null,
  passwordSignIn: f.passwordSignIn,
});

/**
 * /admin/concern/:code/sso: the concern's OpenID Connect provider (ADR 0064), for administrators. The
 * client secret is write-only: the screen says whether one is stored, never what it is.
 */
export function ConcernSsoPage({ code }: { code: string }) {
  const { t } = useTranslation(['admin', 'messages']);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const settings = useQuery(ssoSettingsQuery(code));
  const roles = useQuery(allRolesQuery());
  const [form, setForm] = useState<Form | null>(null);
  const [failure, setFailure] = useState<{ key: string; field?: string } | null>(null);
  const [removing, setRemoving] = useState(false);
  usePageTitle(t('sso.title', { code }));

  const current = form ?? (settings.data ? formOf(settings.data.settings) : null);
  const set = (change: Partial<Form>) => current && setForm({ ...current, ...change });

  const save = useMutation({
    mutationFn: (input: SsoSettingsInput) => api.sso.saveSettings({ params: { code }, body: input }),
    onMutate: () => setFailure(null),
    onSuccess: (view) => {
      notify.success('sso_save_success');
      queryClient.setQueryData(queryKeys.sso(code), view);
      setForm(formOf(view.settings));
    },
    onError: (error) => {
      const field = (error as { details?: { field?: unknown } }).details?.field;
      setFailure({ key: errorKey(error), ...(typeof field === 'string' ? { field } : {}) });
      notify.error(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.sso.removeSettings({ params: { code } }),
    onSuccess: () => {
      notify.success('deletion_success');
      setRemoving(false);
      setForm(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sso(code) });
    },
    onError: (error) => notify.error(error, 'deletion_error'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current) save.mutate(inputOf(current));
  };
  const errorOf = (...fields: string[]) =>
    failure?.field && fields.includes(failure.field)
      ? t(failure.key as 'validation_error', { ns: 'messages' })
      : null;
  // Only roles a provider may grant: the concern's own or global, within a customer admin's permissions.
  const roleOptions = (roles.data ?? [])
    .filter((r) => ssoGrantable(r, code))
    .map((r) => ({ value: r.rolename, label: r.rolename }));

  return (
    <Stack>
      <PageHeader
        title={t('sso.title', { code })}
        subtitle={t('sso.subtitle')}
        actions={<Link to={paths.concern.to(code)}>{t('sso.toConcern')}</Link>}
      />
      {settings.error ? (
        <ErrorState
          message={t(errorKey(settings.error), { ns: 'messages' })}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      {!current || !settings.data ? (
        settings.error ? null : (
          <Skeleton height="320px" />
        )
      ) : (
        <form onSubmit={submit} aria-label={t('sso.title', { code })} noValidate>
          <Stack>
            <Card title={t('sso.provider')} headingLevel={2}>
              <p style={{ marginTop: 0 }}>
                {t('sso.redirectUri')} <code>{settings.data.redirectUri}</code>
              </p>
              <FormRow>
                <Field
                  id="sso-issuer"
                  label={t('sso.issuer')}
                  value={current.issuer}
                  placeholder="https://login.example.com/realms/company"
                  required
                  error={errorOf('issuer')}
                  onChange={(e) => set({ issuer: e.target.value })}
                />
                <Field
                  id="sso-client"
                  label={t('sso.clientId')}
                  value={current.clientId}
                  required
                  error={errorOf('clientId')}
                  onChange={(e) => set({ clientId: e.target.value })}
                />
                <Field
                  id="sso-secret"
                  label={t('sso.clientSecret')}
                  type="password"
                  autoComplete="off"
                  value={current.clientSecret}
                  placeholder={settings.data.settings?.hasClientSecret ? t('sso.secretKept') : ''}
                  error={errorOf('clientSecret')}
                  onChange={(e) => set({ clientSecret: e.target.value })}
                />
              </FormRow>
              <Field
                id="sso-domains"
                label={t('sso.domains')}
                value={current.domains}
                placeholder="company.com, company.de"
                required
                error={errorOf('emailDomains')}
                onChange={(e) => set({ domains: e.target.value })}
              />
            </Card>
            <Card title={t('sso.roles')} headingLevel={2}>
              <p style={{ marginTop: 0 }}>{t('sso.rolesHint')}</p>
              <Field
                id="sso-claim"
                label={t('sso.roleClaim')}
                value={current.roleClaim}
                required
                error={errorOf('roleClaim')}
                onChange={(e) => set({ roleClaim: e.target.value })}
              />
              {current.mapping.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                <FormRow key={i} style={{ alignItems: 'flex-end' }}>
                  <Field
                    id={`sso-value-${i}`}
                    label={t('sso.claimValue')}
                    value={m.claimValue}
                    onChange={(e) =>
                      set({
                        mapping: current.mapping.map((x, j) =>
                          j === i ? { ...x, claimValue: e.target.value } : x,
                        ),
                      })
                    }
                  />
                  <Select
                    id={`sso-role-${i}`}
                    label={t('sso.role')}
                    options={roleOptions}
                    value={m.role || null}
                    onChange={(role) =>
                      set({ mapping: current.mapping.map((x, j) => (j === i ? { ...x, role } : x)) })
                    }
                  />
                  <Button
                    onClick={() => set({ mapping: current.mapping.filter((_, j) => j !== i) })}
                    aria-label={t('sso.removeRow', { value: m.claimValue || i + 1 })}
                  >
                    {t('sso.remove')}
                  </Button>
                </FormRow>
              ))}
              {errorOf('roleMapping') ? <p role="alert">{errorOf('roleMapping')}</p> : null}
              <div>
                <Button
                  onClick={() => set({ mapping: [...current.mapping, { claimValue: '', role: 'KD_USER' }] })}
                >
                  {t('sso.addRow')}
                </Button>
              </div>
              <Select
                id="sso-default-role"
                label={t('sso.defaultRole')}
                options={[{ value: '', label: t('sso.noDefaultRole') }, ...roleOptions]}
                value={current.defaultRole}
                onChange={(defaultRole) => set({ defaultRole })}
              />
              {errorOf('defaultRole') ? <p role="alert">{errorOf('defaultRole')}</p> : null}
            </Card>
            <Card title={t('sso.passwords')} headingLevel={2}>
              <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                <input
                  type="checkbox"
                  checked={current.passwordSignIn}
                  onChange={(e) => set({ passwordSignIn: e.target.checked })}
                />
                {t('sso.passwordSignIn')}
              </label>
            </Card>
            {failure && !failure.field ? (
              <p role="alert">{t(failure.key as 'validation_error', { ns: 'messages' })}</p>
            ) : null}
            <FormRow>
              <Button type="submit" variant="primary" loading={save.isPending}>
                {t('sso.save')}
              </Button>
              {settings.data.settings ? (
                <Button variant="danger" onClick={() => setRemoving(true)}>
                  {t('sso.removeAll')}
                </Button>
              ) : null}
            </FormRow>
          </Stack>
        </form>
      )}
      <ConfirmDialog
        open={removing}
        danger
        title={t('sso.removeTitle')}
        message={t('sso.removeConfirm', { code })}
        confirmLabel={t('sso.removeAll')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setRemoving(false)}
      />
    </Stack>
  );
}
