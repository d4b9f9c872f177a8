/**
 * What the app keeps of the server's data (TanStack Query's cache, lib/query-client.ts) is forgotten when
 * the session changes: sign-in, impersonation, sign-out. The cache registers itself here, so the login
 * page can forget it without loading TanStack Query (it loads with the signed-in frame, docs/adr/0043).
 */
const forgetters = new Set<() => void>();

/** `forget` runs on every session change (and in tests, between tests and stories). */
export const onSessionChange = (forget: () => void): void => {
  forgetters.add(forget);
};

/** Drops every server answer kept in memory: the next reader loads afresh. */
export const forgetServerData = (): void => {
  for (const forget of forgetters) forget();
};
