import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface DebounceOptions {
  /** Quiet time after the last call before the callback runs. */
  wait: number;
  /** Longest time from the first call of a burst until the callback runs anyway. */
  maxWait?: number;
}

export interface Debounced<A> {
  call: (arg: A) => void;
  /** Runs a pending call now. */
  flush: () => void;
  cancel: () => void;
}

/** Trailing debounce with an optional maxWait, like lodash's, bound to the component's life. */
export function useDebouncedCallback<A>(callback: (arg: A) => void, { wait, maxWait }: DebounceOptions) {
  const callbackRef = useRef(callback);
  callbackRef.current = callback;
  const state = useRef<{
    waitTimer?: ReturnType<typeof setTimeout>;
    maxTimer?: ReturnType<typeof setTimeout>;
    pending: boolean;
    arg?: A;
  }>({ pending: false });

  const cancel = useCallback(() => {
    const s = state.current;
    clearTimeout(s.waitTimer);
    clearTimeout(s.maxTimer);
    s.waitTimer = undefined;
    s.maxTimer = undefined;
    s.pending = false;
  }, []);

  const flush = useCallback(() => {
    const s = state.current;
    if (!s.pending) return;
    const arg = s.arg as A;
    cancel();
    callbackRef.current(arg);
  }, [cancel]);

  const call = useCallback(
    (arg: A) => {
      const s = state.current;
      s.arg = arg;
      s.pending = true;
      clearTimeout(s.waitTimer);
      s.waitTimer = setTimeout(flush, wait);
      if (maxWait !== undefined && s.maxTimer === undefined) s.maxTimer = setTimeout(flush, maxWait);
    },
    [flush, wait, maxWait],
  );

  useEffect(() => cancel, [cancel]);
  return useMemo<Debounced<A>>(() => ({ call, flush, cancel }), [call, flush, cancel]);
}
