import { hasAll, isInternal, ROUTE_PERMISSIONS } from '@falcon/api-client';
import { Button, ConfirmDialog, ErrorState, Skeleton } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { errorKey, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { userQuery } from '../../../lib/queries';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { UserForm } from './UserForm';

/** /admin/user/:id and /admin/newUser (the same page; no id means a new user). */
export function UserDetailPage({ id }: { id: string | null }) {
  const { t } = useTranslation(['admin', 'messages']);
  const navigate = useNavigate();
  const format = useFormat();
  const notify = useNotify();
  const { session } = useSnapshot(state);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [resetting, setResetting] = useState(false);
  const queryClient = useQueryClient();
  const user = useQuery(userQuery(id));
  // The administrator's own scope bounds what it may hand on (a KD_ADMIN: its own concern).
  const me = useQuery(userQuery(session?.userId ?? null));
  const remove = useMutation({
    mutationFn: (username: string) => api.users.remove({ params: { username } }),
    onSuccess: () => {
      notify.success('deletion_success');
      setDeleting(false);
      setDeleted(true);
      return queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
    onError: (error) => notify.error(error, 'deletion_error'),
  });
  // Issue 18: a user who lost the phone or key gets their second factors removed (protocolled).
  const resetFactors = useMutation({
    mutationFn: (username: string) => api.mfa.reset({ params: { username } }),
    onSuccess: (_ok, username) => {
      setResetting(false);
      notify.success('user_save_success', t('users.resetSecondFactorDone', { username }));
    },
    onError: (error) => {
      setResetting(false);
      notify.error(error);
    },
  });
  usePageTitle(id ? (user.data?.username ?? t('users.title')) : t('users.new'));
  // Leave after the form has re-rendered without its discard guard (a deleted user has nothing to keep).
  useEffect(() => {
    if (deleted) navigate(paths.users.to(), { replace: true });
  }, [deleted, navigate]);
  const mayRemove = hasAll(session?.permissions ?? [], [ROUTE_PERMISSIONS.removeUser]);

  if (user.error)
    return (
      <ErrorState message={t(errorKey(user.error), { ns: 'messages' })} onRetry={() => void user.refetch()} />
    );
  if ((id && !user.data) || !me.data) return <Skeleton lines={10} />;
  const data = user.data;

  return (
    <Stack>
      <PageHeader
        title={data ? data.username : t('users.new')}
        subtitle={
          data ? t('users.lastLoginAt', { date: format.dateTime(data.lastLogin) || t('users.never') }) : null
        }
        actions={<Link to={paths.users.to()}>{t('users.backToList')}</Link>}
      />
      {data && !data.active ? (
        <p role="note" style={{ margin: 0 }}>
          {t('users.inactiveNote')}
        </p>
      ) : null}
      <UserForm
        key={data?.id ?? 'new'}
        user={data}
        ownScope={me.data.scope}
        mayLinkEmployee={isInternal(me.data)}
        leaving={deleted}
        onSaved={(saved, allowNext) => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
          queryClient.setQueryData(queryKeys.user(saved.id), saved);
          if (!id) {
            allowNext();
            navigate(paths.user.to(saved.id), { replace: true });
          }
        }}
        actions={
          data ? (
            <>
              <Button type="button" onClick={() => setResetting(true)}>
                {t('users.resetSecondFactor')}
              </Button>
              {mayRemove && data.id !== session?.userId ? (
                <Button type="button" variant="danger" onClick={() => setDeleting(true)}>
                  {t('users.delete')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <ConfirmDialog
        open={resetting}
        title={t('users.resetSecondFactor')}
        message={t('users.resetSecondFactorConfirm', { username: data?.username ?? '' })}
        confirmLabel={t('users.resetSecondFactor')}
        danger
        loading={resetFactors.isPending}
        onCancel={() => setResetting(false)}
        onConfirm={() => data && resetFactors.mutate(data.username)}
      />
      <ConfirmDialog
        open={deleting}
        title={t('users.deleteTitle')}
        message={t('users.deleteConfirm', { name: data?.username ?? '' })}
        confirmLabel={t('users.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => data && remove.mutate(data.username)}
      />
    </Stack>
  );
}
