import { isApiError } from '@falcon/api-client';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { onSessionChange } from './server-data';

/**
 * Spec section 8: a failed load is logged to the console (the screen shows it inline too). An answer the
 * server gave on purpose (a 4xx: not found, no access) is one line with its status and key; only what
 * went wrong (a 5xx, a network or code error) logs the error with its stack (issue 14: a stack trace on
 * every 404).
 */
const logLoadError = (error: unknown) => {
  if (isApiError(error) && error.status < 500) console.info(`${error.status} ${error.key}: ${error.message}`);
  else console.error(error);
};

/**
 * The app's one TanStack Query client: the signed-in frame's provider (DefaultLayout) and the routes'
 * loaders (`ensureQueryData`) share it. Server data lives in memory only (never in storage); a screen shows
 * what is cached at once and re-fetches it when it is older than a few seconds (`staleTime`), so the screen
 * that mounts right after its route's loader started the call takes that answer instead of asking again.
 * A change invalidates what it touches by key (lib/query-keys.ts), which re-fetches at once.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: logLoadError }),
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      // A failed call shows at once with its retry button (as before TanStack Query): no silent retries,
      // and no re-fetch on every return to the tab (the version check and session watch cover that).
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/**
 * A session change (sign-in, impersonation, sign-out) forgets every answer and cancels every request in
 * flight. A query a mounted screen still reads is emptied, not removed: removed, its screen would ask
 * again at once, now as the new user (an administrator's page asked as the customer user it switches to
 * answers 403 and leads to the error page). The screen is left by the switch anyway; the next one asks
 * afresh.
 */
const forgetQueries = () => {
  queryClient.removeQueries({ type: 'inactive' });
  for (const query of queryClient.getQueryCache().getAll()) query.reset();
  queryClient.getMutationCache().clear();
};
onSessionChange(forgetQueries);
