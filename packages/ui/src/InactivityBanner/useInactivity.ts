import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec: warn after 59 minutes without activity, log out at 60 minutes (a 60 second countdown). */
export const INACTIVITY_WARN_MS = 59 * 60 * 1000;
export const INACTIVITY_LOGOUT_MS = 60 * 60 * 1000;

const ACTIVITY_EVENTS = ['click', 'mousemove', 'mousedown', 'scroll', 'keypress', 'load'] as const;

export interface InactivityOptions {
  warnAfterMs?: number;
  logoutAfterMs?: number;
  onLogout: () => void;
  /** Off while nobody is signed in. */
  enabled?: boolean;
}

/**
 * Watches user activity (click, mouse move/down, scroll, key press, load). Answers whether the
 * warning shows and the seconds left; any activity hides it and restarts both timers.
 */
export function useInactivity({
  warnAfterMs = INACTIVITY_WARN_MS,
  logoutAfterMs = INACTIVITY_LOGOUT_MS,
  onLogout,
  enabled = true,
}: InactivityOptions) {
  const [warning, setWarning] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(Math.round((logoutAfterMs - warnAfterMs) / 1000));
  const logoutRef = useRef(onLogout);
  logoutRef.current = onLogout;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const restart = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    for (const timer of timers.current) clearInterval(timer);
    setWarning(false);
    if (!enabled) return;
    const started = Date.now();
    const warnTimer = setTimeout(() => {
      setWarning(true);
      setSecondsLeft(Math.round((logoutAfterMs - warnAfterMs) / 1000));
      const tick = setInterval(() => {
        setSecondsLeft(Math.max(0, Math.ceil((started + logoutAfterMs - Date.now()) / 1000)));
      }, 1000);
      timers.current.push(tick);
    }, warnAfterMs);
    const logoutTimer = setTimeout(() => logoutRef.current(), logoutAfterMs);
    timers.current = [warnTimer, logoutTimer];
  }, [enabled, warnAfterMs, logoutAfterMs]);

  useEffect(() => {
    restart();
    if (!enabled) return;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart);
      for (const timer of timers.current) {
        clearTimeout(timer);
        clearInterval(timer);
      }
    };
  }, [enabled, restart]);

  return { warning, secondsLeft, reset: restart };
}
