import { hasAll, ROUTE_PERMISSIONS, type UserSummary } from '@falcon/api-client';
import {
  Badge,
  Button,
  ConfirmDialog,
  PagedTable,
  type PagedTableColumn,
  Select,
  type SortState,
} from '@falcon/ui';
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
import { allRolesQuery, usersPageQuery } from '../api/queries';

const ANY = '';
interface Filters {
  username: string;
  name: string;
  role: string;
  region: string;
}
const NO_FILTERS: Filters = { username: '', name: '', role: ANY, region: '' };

/** The filterMap of the users call: only the filters that are set. */
const usersFilterMap = (filters: Filters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ''),
  );

/** The users the caller administers: filter, sort, open, create, delete (with its permission). */
export function UsersPage() {
  const { t } = useTranslation(['admin', 'messages']);
  const format = useFormat();
  const notify = useNotify();
  const navigate = useNavigate();
  const { session } = useSnapshot(state);
  const granted = session?.permissions ?? [];
  const mayRemove = hasAll(granted, [ROUTE_PERMISSIONS.removeUser]);
  const mayCreate = hasAll(granted, [ROUTE_PERMISSIONS.createUser]);
  const { page, size, setPage, table: paging } = useServerPaging(20);
  const [sort, setSort] = useState<SortState>({ key: 'username', direction: 'asc' });
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [deleting, setDeleting] = useState<UserSummary | null>(null);
  usePageTitle(t('users.title'));
  const filterMap = usersFilterMap(filters);
  const users = useQuery(
    usersPageQuery({ page, size, sortField: sort.key, sortAsc: sort.direction === 'asc', filterMap }),
  );
  const roles = useQuery(allRolesQuery());
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (user: UserSummary) => api.users.remove({ params: { username: user.username } }),
    onSuccess: () => {
      notify.success('deletion_success');
      setDeleting(null);
      return queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
    onError: (error) => notify.error(error, 'deletion_error'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(0);
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPage(0);
  };
  const setDraftField = (key: keyof Filters, value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const columns: PagedTableColumn<UserSummary>[] = [
    {
      key: 'username',
      header: t('users.username'),
      sortable: true,
      kind: 'code',
      truncate: true,
      maxWidth: '22ch',
      cell: (row) => <Link to={paths.user.to(row.id)}>{row.username}</Link>,
    },
    { key: 'lastname', header: t('users.name'), sortable: true, cell: (row) => nameOf(row) },
    {
      key: 'email',
      header: t('users.email'),
      sortable: true,
      truncate: true,
      maxWidth: '30ch',
      cell: (row) => row.email ?? '',
    },
    { key: 'region', header: t('users.region'), sortable: true, cell: (row) => row.region ?? '' },
    {
      key: 'roles',
      header: t('users.roles'),
      cell: (row) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
          {row.roles.map((role) => (
            <Badge key={role}>{role}</Badge>
          ))}
        </span>
      ),
    },
    {
      key: 'lastLogin',
      header: t('users.lastLogin'),
      sortable: true,
      kind: 'date',
      cell: (row) => (row.lastLogin ? format.dateTime(row.lastLogin) : t('users.never')),
    },
  ];
  if (mayRemove) {
    columns.push({
      key: 'delete',
      header: t('users.actions'),
      kind: 'action',
      cell: (row) =>
        row.id === session?.userId ? null : (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('users.deleteNamed', { name: row.username })}
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
        title={t('users.title')}
        actions={
          mayCreate ? <Button onClick={() => navigate(paths.newUser.to())}>{t('users.new')}</Button> : null
        }
      />
      <form onSubmit={submit} aria-label={t('users.filters')}>
        <FormRow style={{ alignItems: 'flex-end' }}>
          <Field
            id="users-username"
            type="search"
            label={t('users.username')}
            value={draft.username}
            onChange={(e) => setDraftField('username', e.target.value)}
          />
          <Field
            id="users-name"
            type="search"
            label={t('users.name')}
            value={draft.name}
            onChange={(e) => setDraftField('name', e.target.value)}
          />
          <Select
            label={t('users.role')}
            options={[
              { value: ANY, label: t('users.anyRole') },
              ...(roles.data ?? []).map((r) => ({ value: r.rolename, label: r.rolename })),
            ]}
            value={draft.role}
            onChange={(value) => setDraftField('role', value)}
          />
          <Field
            id="users-region"
            type="search"
            label={t('users.region')}
            value={draft.region}
            onChange={(e) => setDraftField('region', e.target.value)}
          />
          <div style={{ flex: '0 0 auto', display: 'flex', gap: 8 }}>
            <Button type="submit">{t('users.searchSubmit')}</Button>
            <Button type="button" variant="secondary" onClick={reset}>
              {t('users.resetFilters')}
            </Button>
          </div>
        </FormRow>
      </form>
      <PagedTable
        caption={t('users.title')}
        columns={columns}
        rows={users.data?.items ?? []}
        getRowId={(row) => row.id}
        total={users.data?.total ?? 0}
        {...paging}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(0);
        }}
        loading={users.isPending}
        error={users.error ? t(errorKey(users.error), { ns: 'messages' }) : null}
        onRetry={() => void users.refetch()}
        emptyTitle={t('users.empty')}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('users.deleteTitle')}
        message={t('users.deleteConfirm', { name: deleting?.username ?? '' })}
        confirmLabel={t('users.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}

const nameOf = (row: UserSummary) => `${row.firstname} ${row.lastname}`.trim();
