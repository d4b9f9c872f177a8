import {
  ACTION_PERMISSIONS,
  hasAll,
  type MessageKey,
  type Role,
  type RoleInput,
  saveStatus,
} from '@falcon/api-client';
import { Badge, Button, Card, ConfirmDialog, ErrorState, Skeleton } from '@falcon/ui';
import { type FormEvent, useMemo, useState } from 'react';
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
import { invalidate, useQuery } from '../../../lib/query';
import { state } from '../../../lib/store';
import { DiscardDialog, useDiscardGuard } from './DiscardGuard';
import { PermissionPicker } from './PermissionPicker';

/** /admin/role/:id ('new' creates one): names, region and the permission codes, grouped. */
export function RoleDetailPage({ id }: { id: string }) {
  const { t } = useTranslation(['admin', 'messages']);
  const isNew = id === 'new';
  const role = useQuery(isNew ? null : `role:${id}`, () => api.roles.getById({ params: { id } }));
  usePageTitle(role.data?.rolename ?? t('roles.new'));
  if (role.error)
    return <ErrorState message={t(errorKey(role.error), { ns: 'messages' })} onRetry={role.reload} />;
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
  permissions: [...(role?.permissions ?? [])].sort(),
});

const normalized = (value: RoleInput) =>
  JSON.stringify({ ...value, permissions: [...value.permissions].sort() });

function RoleForm({ role }: { role?: Role }) {
  const { t } = useTranslation(['admin', 'messages', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const { session } = useSnapshot(state);
  const catalogue = useQuery('permissions', () => api.users.permissions());
  const [baseline, setBaseline] = useState<RoleInput>(() => toInput(role));
  const [input, setInput] = useState<RoleInput>(baseline);
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const dirty = useMemo(() => normalized(input) !== normalized(baseline), [input, baseline]);
  const guard = useDiscardGuard(dirty);
  // The server says whether the caller may change it: global roles only internal administrators.
  const readOnly = Boolean(role && !role.editable);
  const mayRemove =
    Boolean(role && !role.builtIn && role.editable) &&
    hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.removeRole]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    setBusy(true);
    setError(null);
    let saved: Role | undefined;
    const body = { ...input, rolename: input.rolename.trim() };
    const result = await saveStatus(
      (async () => {
        saved = role
          ? await api.roles.update({ params: { rolename: role.rolename }, body })
          : await api.roles.create({ body });
      })(),
    );
    setBusy(false);
    if (saved) {
      notify.success('role_save_success');
      invalidate('roles:');
      invalidate(`role:${saved.id}`);
      const next = toInput(saved);
      setBaseline(next);
      setInput(next);
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
  };

  const remove = async () => {
    if (!role) return;
    setBusy(true);
    try {
      await api.roles.remove({ params: { rolename: role.rolename } });
      notify.success('deletion_success');
      invalidate('roles:');
      setDeleting(false);
      guard.allowNext();
      navigate(paths.roles.to(), { replace: true });
    } catch (failure) {
      notify.error(failure, 'deletion_error');
    } finally {
      setBusy(false);
    }
  };

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
            value={input.rolename}
            error={error ? t(error, { ns: 'messages' }) : null}
            onChange={(e) => setInput({ ...input, rolename: e.target.value })}
          />
          <Field
            id="role-firstname"
            label={t('users.firstname')}
            readOnly={readOnly}
            value={input.firstname ?? ''}
            onChange={(e) => setInput({ ...input, firstname: e.target.value })}
          />
          <Field
            id="role-lastname"
            label={t('users.lastname')}
            readOnly={readOnly}
            value={input.lastname ?? ''}
            onChange={(e) => setInput({ ...input, lastname: e.target.value })}
          />
          <Field
            id="role-region"
            label={t('users.region')}
            readOnly={readOnly}
            value={input.region ?? ''}
            onChange={(e) => setInput({ ...input, region: e.target.value })}
          />
        </FormRow>
      </Card>
      <h2 style={{ margin: 0, fontSize: 18 }}>
        {t('roles.permissionsCount', { count: input.permissions.length })}
      </h2>
      <PermissionPicker
        idPrefix="role-perm"
        catalogue={catalogue.data}
        value={input.permissions}
        onChange={(permissions) => setInput({ ...input, permissions })}
        disabled={readOnly}
      />
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {readOnly ? null : (
          <Button type="submit" variant="primary" loading={busy && !deleting}>
            {t('actions.save', { ns: 'common' })}
          </Button>
        )}
        {dirty && !readOnly ? (
          <Button type="button" variant="secondary" onClick={() => setInput(baseline)}>
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
        loading={busy}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void remove()}
      />
      <DiscardDialog blocker={guard.blocker} />
    </form>
  );
}
