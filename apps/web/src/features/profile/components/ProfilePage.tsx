import { checkPasswordPair, LANGUAGES, type Language, type MessageKey } from '@falcon/api-client';
import { Button, Card, DetailPanel, ErrorState, languageLabel, Select, Skeleton } from '@falcon/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Field, FormRow } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { api } from '../../../lib/api';
import { changeLanguage } from '../../../lib/language';
import { errorKey, errorValues, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { useQuery } from '../../../lib/query';
import { state } from '../../../lib/store';

/** The signed-in user's own data (the user detail, read only), the interface language and the password change. */
export function ProfilePage({ id }: { id: string }) {
  const { t } = useTranslation(['profile', 'admin', 'messages']);
  const user = useQuery(`user:${id}`, () => api.users.getById({ params: { id } }));
  usePageTitle(t('title'));
  if (user.error)
    return <ErrorState message={t(errorKey(user.error), { ns: 'messages' })} onRetry={user.reload} />;
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

function PasswordChange() {
  const { t } = useTranslation(['profile', 'admin', 'messages']);
  const notify = useNotify();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ field: string; key: MessageKey; when?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const message = (field: string) =>
    error?.field === field ? t(error.key, { ns: 'messages', when: error.when }) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pair = checkPasswordPair(newPassword, repeat, 'newPasswordRepeat');
    if (pair) {
      setError({ field: pair.field, key: pair.error });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api.profile.changePassword({ body: { oldPassword, newPassword, newPasswordRepeat: repeat } });
      notify.success('user_save_success');
      setOld('');
      setNew('');
      setRepeat('');
    } catch (failure) {
      const key = errorKey(failure);
      // A back-off (too_many_requests) concerns the current password: it says how long to wait.
      const field = key === 'wrong_password' || key === 'too_many_requests' ? 'oldPassword' : 'newPassword';
      setError({ field, key, ...errorValues(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('changePassword')} headingLevel={2}>
      <form
        onSubmit={(event) => void submit(event)}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        <FormRow>
          <Field
            id="pw-old"
            type="password"
            autoComplete="current-password"
            required
            label={t('oldPassword')}
            value={oldPassword}
            error={message('oldPassword')}
            onChange={(e) => setOld(e.target.value)}
          />
          <Field
            id="pw-new"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            label={t('users.newPassword', { ns: 'admin' })}
            value={newPassword}
            error={message('newPassword')}
            onChange={(e) => setNew(e.target.value)}
          />
          <Field
            id="pw-repeat"
            type="password"
            autoComplete="new-password"
            required
            label={t('users.passwordRepeat', { ns: 'admin' })}
            value={repeat}
            error={message('newPasswordRepeat')}
            onChange={(e) => setRepeat(e.target.value)}
          />
        </FormRow>
        <div>
          <Button type="submit" variant="primary" loading={busy}>
            {t('changePassword')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
