import {
  ACTION_PERMISSIONS,
  hasAll,
  type MessageKey,
  type Role,
  type RoleInput,
  saveStatus,
} from '@falcon/api-client';
import { Badge, Button, Card, ConfirmDialog, ErrorState, Skeleton } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Field, FormRow } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { errorKey, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { permissionsQuery, roleQuery } from '../api/queries';
import { DiscardDialog, useDiscardGuard } from './DiscardGuard';
import { PermissionPicker } from './PermissionPicker';

/**
 * /admin/role/:id ('new' creates one): names, region, the second-factor policy and the permission codes,
 * grouped.
 */
export function RoleDetailPage({ id }: { id: string }) {
  const { t } = useTranslation(['admin', 'messages']);
  const isNew = id === 'new';
  const role = useQuery(roleQuery(isNew ? null : id));
  usePageTitle(role.data?.rolename ?? t('roles.new'));
  if (role.error)
    return (
      <ErrorState message={t(errorKey(role.error), { ns: 'messages' })} onRetry={() => void role.refetch()} />
    );
  if (!isNew && !role.data) return <Skeleton lines={10} />;
  return (
    <Stack>
      <PageHeader
        title={role.data?.rolename ?? t('roles.new')}
        actions={<Link to={paths.roles.to()}>{t('roles.backToList')}</Link>}
      />
      <RoleForm key={role.data?.id ?? 'new'} role={role.data} />
    </Stack>
  );
}

const toInput = (role?: Role): RoleInput => ({
  rolename: role?.rolename ?? '',
  firstname: role?.firstname ?? '',
  lastname: role?.lastname ?? '',
  region: role?.region ?? '',
  permissions: sorted(role?.permissions ?? []),
  secondFactorRequired: role?.secondFactorRequired ?? false,
});

/** Permissions as a sorted list: the same set is the same value (not dirty), whatever order it was picked in. */
const sorted = (codes: readonly string[]) => [...codes].sort();

function RoleForm({ role }: { role?: Role }) {
  const { t } = useTranslation(['admin', 'messages', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const { session } = useSnapshot(state);
  const queryClient = useQueryClient();
  const catalogue = useQuery(permissionsQuery());
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { isDirty },
  } = useForm<RoleInput>({ defaultValues: toInput(role) });
  const [error, setError] = useState<MessageKey | null>(null);
  const [deleting, setDeleting] = useState(false);
  const guard = useDiscardGuard(isDirty);
  // The server says whether the caller may change it: global roles only internal administrators.
  const readOnly = Boolean(role && !role.editable);
  const mayRemove =
    Boolean(role && !role.builtIn && role.editable) &&
    hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.removeRole]);
  const invalidateRoles = () => queryClient.invalidateQueries({ queryKey: queryKeys.roles.all });

  const save = useMutation({
    mutationFn: async (input: RoleInput) => {
      let saved: Role | undefined;
      const body = { ...input, rolename: input.rolename.trim() };
      const result = await saveStatus(
        (async () => {
          saved = role
            ? await api.roles.update({ params: { rolename: role.rolename }, body })
            : await api.roles.create({ body });
        })(),
      );
      return { saved, result };
    },
    onMutate: () => setError(null),
    onSuccess: ({ saved, result }) => {
      if (saved) {
        notify.success('role_save_success');
        void invalidateRoles();
        queryClient.setQueryData(queryKeys.role(saved.id), saved);
        reset(toInput(saved));
        if (!role) {
          guard.allowNext();
          navigate(paths.role.to(saved.id), { replace: true });
        }
        return;
      }
      // The server's reason is the toast's title (there is no role_save_error key: every message key
      // is downloaded with the sign-in page).
      const key =
        result.status === 409 ? 'rolename_already_exists' : (result.error?.key ?? 'unspecifiedNetworkError');
      setError(key);
      notify.error(result.error);
    },
  });
  const submit = handleSubmit((input) => {
    if (!readOnly) save.mutate(input);
  });

  const remove = useMutation({
    mutationFn: (rolename: string) => api.roles.remove({ params: { rolename } }),
    onSuccess: () => {
      notify.success('deletion_success');
      void invalidateRoles();
      setDeleting(false);
      guard.allowNext();
      navigate(paths.roles.to(), { replace: true });
    },
    onError: (failure) => notify.error(failure, 'deletion_error'),
  });
  const permissionCount = watch('permissions').length;
  const secondFactorOn = watch('secondFactorRequired') === true;
  // Users of the role who would have to enrol at their next sign-in (the server counts those the caller administers).
  const withoutFactor = role?.usersWithoutSecondFactor ?? 0;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      {readOnly ? (
        <p role="note" style={{ margin: 0, display: 'flex', gap: 8, alignItems: 'baseline' }}>
          <Badge>{t('roles.readOnly')}</Badge>
          <span>{t('roles.readOnlyNote')}</span>
        </p>
      ) : null}
      <Card title={t('roles.data')} headingLevel={2}>
        <FormRow>
          <Field
            id="role-name"
            label={t('roles.name')}
            required
            minLength={2}
            maxLength={64}
            pattern="[A-Za-z0-9_ \-]+"
            readOnly={Boolean(role?.builtIn) || readOnly}
            error={error ? t(error, { ns: 'messages' }) : null}
            {...register('rolename')}
          />
          <Field
            id="role-firstname"
            label={t('users.firstname')}
            readOnly={readOnly}
            {...register('firstname')}
          />
          <Field
            id="role-lastname"
            label={t('users.lastname')}
            readOnly={readOnly}
            {...register('lastname')}
          />
          <Field id="role-region" label={t('users.region')} readOnly={readOnly} {...register('region')} />
        </FormRow>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginTop: 16 }}>
          <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center', fontWeight: 600 }}>
            <input
              id="role-second-factor"
              type="checkbox"
              role="switch"
              aria-checked={secondFactorOn}
              aria-describedby="role-second-factor-hint"
              disabled={readOnly}
              {...register('secondFactorRequired')}
            />
            {t('roles.secondFactor')}
          </label>
          <span id="role-second-factor-hint">{t('roles.secondFactorHint')}</span>
          {secondFactorOn && withoutFactor > 0 ? (
            <p role="note" style={{ margin: 0 }}>
              {t('roles.secondFactorEnrol', { count: withoutFactor })}
            </p>
          ) : null}
        </div>
      </Card>
      <h2 style={{ margin: 0, fontSize: 18 }}>{t('roles.permissionsCount', { count: permissionCount })}</h2>
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => (
          <PermissionPicker
            idPrefix="role-perm"
            catalogue={catalogue.data}
            value={field.value}
            onChange={(permissions) => field.onChange(sorted(permissions))}
            disabled={readOnly}
          />
        )}
      />
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {readOnly ? null : (
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t('actions.save', { ns: 'common' })}
          </Button>
        )}
        {isDirty && !readOnly ? (
          <Button type="button" variant="secondary" onClick={() => reset()}>
            {t('users.undo')}
          </Button>
        ) : null}
        {mayRemove ? (
          <Button type="button" variant="danger" onClick={() => setDeleting(true)}>
            {t('roles.delete')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting}
        title={t('roles.deleteTitle')}
        message={t('roles.deleteConfirm', { name: role?.rolename ?? '' })}
        confirmLabel={t('roles.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => role && remove.mutate(role.rolename)}
      />
      <DiscardDialog blocker={guard.blocker} />
    </form>
  );
}
