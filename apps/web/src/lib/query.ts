import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A tiny read cache shared by the pages and the shell: one in-flight request per key, the last value
 * shown at once while it is re-fetched (server data is never trusted from storage, only from memory).
 */
const cache = new Map<string, unknown>();
const inflight = new Map<string, Promise<unknown>>();

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
 * Drops cached values whose key starts with the prefix (after a change), or everything (sign-out).
 * Requests still in flight for those keys are forgotten too: they were sent before the change, so the
 * next reader starts a fresh one instead of waiting for a stale (or never-ending) answer.
 */
export const invalidate = (prefix = '') => {
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
  for (const key of [...inflight.keys()]) if (key.startsWith(prefix)) inflight.delete(key);
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
    fetchCached(key, () => fnRef.current()).then(
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
