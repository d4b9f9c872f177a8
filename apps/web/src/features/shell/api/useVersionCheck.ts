import { useEffect, useRef, useState } from 'react';
import { browser } from '../../../lib/browser';
import { ACTIVITY_EVENTS, onOtherTabs } from '../../../lib/session-tabs';
import {
  mayReloadFor,
  noteReloadFor,
  runningVersion,
  servedVersion,
  VERSION_CHECK_MS,
  VERSION_IDLE_MS,
} from './versionCheck';

export interface VersionCheckOptions {
  intervalMs?: number;
  idleMs?: number;
  /** The version this tab runs (default: index.html's); null checks nothing (dev server, Storybook). */
  running?: string | null;
  /** The version served now (default: the server's version.json). */
  served?: () => Promise<string>;
}

/**
 * Spec section 4, issue 13: compares the version of the web build this tab runs with the one the server
 * serves now, at start, every 10 minutes and when the tab becomes visible again. A new one reloads the
 * tab as soon as it is idle (hidden, or no activity in any tab for VERSION_IDLE_MS); until then it
 * answers with the served version, for a notice that offers the reload at once. A failed check is only
 * logged (spec section 8).
 */
export function useVersionCheck({
  intervalMs = VERSION_CHECK_MS,
  idleMs = VERSION_IDLE_MS,
  running = runningVersion(),
  served = servedVersion,
}: VersionCheckOptions = {}): { available: string | null; reload: () => void } {
  const [available, setAvailable] = useState<string | null>(null);
  const servedRef = useRef(served);
  servedRef.current = served;

  useEffect(() => {
    if (!running) return;
    let lastActivity = Date.now();
    let newer: string | null = null;
    let idleTimer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const reloadIfIdle = () => {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      if (!newer || !mayReloadFor(newer)) return;
      const quietFor = Date.now() - lastActivity;
      if (document.visibilityState === 'hidden' || quietFor >= idleMs) {
        noteReloadFor(newer);
        browser.reload();
      } else {
        idleTimer = setTimeout(reloadIfIdle, idleMs - quietFor);
      }
    };
    const check = async () => {
      try {
        const version = await servedRef.current();
        if (stopped) return;
        newer = version !== running ? version : null;
        setAvailable(newer);
        reloadIfIdle();
      } catch (error) {
        console.error(error);
      }
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void check();
      else reloadIfIdle();
    };

    void check();
    const timer = setInterval(() => void check(), intervalMs);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    const stopListening = onOtherTabs((message) => {
      if (message.type === 'activity') onActivity();
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      if (idleTimer) clearTimeout(idleTimer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      document.removeEventListener('visibilitychange', onVisibility);
      stopListening();
    };
  }, [running, intervalMs, idleMs]);

  return {
    available,
    reload: () => {
      if (available) noteReloadFor(available);
      browser.reload();
    },
  };
}
