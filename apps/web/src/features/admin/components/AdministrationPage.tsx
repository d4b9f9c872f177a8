import { ACTION_PERMISSIONS, hasAll } from '@falcon/api-client';
import { Button, Card, ErrorState, Skeleton } from '@falcon/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Field, FormRow } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Grid, Stack } from '../../../components/Stack';
import { StatCard } from '../../../components/StatCard';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { errorKey } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { impersonate } from '../../../lib/session-switch';
import { state } from '../../../lib/store';
import { adminOverviewQuery } from '../api/queries';

/** System overview for administrators, links to the admin pages and impersonation. */
export function AdministrationPage() {
  const { t } = useTranslation(['admin', 'messages']);
  const format = useFormat();
  const navigate = useNavigate();
  const { session } = useSnapshot(state);
  const overview = useQuery(adminOverviewQuery());
  const [username, setUsername] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  usePageTitle(t('administration.title'));
  const mayImpersonate = hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.impersonate]);

  const switchUser = useMutation({
    mutationFn: (name: string) => impersonate(name),
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      if (result.ok) navigate(paths.dashboard.to());
      else setFailure(t(result.message, { ns: 'messages' }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    switchUser.mutate(username.trim());
  };

  const data = overview.data;
  return (
    <Stack>
      <PageHeader
        title={t('administration.title')}
        subtitle={
          data
            ? t('administration.versionSince', {
                version: data.version,
                date: format.dateTime(data.startedAt),
              })
            : null
        }
      />
      {overview.error ? (
        <ErrorState
          message={t(errorKey(overview.error), { ns: 'messages' })}
          onRetry={() => void overview.refetch()}
        />
      ) : null}
      <Grid>
        {data ? (
          <>
            <StatCard label={t('administration.concerns')} value={format.integer(data.counts.concerns)} />
            <StatCard label={t('administration.branches')} value={format.integer(data.counts.branches)} />
            <StatCard label={t('administration.locations')} value={format.integer(data.counts.locations)} />
            <StatCard label={t('administration.containers')} value={format.integer(data.counts.containers)} />
            <StatCard label={t('administration.users')} value={format.integer(data.counts.users)} />
            <StatCard label={t('administration.roles')} value={format.integer(data.counts.roles)} />
            <StatCard label={t('administration.pending')} value={format.integer(data.pendingRequests)} />
            <StatCard
              label={t('administration.exportsRunning')}
              value={format.integer(data.exports.queued + data.exports.running)}
            />
            <StatCard label={t('administration.exportsFailed')} value={format.integer(data.exports.failed)} />
          </>
        ) : (
          <Skeleton height="88px" />
        )}
      </Grid>
      <Card title={t('administration.pages')} headingLevel={2}>
        <ul style={{ margin: 0, paddingLeft: 18, lineHeight: 2 }}>
          <li>
            <Link to={paths.users.to()}>{t('users.title')}</Link>
          </li>
          <li>
            <Link to={paths.roles.to()}>{t('roles.title')}</Link>
          </li>
          <li>
            <Link to={paths.protocol.to()}>{t('protocol.title')}</Link>
          </li>
          <li>
            <Link to={paths.exports.to()}>{t('exports.title')}</Link>
          </li>
          <li>
            <Link to={paths.reviews.to()}>{t('administration.reviews')}</Link>
          </li>
        </ul>
      </Card>
      {mayImpersonate ? (
        <Card title={t('administration.impersonate')} headingLevel={2}>
          <form onSubmit={submit}>
            <p style={{ marginTop: 0 }}>{t('administration.impersonateHint')}</p>
            <FormRow style={{ alignItems: 'flex-end' }}>
              <Field
                id="impersonate-user"
                label={t('users.username')}
                required
                value={username}
                error={failure}
                onChange={(e) => setUsername(e.target.value)}
              />
              <div style={{ flex: '0 0 auto' }}>
                <Button type="submit" variant="primary" loading={switchUser.isPending}>
                  {t('administration.impersonateSubmit')}
                </Button>
              </div>
            </FormRow>
          </form>
        </Card>
      ) : null}
    </Stack>
  );
}
