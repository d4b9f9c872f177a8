import { useEffect } from 'react';
import { refreshSession, SESSION_REFRESH_MS } from '../../../lib/session-refresh';
import { ACTIVITY_EVENTS, onOtherTabs } from '../../../lib/session-tabs';

/** Focus events come in bursts (window, then tab): one re-read per this many ms is enough. */
const FOCUS_GAP_MS = 5000;

/**
 * Keeps the signed-in frame's permissions fresh (issue 13): the session is re-read when the window gets
 * the focus or the tab becomes visible, and every SESSION_REFRESH_MS while the tab is visible and the
 * browser was used since the last read (in this tab or another). Without that last condition an idle tab
 * would keep a session alive on the server (each read slides its expiry) that the user's own session
 * timeout should end. After a 403 the transport re-reads too (app/router.tsx).
 */
export function useSessionRefresh(intervalMs = SESSION_REFRESH_MS) {
  useEffect(() => {
    // The first focus always reads (the frame may have mounted long after sign-in, e.g. from storage).
    let lastRead = Number.NEGATIVE_INFINITY;
    let usedSinceRead = false;
    const read = () => {
      lastRead = Date.now();
      usedSinceRead = false;
      void refreshSession();
    };
    const onFocus = () => {
      if (Date.now() - lastRead >= FOCUS_GAP_MS) read();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onFocus();
    };
    const onUse = () => {
      usedSinceRead = true;
    };
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && usedSinceRead) read();
    }, intervalMs);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onUse, { passive: true });
    const stopListening = onOtherTabs((message) => {
      if (message.type === 'activity') onUse();
    });
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onUse);
      stopListening();
    };
  }, [intervalMs]);
}
