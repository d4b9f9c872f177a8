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
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FormRow } from '../../../components/Field';
import { api } from '../../../lib/api';
import { useNotify } from '../../../lib/messages';
import { concernsListQuery } from '../../../lib/queries';
import { allRolesQuery, fieldServiceQuery, inHouseStaffQuery, permissionsQuery } from '../api/queries';
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
  /**
   * The administrator is one of the supplier's people (unrestricted or linked to an employee): only they
   * link a user to an employee (the domain's checkEmployeeLink); others see the link read only.
   */
  mayLinkEmployee?: boolean;
}

const NO_EMPLOYEE = '';

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
  // Sorted, as the picker hands them on: the same set is the same value (not dirty).
  permissions: user.permissions.map((p) => p.code).sort(),
  scope: structuredClone(user.scope),
  employeeKey: user.employeeKey,
  password: '',
  passwordRepeat: '',
});

/** The fields a server error can name; any other goes to the form as a whole. */
type ErrorField = keyof UserInput;

/** Create or edit a user: personal data, language, session timeout, roles, permissions, scope and password. */
export function UserForm({
  user,
  ownScope,
  onSaved,
  actions,
  leaving = false,
  mayLinkEmployee = false,
}: UserFormProps) {
  const { t } = useTranslation(['admin', 'messages', 'common']);
  const notify = useNotify();
  // react-hook-form keeps the values the form started from: dirty means "differs from them" (deeply),
  // undo resets to them, a save makes the saved user the new start.
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    watch,
    formState: { errors, isDirty },
  } = useForm<UserInput>({ defaultValues: user ? fromUser(user) : emptyInput(ownScope) });
  const roles = useQuery(allRolesQuery());
  const catalogue = useQuery(permissionsQuery());
  const concerns = useQuery(concernsListQuery());
  const inHouse = useQuery({ ...inHouseStaffQuery(), enabled: mayLinkEmployee });
  const fieldService = useQuery({ ...fieldServiceQuery(), enabled: mayLinkEmployee });
  const guard = useDiscardGuard(isDirty && !leaving);

  const message = (key: string | undefined) => (key ? t(key as MessageKey, { ns: 'messages' }) : null);
  const error = (field: ErrorField) => message(errors[field]?.message);
  const formError = message(errors.root?.server?.message);

  const save = useMutation({
    // User create/update returns the status, also on error (spec section 8).
    mutationFn: async (input: UserInput) => {
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
      return { saved, result };
    },
    onSuccess: ({ saved, result }) => {
      if (saved) {
        notify.success('user_save_success');
        reset(fromUser(saved));
        onSaved(saved, guard.allowNext);
        return;
      }
      // 409 is a taken username.
      const key: MessageKey =
        result.status === 409 ? 'username_already_exists' : (result.error?.key ?? 'user_save_error');
      const field =
        (result.error?.details?.field as string | undefined) ?? (result.status === 409 ? 'username' : 'form');
      if (FIELDS.has(field)) setError(field as ErrorField, { type: 'server', message: key });
      else setError('root.server', { type: 'server', message: key });
      notify.error(result.error, 'user_save_error');
    },
  });
  // A server's answer stands until the next attempt; the password pair is checked before sending.
  const submit = handleSubmit((input) => save.mutate(input));

  const scope = watch('scope');
  const permissionCount = watch('permissions').length;

  const languageOptions = LANGUAGES.map((code) => ({ value: code, label: languageLabel({ code }).name }));
  // Only what the administrator holds itself: every concern for an unrestricted one, else its own.
  const concernOptions = (concerns.data ?? [])
    .filter((c) => ownScope?.all || ownScope?.concerns.includes(c.code))
    .map((c) => ({ value: c.code, label: c.name, secondary: c.code }));
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.rolename, label: role.rolename }));
  const extraScope = [...scope.branches, ...scope.locations];
  const linkedKey = watch('employeeKey');
  const employees = [...(inHouse.data ?? []), ...(fieldService.data ?? [])];
  const employeeOptions = [
    { value: NO_EMPLOYEE, label: t('users.noEmployee') },
    ...employees.map((e) => ({
      value: e.key,
      label: e.fullName,
      secondary: `${e.key} · ${t(e.kind === 'inhousestaff' ? 'users.inHouseStaff' : 'users.fieldService')}`,
    })),
    // A link to an employee outside the lists (another scope) stays visible and kept.
    ...(linkedKey && !employees.some((e) => e.key === linkedKey)
      ? [{ value: linkedKey, label: linkedKey }]
      : []),
  ];

  return (
    <form
      onSubmit={(event) => {
        clearErrors();
        void submit(event);
      }}
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
              error={error('username')}
              {...register('username')}
            />
            <Field
              id="user-firstname"
              label={t('users.firstname')}
              maxLength={100}
              error={error('firstname')}
              {...register('firstname')}
            />
            <Field
              id="user-lastname"
              label={t('users.lastname')}
              maxLength={100}
              error={error('lastname')}
              {...register('lastname')}
            />
          </FormRow>
          <FormRow>
            <Field
              id="user-email"
              type="email"
              label={t('users.email')}
              error={error('email')}
              {...register('email')}
            />
            <Field
              id="user-phone"
              type="tel"
              label={t('users.phone')}
              error={error('phone')}
              {...register('phone')}
            />
            <Field
              id="user-region"
              label={t('users.region')}
              error={error('region')}
              {...register('region')}
            />
          </FormRow>
          <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <input type="checkbox" {...register('useRegion')} />
            {t('users.useRegion')}
          </label>
          <FormRow>
            <Controller
              control={control}
              name="language"
              render={({ field }) => (
                <Select
                  label={t('users.language')}
                  options={languageOptions}
                  value={field.value}
                  onChange={(value) => field.onChange(value as Language)}
                />
              )}
            />
            <Field
              id="user-timeout"
              type="number"
              min={5}
              max={1440}
              required
              label={t('users.sessionTimeout')}
              error={error('sessionTimeoutMinutes')}
              {...register('sessionTimeoutMinutes', { valueAsNumber: true })}
            />
            <Controller
              control={control}
              name="employeeKey"
              render={({ field }) => (
                <Select
                  label={t('users.employee')}
                  options={employeeOptions}
                  value={field.value ?? NO_EMPLOYEE}
                  disabled={!mayLinkEmployee}
                  onChange={(value) => field.onChange(value === NO_EMPLOYEE ? null : value)}
                />
              )}
            />
          </FormRow>
          {errors.employeeKey ? <p role="alert">{error('employeeKey')}</p> : null}
        </div>
      </Card>

      <Card title={t('users.access')} headingLevel={2}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Controller
            control={control}
            name="roles"
            render={({ field }) => (
              <MultiSelect
                label={t('users.roles')}
                options={roleOptions}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {ownScope?.all ? (
            <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <input type="checkbox" {...register('scope.all')} />
              {t('users.scopeAll')}
            </label>
          ) : null}
          {scope.all ? null : (
            <Controller
              control={control}
              name="scope.concerns"
              render={({ field }) => (
                <MultiSelect
                  label={t('users.concerns')}
                  options={concernOptions}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          )}
          {extraScope.length && !scope.all ? (
            <p style={{ margin: 0 }}>{t('users.scopeMore', { codes: extraScope.join(', ') })}</p>
          ) : null}
          {error('scope') || error('roles') || error('permissions') ? (
            <p role="alert" style={{ margin: 0 }}>
              {error('scope') ?? error('roles') ?? error('permissions')}
            </p>
          ) : null}
          <details>
            <summary>{t('users.directPermissions', { count: permissionCount })}</summary>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 12 }}>
              <Controller
                control={control}
                name="permissions"
                render={({ field }) => (
                  <PermissionPicker
                    idPrefix="user-perm"
                    catalogue={catalogue.data}
                    value={field.value}
                    onChange={(codes) => field.onChange([...codes].sort())}
                  />
                )}
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
            error={error('password')}
            {...register('password')}
          />
          <Field
            id="user-password-repeat"
            type="password"
            autoComplete="new-password"
            label={t('users.passwordRepeat')}
            required={!user}
            error={error('passwordRepeat')}
            {...register('passwordRepeat', {
              // Spec section 5: two passwords that differ give 'Passwords are different'.
              validate: (repeat, values) => checkPasswordPair(values.password, repeat)?.error ?? true,
            })}
          />
        </FormRow>
      </Card>
      {formError ? <p role="alert">{formError}</p> : null}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button type="submit" variant="primary" loading={save.isPending}>
          {t('actions.save', { ns: 'common' })}
        </Button>
        {isDirty ? (
          <Button type="button" variant="secondary" onClick={() => reset()}>
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
  'employeeKey',
]);
