import { VERSION_URL } from '../../../config/public-paths';

/** Spec sections 4 and 9: the served version is compared every 10 minutes. */
export const VERSION_CHECK_MS = 600_000;

/**
 * A tab that finds a new version reloads once it is idle: hidden, or without activity in this browser for
 * this long (5 minutes: long enough that a reload never takes a form from under someone typing or
 * reading, short enough that an open tab is on the new build soon after a deployment). Until then a
 * notice offers the reload.
 */
export const VERSION_IDLE_MS = 5 * 60_000;

/** The version the running tab was built as (index.html's meta, stamped by the build); null in dev and at build time (the /app shell). */
export const runningVersion = (doc: Document | undefined = globalThis.document): string | null => {
  const content = doc?.querySelector('meta[name="falcon-version"]')?.getAttribute('content') ?? '';
  return content && content !== 'dev' ? content : null;
};

/** The version of the web build the server serves now (its version.json, never from a cache). */
export const servedVersion = async (): Promise<string> => {
  const response = await fetch(VERSION_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${VERSION_URL} answered ${response.status}`);
  const body = (await response.json()) as { version?: unknown };
  if (typeof body.version !== 'string' || !body.version) throw new Error(`${VERSION_URL} names no version`);
  return body.version;
};

/** Where a tab notes the version it reloaded for, so a server that serves a stale index.html cannot loop it. */
const RELOADED_FOR = 'falcon-reloaded-for';

const session = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

/**
 * Whether reloading would bring this tab to `served`: not when it already reloaded for that version and
 * still runs another (index.html and version.json of two deployments, e.g. a cache in between); then the
 * notice stays and the user decides.
 */
export const mayReloadFor = (served: string): boolean => session()?.getItem(RELOADED_FOR) !== served;

export const noteReloadFor = (served: string) => {
  session()?.setItem(RELOADED_FOR, served);
};
