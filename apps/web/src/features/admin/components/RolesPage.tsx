import { ACTION_PERMISSIONS, hasAll, type Role } from '@falcon/api-client';
import { Badge, Button, ConfirmDialog, PagedTable, type PagedTableColumn, type SortState } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Field, FormRow } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { errorKey, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { useServerPaging } from '../../../lib/paging';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { rolesPageQuery } from '../api/queries';

/**
 * Roles and how many of the caller's users hold them; built-in roles cannot be deleted, and a customer
 * admin sees global roles read-only.
 */
export function RolesPage() {
  const { t } = useTranslation(['admin', 'messages']);
  const format = useFormat();
  const notify = useNotify();
  const navigate = useNavigate();
  const { session } = useSnapshot(state);
  const mayRemove = hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.removeRole]);
  const { page, size, setPage, table: paging } = useServerPaging(20);
  const [deleting, setDeleting] = useState<Role | null>(null);
  usePageTitle(t('roles.title'));
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const [sort, setSort] = useState<SortState>({ key: 'rolename', direction: 'asc' });
  const filterMap: Record<string, string> = name ? { rolename: name } : {};
  const roles = useQuery(
    rolesPageQuery({ page, size, sortField: sort.key, sortAsc: sort.direction === 'asc', filterMap }),
  );
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (role: Role) => api.roles.remove({ params: { rolename: role.rolename } }),
    onSuccess: () => {
      notify.success('deletion_success');
      return queryClient.invalidateQueries({ queryKey: queryKeys.roles.all });
    },
    onError: (error) => notify.error(error, 'deletion_error'),
    onSettled: () => setDeleting(null),
  });
  const columns: PagedTableColumn<Role>[] = [
    {
      key: 'rolename',
      header: t('roles.name'),
      sortable: true,
      cell: (row) => <Link to={paths.role.to(row.id)}>{row.rolename}</Link>,
    },
    {
      key: 'builtIn',
      header: t('roles.kind'),
      cell: (row) => (
        <span style={{ display: 'inline-flex', gap: 4 }}>
          {row.builtIn ? <Badge>{t('roles.builtIn')}</Badge> : null}
          {row.editable ? null : <Badge>{t('roles.readOnly')}</Badge>}
        </span>
      ),
    },
    {
      key: 'permissions',
      header: t('roles.permissions'),
      kind: 'number',
      cell: (row) => format.integer(row.permissions.length),
    },
    {
      key: 'userCount',
      header: t('roles.users'),
      kind: 'number',
      cell: (row) => format.integer(row.userCount),
    },
  ];
  if (mayRemove) {
    columns.push({
      key: 'delete',
      header: t('users.actions'),
      cell: (row) =>
        row.builtIn || !row.editable ? null : (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('roles.deleteNamed', { name: row.rolename })}
            onClick={() => setDeleting(row)}
          >
            {t('users.delete')}
          </Button>
        ),
    });
  }
  return (
    <Stack>
      <PageHeader
        title={t('roles.title')}
        actions={<Button onClick={() => navigate(paths.role.to('new'))}>{t('roles.new')}</Button>}
      />
      <form
        aria-label={t('roles.filters')}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setName(draft.trim());
          setPage(0);
        }}
      >
        <FormRow style={{ alignItems: 'flex-end', maxWidth: 560 }}>
          <Field
            id="roles-name"
            type="search"
            label={t('roles.name')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div style={{ flex: '0 0 auto' }}>
            <Button type="submit">{t('users.searchSubmit')}</Button>
          </div>
        </FormRow>
      </form>
      <PagedTable
        caption={t('roles.title')}
        columns={columns}
        rows={roles.data?.items ?? []}
        getRowId={(row) => row.id}
        total={roles.data?.total ?? 0}
        {...paging}
        loading={roles.isPending}
        error={roles.error ? t(errorKey(roles.error), { ns: 'messages' }) : null}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(0);
        }}
        onRetry={() => void roles.refetch()}
        emptyTitle={t('roles.empty')}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('roles.deleteTitle')}
        message={t('roles.deleteConfirm', { name: deleting?.rolename ?? '' })}
        confirmLabel={t('roles.delete')}
        danger
        onCancel={() => setDeleting(null)}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
