import { hasAll, ROUTE_PERMISSIONS } from '@falcon/api-client';
import { Button, ConfirmDialog, ErrorState, Skeleton } from '@falcon/ui';
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
import { invalidate, useQuery } from '../../../lib/query';
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
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const user = useQuery(id ? `user:${id}` : null, () => api.users.getById({ params: { id: id as string } }));
  // The administrator's own scope bounds what it may hand on (a KD_ADMIN: its own concern).
  const me = useQuery(session ? `user:${session.userId}` : null, () =>
    api.users.getById({ params: { id: session?.userId ?? '' } }),
  );
  usePageTitle(id ? (user.data?.username ?? t('users.title')) : t('users.new'));
  // Leave after the form has re-rendered without its discard guard (a deleted user has nothing to keep).
  useEffect(() => {
    if (deleted) navigate(paths.users.to(), { replace: true });
  }, [deleted, navigate]);
  const mayRemove = hasAll(session?.permissions ?? [], [ROUTE_PERMISSIONS.removeUser]);

  if (user.error)
    return <ErrorState message={t(errorKey(user.error), { ns: 'messages' })} onRetry={user.reload} />;
  if ((id && !user.data) || !me.data) return <Skeleton lines={10} />;
  const data = user.data;

  const remove = async () => {
    if (!data) return;
    setBusy(true);
    try {
      await api.users.remove({ params: { username: data.username } });
      notify.success('deletion_success');
      invalidate('users:');
      setDeleting(false);
      setDeleted(true);
    } catch (error) {
      notify.error(error, 'deletion_error');
    } finally {
      setBusy(false);
    }
  };

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
        leaving={deleted}
        onSaved={(saved, allowNext) => {
          invalidate('users:');
          invalidate(`user:${saved.id}`);
          if (!id) {
            allowNext();
            navigate(paths.user.to(saved.id), { replace: true });
          }
        }}
        actions={
          data && mayRemove && data.id !== session?.userId ? (
            <Button type="button" variant="danger" onClick={() => setDeleting(true)}>
              {t('users.delete')}
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        open={deleting}
        title={t('users.deleteTitle')}
        message={t('users.deleteConfirm', { name: data?.username ?? '' })}
        confirmLabel={t('users.delete')}
        danger
        loading={busy}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
