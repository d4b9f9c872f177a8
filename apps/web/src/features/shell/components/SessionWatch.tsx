import { InactivityBanner, useInactivity } from '@falcon/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { signOut } from '../../../lib/session-switch';
import { onOtherTabs } from '../../../lib/session-tabs';
import { state } from '../../../lib/store';

/**
 * Spec section 4: any activity restarts the timers; at 59 minutes a full-screen warning counts down
 * 60 seconds (logout_warning); at 60 minutes the user is signed out on the server and here, and the
 * login page loads. Activity in another tab of this browser counts too (issue 13: the tabs announce it
 * over a BroadcastChannel, features/shell/api/useTabSync.ts), and the sign-out reaches every tab.
 */
export function SessionWatch() {
  const { t } = useTranslation('messages');
  const { session } = useSnapshot(state);
  const enabled = Boolean(session?.username);
  const { warning, secondsLeft, reset } = useInactivity({
    enabled,
    onLogout: () => void signOut(),
  });
  useEffect(() => {
    if (!enabled) return;
    return onOtherTabs((message) => {
      if (message.type === 'activity') reset();
    });
  }, [enabled, reset]);
  return (
    <InactivityBanner
      open={warning}
      secondsLeft={secondsLeft}
      onStay={reset}
      message={t('logout_warning', { seconds: secondsLeft })}
    />
  );
}
