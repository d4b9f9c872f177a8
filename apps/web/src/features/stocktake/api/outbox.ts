import { isApiError } from '@falcon/api-client/lite';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../../lib/api';
import { enqueue, type OutboxItem, remove, waiting } from '../../../lib/offline-store';

/**
 * The scans of a count leave the phone through this outbox: each is stored in IndexedDB first, then sent
 * in the order taken, one at a time; a sent one is removed only once the server answered. A lost answer
 * sends the scan again with the same idempotency key, which the server answers with the first result, so
 * every scan arrives exactly once (ADR 0062).
 */

export interface OutboxState {
  /** The browser says it has a network, and the last send did not fail for want of one. */
  online: boolean;
  /** The signed-in user's items still to send, oldest first. */
  items: readonly OutboxItem[];
  /** Items the server refused (400/404/409): dropped, counted so the screen can say so. */
  refused: number;
  /** Bumped whenever something reached the server: the count's answer is stale. */
  delivered: number;
}

const RETRY_MS = 5_000;

let state: OutboxState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  items: [],
  refused: 0,
  delivered: 0,
};
const listeners = new Set<() => void>();
const set = (next: Partial<OutboxState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

let user: string | null = null;
let running: Promise<void> | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;

const reload = async () => {
  if (user) set({ items: await waiting(user) });
};

/** A network failure or a server that is away: try again later. Anything else the server said is final. */
const retryable = (error: unknown) =>
  !isApiError(error) ||
  error.status === 0 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

const send = (item: OutboxItem) =>
  item.kind === 'scan'
    ? api.stocktakes.scan({
        params: { code: item.locationCode, id: item.countId },
        body: { key: item.key, code: item.code ?? '', scannedAt: item.scannedAt },
      })
    : api.stocktakes.undo({ params: { code: item.locationCode, id: item.countId, key: item.key } });

const drain = async () => {
  while (user) {
    const [next] = await waiting(user);
    if (!next) break;
    try {
      await send(next);
      await remove(next.seq as number);
      set({ online: true, delivered: state.delivered + 1 });
    } catch (error) {
      if (retryable(error)) {
        set({ online: false });
        clearTimeout(retry);
        retry = setTimeout(() => void flush(), RETRY_MS);
        break;
      }
      await remove(next.seq as number);
      set({ refused: state.refused + 1, delivered: state.delivered + 1 });
    }
    await reload();
  }
  await reload();
};

/** Sends what waits, one sender at a time (a second call joins the running one). */
export const flush = (): Promise<void> => {
  running ??= drain().finally(() => {
    running = null;
  });
  return running;
};

/** Keeps a scan or an undo, then tries to send it. */
export const take = async (item: OutboxItem): Promise<void> => {
  await enqueue(item);
  await reload();
  void flush();
};

/** An undo of a scan that has not left the phone yet: it is simply not sent. */
export const withdraw = async (item: OutboxItem): Promise<void> => {
  if (item.seq !== undefined) await remove(item.seq);
  await reload();
};

/**
 * Whether the server is reachable, asked of the server itself: `navigator.onLine` says only that some
 * network is there (and a page the service worker served offline may still read true).
 */
const probe = async () => {
  try {
    const response = await fetch('/version.json', { method: 'HEAD', cache: 'no-store' });
    set({ online: response.ok || response.status < 500 });
    if (state.online) void flush();
  } catch {
    set({ online: false });
  }
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The outbox of the signed-in user: online or not, what waits; sends on start, on `online` and after a failure. */
export const useOutbox = (username: string | undefined): OutboxState => {
  useEffect(() => {
    user = username ?? null;
    void reload().then(probe);
    const online = () => {
      set({ online: true });
      void flush();
    };
    const offline = () => set({ online: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      clearTimeout(retry);
    };
  }, [username]);
  return useSyncExternalStore(subscribe, () => state);
};
