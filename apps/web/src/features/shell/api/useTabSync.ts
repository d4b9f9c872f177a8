import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { signedOutElsewhere } from '../../../lib/session-switch';
import { announceActivity, onOtherTabs } from '../../../lib/session-tabs';
import { state } from '../../../lib/store';

/**
 * The tabs of one browser as one session (issue 13): while signed in, this tab announces its activity to
 * the others (their inactivity timers restart: SessionWatch), and a sign-out in another tab signs this one
 * out too. In the root layout, so a signed-in tab on an error or legal page follows as well.
 */
export function useTabSync() {
  const signedIn = Boolean(useSnapshot(state).session?.username);
  useEffect(() => {
    if (!signedIn) return;
    const stopAnnouncing = announceActivity();
    const stopListening = onOtherTabs((message) => {
      if (message.type === 'signout' && state.session?.username) signedOutElsewhere();
    });
    return () => {
      stopAnnouncing();
      stopListening();
    };
  }, [signedIn]);
}
