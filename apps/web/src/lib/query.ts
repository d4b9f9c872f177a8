import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A tiny read cache shared by the pages and the shell: one in-flight request per key, the last value
 * shown at once while it is re-fetched (server data is never trusted from storage, only from memory).
 */
const cache = new Map<string, unknown>();
const inflight = new Map<string, Promise<unknown>>();
/** Keys loaded ahead of the screen that reads them (prefetch): its first read takes that answer. */
const primed = new Set<string>();

export const fetchCached = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const promise = fn()
    .then((value) => {
      // An answer to a request sent before an invalidation is passed on but not kept.
      if (inflight.get(key) === promise) cache.set(key, value);
      return value;
    })
    .finally(() => {
      if (inflight.get(key) === promise) inflight.delete(key);
    });
  inflight.set(key, promise);
  return promise;
};

/**
 * Starts a load ahead of the screen that will read it (a route's loader, while the screen's code
 * downloads). The screen's first read of the key takes this answer, in flight or arrived, instead of
 * loading it again; later reads refresh as usual.
 */
export const prefetch = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
  primed.add(key);
  return fetchCached(key, fn);
};

/**
 * Drops cached values whose key starts with the prefix (after a change), or everything (sign-out).
 * Requests still in flight for those keys are forgotten too: they were sent before the change, so the
 * next reader starts a fresh one instead of waiting for a stale (or never-ending) answer.
 */
export const invalidate = (prefix = '') => {
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
  for (const key of [...inflight.keys()]) if (key.startsWith(prefix)) inflight.delete(key);
  for (const key of [...primed]) if (key.startsWith(prefix)) primed.delete(key);
};

export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads `fn()` for `key` (null: nothing to load); re-runs when the key changes. */
export function useQuery<T>(key: string | null, fn: () => Promise<T>): QueryResult<T> {
  const [data, setData] = useState<T | undefined>(() =>
    key ? (cache.get(key) as T | undefined) : undefined,
  );
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(key !== null);
  const [round, setRound] = useState(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;

  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the reload trigger
  useEffect(() => {
    if (key === null) {
      setData(undefined);
      setLoading(false);
      return;
    }
    let live = true;
    setData(cache.get(key) as T | undefined);
    setError(null);
    setLoading(true);
    // A prefetched key: its answer once, as it is (in flight or arrived), without a second request.
    const ahead = primed.delete(key)
      ? (inflight.get(key) ?? (cache.has(key) ? Promise.resolve(cache.get(key)) : undefined))
      : undefined;
    ((ahead as Promise<T> | undefined) ?? fetchCached(key, () => fnRef.current())).then(
      (value) => {
        if (!live) return;
        setData(value);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        // Spec section 8: loaders log and show nothing; here the page shows an inline error too.
        console.error(failure);
        setError(failure);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [key, round]);

  const reload = useCallback(() => {
    if (key) cache.delete(key);
    setRound((r) => r + 1);
  }, [key]);

  return { data, error, loading, reload };
}
