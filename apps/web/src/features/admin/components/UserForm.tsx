import {
  checkPasswordPair,
  LANGUAGES,
  type Language,
  type MessageKey,
  type Scope,
  SESSION_TIMEOUT_DEFAULT_MINUTES,
  saveStatus,
  type User,
  type UserInput,
} from '@falcon/api-client';
import { Button, Card, languageLabel, MultiSelect, Select } from '@falcon/ui';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormRow } from '../../../components/Field';
import { api } from '../../../lib/api';
import { useNotify } from '../../../lib/messages';
import { useQuery } from '../../../lib/query';
import { DiscardDialog, useDiscardGuard } from './DiscardGuard';
import { PermissionPicker } from './PermissionPicker';

export interface UserFormProps {
  /** The user to edit; a new one when absent. */
  user?: User;
  /** The signed-in administrator's own scope: what it may hand on (null while loading). */
  ownScope: Scope | null;
  /** Called after a save, with `allowNext` to let the following navigation pass the discard guard. */
  onSaved: (user: User, allowNext: () => void) => void;
  /** Extra buttons beside Save (delete). */
  actions?: ReactNode;
  /** The user is gone (deleted): leaving needs no discard confirmation. */
  leaving?: boolean;
}

const NO_SCOPE: Scope = { all: false, concerns: [], branches: [], locations: [] };

const emptyInput = (ownScope: Scope | null): UserInput => ({
  username: '',
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  region: '',
  useRegion: false,
  language: 'de',
  sessionTimeoutMinutes: SESSION_TIMEOUT_DEFAULT_MINUTES,
  roles: [],
  permissions: [],
  // A customer admin of one concern creates users of that concern.
  scope:
    ownScope && !ownScope.all && ownScope.concerns.length === 1
      ? { ...NO_SCOPE, concerns: [...ownScope.concerns] }
      : { ...NO_SCOPE },
  employeeKey: null,
  password: '',
  passwordRepeat: '',
});

const fromUser = (user: User): UserInput => ({
  username: user.username,
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email ?? '',
  phone: user.phone ?? '',
  region: user.region ?? '',
  useRegion: user.useRegion,
  language: user.language,
  sessionTimeoutMinutes: user.sessionTimeoutMinutes,
  roles: [...user.roles],
  permissions: user.permissions.map((p) => p.code),
  scope: structuredClone(user.scope),
  employeeKey: user.employeeKey,
  password: '',
  passwordRepeat: '',
});

type Errors = Partial<Record<string, MessageKey>>;

/** Create or edit a user: personal data, language, session timeout, roles, permissions, scope and password. */
export function UserForm({ user, ownScope, onSaved, actions, leaving = false }: UserFormProps) {
  const { t } = useTranslation(['admin', 'messages', 'common']);
  const notify = useNotify();
  const [baseline, setBaseline] = useState<UserInput>(() => (user ? fromUser(user) : emptyInput(ownScope)));
  const [input, setInput] = useState<UserInput>(baseline);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const roles = useQuery('roles:all', () => api.roles.all());
  const catalogue = useQuery('permissions', () => api.users.permissions());
  const concerns = useQuery('concerns.list', () => api.concerns.list());
  const dirty = useMemo(() => JSON.stringify(input) !== JSON.stringify(baseline), [input, baseline]);
  const guard = useDiscardGuard(dirty && !leaving);

  const set = <K extends keyof UserInput>(key: K, value: UserInput[K]) =>
    setInput((current) => ({ ...current, [key]: value }));
  const error = (field: string) => {
    const key = errors[field];
    return key ? t(key, { ns: 'messages' }) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec section 5: two passwords that differ give 'Passwords are different'.
    const pair = checkPasswordPair(input.password, input.passwordRepeat);
    if (pair) {
      setErrors({ [pair.field]: pair.error });
      return;
    }
    setErrors({});
    setBusy(true);
    const body: UserInput = {
      ...input,
      username: input.username.trim(),
      email: input.email || null,
      phone: input.phone || null,
      region: input.region || null,
      ...(input.password ? {} : { password: undefined, passwordRepeat: undefined }),
    };
    let saved: User | undefined;
    const result = await saveStatus(
      (async () => {
        saved = user
          ? await api.users.update({ params: { username: user.username }, body })
          : await api.users.create({ body });
      })(),
    );
    setBusy(false);
    if (saved) {
      notify.success('user_save_success');
      const next = fromUser(saved);
      setBaseline(next);
      setInput(next);
      onSaved(saved, guard.allowNext);
      return;
    }
    // User create/update returns the status (spec section 8); 409 is a taken username.
    const key: MessageKey =
      result.status === 409 ? 'username_already_exists' : (result.error?.key ?? 'user_save_error');
    const field =
      (result.error?.details?.field as string | undefined) ?? (result.status === 409 ? 'username' : 'form');
    setErrors({ [FIELDS.has(field) ? field : 'form']: key });
    notify.error(result.error, 'user_save_error');
  };

  const languageOptions = LANGUAGES.map((code) => ({ value: code, label: languageLabel({ code }).name }));
  // Only what the administrator holds itself: every concern for an unrestricted one, else its own.
  const concernOptions = (concerns.data ?? [])
    .filter((c) => ownScope?.all || ownScope?.concerns.includes(c.code))
    .map((c) => ({ value: c.code, label: c.name, secondary: c.code }));
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.rolename, label: role.rolename }));
  const extraScope = [...input.scope.branches, ...input.scope.locations];

  return (
    <form
      onSubmit={(event) => void submit(event)}
      style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 960 }}
    >
      <Card title={t('users.personal')} headingLevel={2}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <FormRow>
            <Field
              id="user-username"
              label={t('users.username')}
              required
              readOnly={Boolean(user)}
              autoComplete="off"
              minLength={3}
              maxLength={64}
              value={input.username}
              error={error('username')}
              onChange={(e) => set('username', e.target.value)}
            />
            <Field
              id="user-firstname"
              label={t('users.firstname')}
              maxLength={100}
              value={input.firstname}
              error={error('firstname')}
              onChange={(e) => set('firstname', e.target.value)}
            />
            <Field
              id="user-lastname"
              label={t('users.lastname')}
              maxLength={100}
              value={input.lastname}
              error={error('lastname')}
              onChange={(e) => set('lastname', e.target.value)}
            />
          </FormRow>
          <FormRow>
            <Field
              id="user-email"
              type="email"
              label={t('users.email')}
              value={input.email ?? ''}
              error={error('email')}
              onChange={(e) => set('email', e.target.value)}
            />
            <Field
              id="user-phone"
              type="tel"
              label={t('users.phone')}
              value={input.phone ?? ''}
              error={error('phone')}
              onChange={(e) => set('phone', e.target.value)}
            />
            <Field
              id="user-region"
              label={t('users.region')}
              value={input.region ?? ''}
              error={error('region')}
              onChange={(e) => set('region', e.target.value)}
            />
          </FormRow>
          <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <input
              type="checkbox"
              checked={input.useRegion}
              onChange={(e) => set('useRegion', e.target.checked)}
            />
            {t('users.useRegion')}
          </label>
          <FormRow>
            <Select
              label={t('users.language')}
              options={languageOptions}
              value={input.language}
              onChange={(value) => set('language', value as Language)}
            />
            <Field
              id="user-timeout"
              type="number"
              min={5}
              max={1440}
              required
              label={t('users.sessionTimeout')}
              value={input.sessionTimeoutMinutes}
              error={error('sessionTimeoutMinutes')}
              onChange={(e) => set('sessionTimeoutMinutes', Number(e.target.value))}
            />
          </FormRow>
        </div>
      </Card>

      <Card title={t('users.access')} headingLevel={2}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <MultiSelect
            label={t('users.roles')}
            options={roleOptions}
            value={input.roles}
            onChange={(value) => set('roles', value)}
          />
          {ownScope?.all ? (
            <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <input
                type="checkbox"
                checked={input.scope.all}
                onChange={(e) => set('scope', { ...input.scope, all: e.target.checked })}
              />
              {t('users.scopeAll')}
            </label>
          ) : null}
          {input.scope.all ? null : (
            <MultiSelect
              label={t('users.concerns')}
              options={concernOptions}
              value={input.scope.concerns}
              onChange={(value) => set('scope', { ...input.scope, concerns: value })}
            />
          )}
          {extraScope.length && !input.scope.all ? (
            <p style={{ margin: 0 }}>{t('users.scopeMore', { codes: extraScope.join(', ') })}</p>
          ) : null}
          {error('scope') || error('roles') || error('permissions') ? (
            <p role="alert" style={{ margin: 0 }}>
              {error('scope') ?? error('roles') ?? error('permissions')}
            </p>
          ) : null}
          <details>
            <summary>{t('users.directPermissions', { count: input.permissions.length })}</summary>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 12 }}>
              <PermissionPicker
                idPrefix="user-perm"
                catalogue={catalogue.data}
                value={input.permissions}
                onChange={(value) => set('permissions', value)}
              />
            </div>
          </details>
        </div>
      </Card>

      <Card title={user ? t('users.changePassword') : t('users.password')} headingLevel={2}>
        <FormRow>
          <Field
            id="user-password"
            type="password"
            autoComplete="new-password"
            label={user ? t('users.newPassword') : t('users.password')}
            required={!user}
            minLength={8}
            value={input.password ?? ''}
            error={error('password')}
            onChange={(e) => set('password', e.target.value)}
          />
          <Field
            id="user-password-repeat"
            type="password"
            autoComplete="new-password"
            label={t('users.passwordRepeat')}
            required={!user}
            value={input.passwordRepeat ?? ''}
            error={error('passwordRepeat')}
            onChange={(e) => set('passwordRepeat', e.target.value)}
          />
        </FormRow>
      </Card>
      {errors.form ? <p role="alert">{error('form')}</p> : null}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button type="submit" variant="primary" loading={busy}>
          {t('actions.save', { ns: 'common' })}
        </Button>
        {dirty ? (
          <Button type="button" variant="secondary" onClick={() => setInput(baseline)}>
            {t('users.undo')}
          </Button>
        ) : null}
        {actions}
      </div>
      <DiscardDialog blocker={guard.blocker} />
    </form>
  );
}

const FIELDS = new Set([
  'username',
  'firstname',
  'lastname',
  'email',
  'phone',
  'region',
  'sessionTimeoutMinutes',
  'password',
  'passwordRepeat',
  'scope',
  'roles',
  'permissions',
]);
