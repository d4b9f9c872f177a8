import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { state } from '../../../lib/store';

/**
 * The tabs of one browser as one session (issue 13): while signed in, this tab announces its activity to
 * the others (their inactivity timers restart: SessionWatch), and a sign-out in another tab signs this one
 * out too. In the root layout, so a signed-in tab on an error or legal page follows as well; its code
 * loads only once someone is signed in (the login page stays within its size budget).
 */
export function useTabSync() {
  const signedIn = Boolean(useSnapshot(state).session?.username);
  useEffect(() => {
    if (!signedIn) return;
    let stop = () => {};
    let ended = false;
    void Promise.all([import('../../../lib/session-tabs'), import('../../../lib/session-switch')]).then(
      ([tabs, { signedOutElsewhere }]) => {
        if (ended) return;
        const stopAnnouncing = tabs.announceActivity();
        const stopListening = tabs.onOtherTabs((message) => {
          if (message.type === 'signout' && state.session?.username) signedOutElsewhere();
        });
        stop = () => {
          stopAnnouncing();
          stopListening();
        };
      },
    );
    return () => {
      ended = true;
      stop();
    };
  }, [signedIn]);
}
