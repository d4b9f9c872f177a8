import {
  ACTION_PERMISSIONS,
  hasAll,
  type NotificationPreferences,
  type NotificationSettings,
} from '@falcon/api-client';
import { Button, Card, ErrorState, Skeleton, useToast } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api';
import { errorKey, useNotify } from '../../../lib/messages';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { notificationsQuery } from '../api/queries';

/** The server's own page (not a route of the app): the mail kept instead of sent when no SMTP server is set. */
const DEV_MAILBOX = '/dev/mail';

/** The anchor of the mails' footer and List-Unsubscribe link (`/profile/<id>#notifications`). */
const NOTIFICATIONS_ANCHOR = 'notifications';

/**
 * The own e-mail notifications (issue 18): each kind on or off, where they go, and a word when the
 * server sends none. "A request arrives" is offered to reviewers only: nobody else is sent one.
 */
export function NotificationSettingsCard() {
  const { t } = useTranslation(['notifications', 'messages']);
  const query = useQuery(notificationsQuery());
  const { hash } = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  const loaded = query.data !== undefined;
  // Opened from a mail: the settings come into view once they are there (the page above them loads first).
  useEffect(() => {
    if (loaded && hash === `#${NOTIFICATIONS_ANCHOR}`) anchor.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);
  return (
    <div id={NOTIFICATIONS_ANCHOR} ref={anchor}>
      <Card title={t('profile.title')} headingLevel={2}>
        {query.error ? (
          <ErrorState
            title={t('profile.loadError')}
            message={t(errorKey(query.error), { ns: 'messages' })}
            onRetry={() => void query.refetch()}
          />
        ) : query.data ? (
          // Keyed by what is stored: the form starts again from the saved settings.
          <SettingsForm key={JSON.stringify(query.data)} preferences={query.data} />
        ) : (
          <Skeleton lines={4} />
        )}
      </Card>
    </div>
  );
}

const KINDS = [
  'requestArrived',
  'requestDecided',
  'dailyDigest',
] as const satisfies readonly (keyof NotificationSettings)[];
const LABELS = {
  requestArrived: 'profile.requestArrived',
  requestDecided: 'profile.requestDecided',
  dailyDigest: 'profile.dailyDigest',
} as const;

function SettingsForm({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { session } = useSnapshot(state);
  const reviewer = hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.reviewRequests]);
  const [settings, setSettings] = useState<NotificationSettings>({
    requestArrived: preferences.requestArrived,
    requestDecided: preferences.requestDecided,
    dailyDigest: preferences.dailyDigest,
  });
  const dirty = KINDS.some((kind) => settings[kind] !== preferences[kind]);
  const save = useMutation({
    mutationFn: (body: NotificationSettings) => api.notifications.update({ body }),
    onSuccess: (stored) => {
      queryClient.setQueryData(queryKeys.notifications(), stored);
      toast.show({ type: 'info', title: t('profile.saved') });
    },
    onError: (failure) => notify.error(failure),
  });
  const shown = KINDS.filter((kind) => kind !== 'requestArrived' || reviewer);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(settings);
      }}
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      {preferences.delivery === 'off' ? (
        <p role="note">{t('profile.deliveryOff')}</p>
      ) : preferences.delivery === 'dev' ? (
        <p role="note">
          {t('profile.deliveryDev')} <a href={DEV_MAILBOX}>{t('profile.devPage')}</a>
        </p>
      ) : null}
      <p>{preferences.email ? t('profile.sentTo', { email: preferences.email }) : t('profile.noEmail')}</p>
      <fieldset
        aria-label={t('profile.title')}
        style={{ border: 0, padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {shown.map((kind) => (
          <label key={kind} style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <input
              type="checkbox"
              checked={settings[kind]}
              onChange={(event) => setSettings((before) => ({ ...before, [kind]: event.target.checked }))}
            />
            {t(LABELS[kind])}
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" variant="primary" loading={save.isPending} disabled={!dirty}>
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
