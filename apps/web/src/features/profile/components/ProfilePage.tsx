import { checkPasswordPair, LANGUAGES, type Language, type MessageKey } from '@falcon/api-client';
import { Button, Card, DetailPanel, ErrorState, languageLabel, Select, Skeleton } from '@falcon/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { state } from '../../../lib/store';

/** The signed-in user's own data (the user detail, read only), the interface language and the password change. */
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
    personal: t('personal'),
    username: t('users.username', { ns: 'admin' }),
    firstname: t('users.firstname', { ns: 'admin' }),
    lastname: t('users.lastname', { ns: 'admin' }),
    email: t('users.email', { ns: 'admin' }),
    phone: t('users.phone', { ns: 'admin' }),
    region: t('users.region', { ns: 'admin' }),
    roles: t('users.roles', { ns: 'admin' }),
    lastLogin: t('users.lastLogin', { ns: 'admin' }),
    sessionTimeoutMinutes: t('users.sessionTimeout', { ns: 'admin' }),
  };
  return (
    <Stack>
      <PageHeader title={t('title')} />
      {data ? (
        <DetailPanel
          title={`${data.firstname} ${data.lastname}`.trim() || data.username}
          data={{ ...data, roles: data.roles.join(', ') }}
          groups={[
            {
              id: 'personal',
              fields: [
                { key: 'username' },
                { key: 'firstname' },
                { key: 'lastname' },
                { key: 'email' },
                { key: 'phone' },
                { key: 'region' },
                { key: 'roles' },
                { key: 'lastLogin', kind: 'datetime' },
                { key: 'sessionTimeoutMinutes', kind: 'integer' },
              ],
            },
          ]}
          labels={labels}
        />
      ) : (
        <Skeleton lines={8} />
      )}
      <LanguageChoice />
      <PasswordChange />
    </Stack>
  );
}

/** The interface language, stored in the browser (key `language`) and in the user's profile. */
function LanguageChoice() {
  const { t } = useTranslation(['profile', 'admin']);
  const notify = useNotify();
  const { language } = useSnapshot(state);
  const options = LANGUAGES.map((code) => ({ value: code, label: languageLabel({ code }).name }));
  return (
    <Card title={t('language')} headingLevel={2}>
      <div style={{ maxWidth: 320 }}>
        <Select
          label={t('users.language', { ns: 'admin' })}
          options={options}
          value={language}
          onChange={(value) => {
            void changeLanguage(value as Language).then(() => notify.success('user_save_success'));
          }}
        />
      </div>
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
