import { useEffect } from 'react';
import { createVersionCheck, VERSION_CHECK_MS } from '../../../lib/session';

/** Reloads the page when a new version was deployed (checked at start and every 10 minutes). */
export function useVersionCheck(intervalMs = VERSION_CHECK_MS) {
  useEffect(() => {
    const check = createVersionCheck();
    void check();
    const timer = setInterval(() => void check(), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}
