import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../db/client';

/**
 * Sessions kept in memory for a few seconds (ADR 0044): a session check reads the session, its user and
 * grants from the database at most once per `ttlMs` and session, not on every request.
 *
 * What keeps it right: the database announces every change to what a session check reads on the channel
 * `falcon_auth` when the change commits (triggers of migration 0008: a session deleted, a user changed or
 * deactivated, a user's roles, permissions or scope, a role's permissions). Every instance listens and drops
 * what the change touches, so a sign-out, a role change or a new password on one instance ends the session
 * on all of them.
 * - PostgreSQL: one connection per instance LISTENs. While it is not listening (starting, reconnecting
 *   after the database went away) nothing is kept: every check reads the database, as without the cache.
 *   When it (re)starts listening, everything kept is dropped.
 * - PGlite (one process): PGlite calls the listener when the committing statement finishes, before the
 *   writer goes on: in-process invalidation, nothing crosses processes.
 * - `settle()`, awaited by the requests that change sessions, users or roles before they answer: a ping
 *   on the channel, which every listening instance answers once it has read it. Notifications arrive in
 *   commit order on each connection, so an instance that answers has dropped everything the request
 *   changed; the request answers when every instance listening on the database has (or after
 *   `settleTimeoutMs`, having dropped everything it kept itself: an instance that vanished meanwhile).
 * - A load that started before a change and ends after it is not kept (a generation count).
 */
export interface SessionCache<T> {
  /** The kept value of a session id, or a fresh one from `load` (kept when caching is on). */
  get(sessionId: string, load: () => Promise<{ value: T; userId: string } | null>): Promise<T | null>;
  /** Drops one session (this instance only; other instances learn from the database's trigger). */
  forget(sessionId: string): void;
  /** Resolves once every change committed before the call has been applied here (see above). */
  settle(): Promise<void>;
  /** Whether values are kept (listening); for tests and /metrics. */
  readonly active: boolean;
  readonly size: number;
  close(): Promise<void>;
}

const AUTH_CHANNEL = 'falcon_auth';
const LISTEN_STATEMENT = `listen ${AUTH_CHANNEL}`;

interface Entry<T> {
  value: T;
  userId: string;
  until: number;
}

interface SessionCacheOptions {
  /** How long a session is kept without being read again from the database; 0 turns keeping off. */
  ttlMs: number;
  maxEntries?: number;
  log?: { warn: (obj: object, msg: string) => void };
  /** How long `settle()` waits for its echo before it drops everything instead. */
  settleTimeoutMs?: number;
}

type Listener = {
  /** Starts listening; calls `onMessage` per notification, `onLost` when the connection breaks. */
  start(onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<void>;
  notify(payload: string): Promise<void>;
  /** How many connections listen on the channel in this database (every instance's one); null: in-process. */
  listeners(): Promise<number> | null;
  stop(): Promise<void>;
};

/** LISTEN on a connection of its own (a pooled one would be handed to queries). */
const postgresListener = (pool: pg.Pool): Listener => {
  let client: pg.Client | null = null;
  return {
    async start(onMessage, onLost) {
      const c = new pg.Client(pool.options);
      client = c;
      c.on('notification', (n) => {
        if (n.channel === AUTH_CHANNEL) onMessage(n.payload ?? '');
      });
      c.on('error', (error) => onLost(error));
      c.on('end', () => onLost(new Error('listen connection ended')));
      await c.connect();
      await c.query(LISTEN_STATEMENT);
    },
    async notify(payload) {
      await pool.query('select pg_notify($1, $2)', [AUTH_CHANNEL, payload]);
    },
    async listeners() {
      // A listening connection runs nothing after its LISTEN: that is its last statement.
      const result = await pool.query(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and query = $1',
        [LISTEN_STATEMENT],
      );
      return (result.rows[0] as { n: number }).n;
    },
    async stop() {
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
};

const pgliteListener = (client: PGlite): Listener => {
  let unsubscribe: (() => Promise<void>) | null = null;
  return {
    async start(onMessage) {
      unsubscribe = await client.listen(AUTH_CHANNEL, onMessage);
    },
    async notify(payload) {
      await client.query('select pg_notify($1, $2)', [AUTH_CHANNEL, payload]);
    },
    // One process: PGlite has called the listener before the writer's statement returned.
    listeners: () => null,
    async stop() {
      const u = unsubscribe;
      unsubscribe = null;
      if (u && !client.closed) await u().catch(() => {});
    },
  };
};

const listenerOf = (db: Db): Listener | null => {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return postgresListener(client);
  if (client && typeof (client as PGlite).listen === 'function') return pgliteListener(client as PGlite);
  return null;
};

export const createSessionCache = <T>(db: Db, options: SessionCacheOptions): SessionCache<T> => {
  const maxEntries = options.maxEntries ?? 10_000;
  const settleTimeoutMs = options.settleTimeoutMs ?? 2_000;
  const entries = new Map<string, Entry<T>>();
  const byUser = new Map<string, Set<string>>();
  const pending = new Map<string, Promise<{ value: T; userId: string } | null>>();
  const acks = new Map<string, () => void>();
  const listener = options.ttlMs > 0 ? listenerOf(db) : null;
  let listening = false;
  let closed = false;
  let generation = 0;
  let retry: NodeJS.Timeout | null = null;

  const clear = () => {
    generation++;
    entries.clear();
    byUser.clear();
    pending.clear();
  };
  const drop = (sessionId: string) => {
    const entry = entries.get(sessionId);
    if (entry) {
      entries.delete(sessionId);
      const sessions = byUser.get(entry.userId);
      sessions?.delete(sessionId);
      if (sessions?.size === 0) byUser.delete(entry.userId);
    }
    pending.delete(sessionId);
  };
  const onMessage = (payload: string) => {
    generation++;
    if (payload.startsWith('s:')) drop(payload.slice(2));
    else if (payload.startsWith('u:')) {
      for (const sessionId of [...(byUser.get(payload.slice(2)) ?? [])]) drop(sessionId);
      // A load in flight may have read this user's old grants: generation++ keeps it from being kept,
      // and later requests do not join it.
      pending.clear();
    } else if (payload.startsWith('p:')) {
      // A ping changes nothing: everything committed before it has been applied here; say so.
      generation--;
      listener?.notify(`a:${payload.slice(2)}`).catch(() => {});
    } else if (payload.startsWith('a:')) {
      generation--;
      acks.get(payload.slice(2))?.();
    } else clear();
  };
  const onLost = (error: Error) => {
    if (!listening || closed) return;
    listening = false;
    clear();
    options.log?.warn({ err: error }, 'session cache: stopped listening; sessions are read every time');
    void listener?.stop();
    schedule();
  };
  const listen = async () => {
    if (!listener || closed) return;
    try {
      await listener.start(onMessage, onLost);
      if (closed) return void (await listener.stop());
      clear();
      listening = true;
    } catch {
      await listener.stop();
      schedule();
    }
  };
  const stop = async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    listening = false;
    clear();
    await ready.catch(() => {});
    await listener?.stop();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, 1_000);
    retry.unref();
  };
  const ready = listen();
  // The listening connection lives no longer than the database handle: ending the pool (closing the
  // database, with or without the app) ends it too, so the database can be dropped or restarted.
  const client = (db as unknown as { $client?: unknown }).$client;
  if (listener && client instanceof pg.Pool) {
    const end = client.end.bind(client);
    client.end = (async () => {
      await stop();
      return end();
    }) as typeof client.end;
  }

  return {
    get active() {
      return listening;
    },
    get size() {
      return entries.size;
    },
    async get(sessionId, load) {
      if (!listening) return (await load())?.value ?? null;
      const now = Date.now();
      const kept = entries.get(sessionId);
      if (kept && kept.until > now) return kept.value;
      if (kept) drop(sessionId);
      let loading = pending.get(sessionId);
      if (!loading) {
        const started = generation;
        loading = load();
        pending.set(sessionId, loading);
        loading.then(
          (loaded) => {
            if (pending.get(sessionId) === loading) pending.delete(sessionId);
            // Kept only when nothing changed while it loaded, and while listening.
            if (!loaded || !listening || generation !== started) return;
            if (entries.size >= maxEntries) clear();
            entries.set(sessionId, { ...loaded, until: Date.now() + options.ttlMs });
            const sessions = byUser.get(loaded.userId) ?? new Set<string>();
            byUser.set(loaded.userId, sessions);
            sessions.add(sessionId);
          },
          () => {
            if (pending.get(sessionId) === loading) pending.delete(sessionId);
          },
        );
      }
      return (await loading)?.value ?? null;
    },
    forget(sessionId) {
      generation++;
      drop(sessionId);
    },
    async settle() {
      if (!listener || !listening) return;
      const counting = listener.listeners();
      if (counting === null) return;
      const nonce = randomBytes(8).toString('hex');
      let timer: NodeJS.Timeout | undefined;
      try {
        const expected = await counting;
        let answered = 0;
        const all = new Promise<boolean>((resolve) => {
          acks.set(nonce, () => {
            if (++answered >= expected) resolve(true);
          });
          timer = setTimeout(() => resolve(false), settleTimeoutMs);
        });
        await listener.notify(`p:${nonce}`);
        // Not every instance answered in time (one stopped meanwhile, or this one's feed is behind):
        // nothing kept here is trusted any more.
        if (!(await all)) clear();
      } catch {
        clear();
      } finally {
        clearTimeout(timer);
        acks.delete(nonce);
      }
    },
    close: stop,
  };
};
