import { InactivityBanner, useInactivity } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { signOut } from '../../../lib/session-switch';
import { state } from '../../../lib/store';

/**
 * Spec section 4: any activity restarts the timers; at 59 minutes a full-screen warning counts down
 * 60 seconds (logout_warning); at 60 minutes the user is signed out on the server and here, and the
 * login page loads.
 */
export function SessionWatch() {
  const { t } = useTranslation('messages');
  const { session } = useSnapshot(state);
  const { warning, secondsLeft, reset } = useInactivity({
    enabled: Boolean(session?.username),
    onLogout: () => void signOut(),
  });
  return (
    <InactivityBanner
      open={warning}
      secondsLeft={secondsLeft}
      onStay={reset}
      message={t('logout_warning', { seconds: secondsLeft })}
    />
  );
}
