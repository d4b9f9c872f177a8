import {
  checkPasswordPair,
  isApiError,
  LANGUAGES,
  type Language,
  type MessageKey,
  type ProfileInput,
  type User,
} from '@falcon/api-client';
import { Button, Card, DetailPanel, ErrorState, languageLabel, Select, Skeleton } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Field, FormRow } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { api } from '../../../lib/api';
import { changeLanguage } from '../../../lib/language';
import { errorKey, errorValues, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { userQuery } from '../../../lib/queries';
import { queryKeys } from '../../../lib/query-keys';
import { setSession, state } from '../../../lib/store';
import { NotificationSettingsCard } from './NotificationSettings';
import { SecuritySection } from './SecuritySection';

/**
 * The signed-in user's own data: the personal data they edit (name, e-mail, phone, interface language),
 * what administrators set (read only) and the password change.
 */
export function ProfilePage({ id }: { id: string }) {
  const { t } = useTranslation(['profile', 'admin', 'messages']);
  const user = useQuery(userQuery(id));
  usePageTitle(t('title'));
  if (user.error)
    return (
      <ErrorState message={t(errorKey(user.error), { ns: 'messages' })} onRetry={() => void user.refetch()} />
    );
  const data = user.data;
  const labels = {
    account: t('account'),
    username: t('users.username', { ns: 'admin' }),
    region: t('users.region', { ns: 'admin' }),
    roles: t('users.roles', { ns: 'admin' }),
    lastLogin: t('users.lastLogin', { ns: 'admin' }),
    sessionTimeoutMinutes: t('users.sessionTimeout', { ns: 'admin' }),
  };
  return (
    <Stack>
      <PageHeader title={t('title')} />
      {data ? (
        <>
          <PersonalData user={data} />
          <DetailPanel
            title={`${data.firstname} ${data.lastname}`.trim() || data.username}
            data={{ ...data, roles: data.roles.join(', ') }}
            groups={[
              {
                id: 'account',
                fields: [
                  { key: 'username' },
                  { key: 'region' },
                  { key: 'roles' },
                  { key: 'lastLogin', kind: 'datetime' },
                  { key: 'sessionTimeoutMinutes', kind: 'integer' },
                ],
              },
            ]}
            labels={labels}
          />
        </>
      ) : (
        <Skeleton lines={8} />
      )}
      <PasswordChange />
      <NotificationSettingsCard />
      <SecuritySection />
    </Stack>
  );
}

type PersonalInput = Omit<ProfileInput, 'email' | 'phone'> & { email: string; phone: string };

/**
 * The own name, e-mail, phone and interface language. A language chosen applies at once (the store's key
 * `language`, i18next and the profile, as the header's switch does); saving stores all of it.
 */
function PersonalData({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'admin', 'messages']);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { language } = useSnapshot(state);
  const options = LANGUAGES.map((code) => ({ value: code, label: languageLabel({ code }).name }));
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<PersonalInput>({
    defaultValues: {
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email ?? '',
      phone: user.phone ?? '',
      language,
    },
  });
  const message = (field: keyof PersonalInput) => {
    const key = errors[field]?.message;
    return key ? t(key as MessageKey, { ns: 'messages' }) : null;
  };
  const save = useMutation({
    mutationFn: (input: PersonalInput) =>
      api.profile.update({
        body: { ...input, email: input.email.trim() || null, phone: input.phone.trim() || null },
      }),
    onSuccess: (session, input) => {
      // The header shows the new name at once; the profile reads the user again.
      setSession(session);
      reset(input);
      notify.success('user_save_success');
      return queryClient.invalidateQueries({ queryKey: queryKeys.user(user.id) });
    },
    onError: (failure) => {
      const field = isApiError(failure) ? failure.details?.field : undefined;
      if (typeof field === 'string' && ['firstname', 'lastname', 'email', 'phone'].includes(field))
        setError(field as keyof PersonalInput, { type: 'server', message: errorKey(failure) });
      else notify.error(failure);
    },
  });
  return (
    <Card title={t('personal')} headingLevel={2}>
      <form
        onSubmit={(event) => void handleSubmit((input) => save.mutate(input))(event)}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        <FormRow>
          <Field
            id="profile-firstname"
            autoComplete="given-name"
            maxLength={100}
            label={t('users.firstname', { ns: 'admin' })}
            error={message('firstname')}
            {...register('firstname')}
          />
          <Field
            id="profile-lastname"
            autoComplete="family-name"
            maxLength={100}
            label={t('users.lastname', { ns: 'admin' })}
            error={message('lastname')}
            {...register('lastname')}
          />
        </FormRow>
        <FormRow>
          <Field
            id="profile-email"
            type="email"
            autoComplete="email"
            maxLength={200}
            label={t('users.email', { ns: 'admin' })}
            error={message('email')}
            {...register('email')}
          />
          <Field
            id="profile-phone"
            type="tel"
            autoComplete="tel"
            maxLength={50}
            label={t('users.phone', { ns: 'admin' })}
            error={message('phone')}
            {...register('phone')}
          />
          <div style={{ minWidth: 240 }}>
            <Controller
              control={control}
              name="language"
              render={({ field }) => (
                <Select
                  label={t('users.language', { ns: 'admin' })}
                  options={options}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    void changeLanguage(value as Language);
                  }}
                />
              )}
            />
          </div>
        </FormRow>
        <div>
          <Button type="submit" variant="primary" loading={save.isPending} disabled={!isDirty}>
            {t('savePersonal')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

interface PasswordInput {
  oldPassword: string;
  newPassword: string;
  newPasswordRepeat: string;
}
const NO_PASSWORDS: PasswordInput = { oldPassword: '', newPassword: '', newPasswordRepeat: '' };

function PasswordChange() {
  const { t } = useTranslation(['profile', 'admin', 'messages']);
  const notify = useNotify();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<PasswordInput>({ defaultValues: NO_PASSWORDS });
  // The values a server's message names (a back-off's `when`).
  const [values, setValues] = useState<Record<string, unknown>>({});
  const message = (field: keyof PasswordInput) => {
    const key = errors[field]?.message;
    return key ? t(key as MessageKey, { ns: 'messages', ...values }) : null;
  };

  const change = useMutation({
    mutationFn: (input: PasswordInput) => api.profile.changePassword({ body: input }),
    onSuccess: () => {
      notify.success('user_save_success');
      reset(NO_PASSWORDS);
    },
    onError: (failure) => {
      const key = errorKey(failure);
      // A back-off (too_many_requests) concerns the current password: it says how long to wait.
      const field = key === 'wrong_password' || key === 'too_many_requests' ? 'oldPassword' : 'newPassword';
      setValues(errorValues(failure));
      setError(field, { type: 'server', message: key });
    },
  });
  const submit = handleSubmit((input) => change.mutate(input));

  return (
    <Card title={t('changePassword')} headingLevel={2}>
      <form
        onSubmit={(event) => {
          clearErrors();
          void submit(event);
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        <FormRow>
          <Field
            id="pw-old"
            type="password"
            autoComplete="current-password"
            required
            label={t('oldPassword')}
            error={message('oldPassword')}
            {...register('oldPassword')}
          />
          <Field
            id="pw-new"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            label={t('users.newPassword', { ns: 'admin' })}
            error={message('newPassword')}
            {...register('newPassword')}
          />
          <Field
            id="pw-repeat"
            type="password"
            autoComplete="new-password"
            required
            label={t('users.passwordRepeat', { ns: 'admin' })}
            error={message('newPasswordRepeat')}
            {...register('newPasswordRepeat', {
              // Spec section 5: two passwords that differ give 'Passwords are different'.
              validate: (repeat, input) =>
                checkPasswordPair(input.newPassword, repeat, 'newPasswordRepeat')?.error ?? true,
            })}
          />
        </FormRow>
        <div>
          <Button type="submit" variant="primary" loading={change.isPending}>
            {t('changePassword')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
