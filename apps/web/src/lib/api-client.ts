import { createApiClient, type TypedClient } from '@falcon/api-client/lite';
import { apiEvents } from './api-events';
import { callStarted, state } from './store';

const origin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/** The typed contract client with the app's hooks (the lite entry: no zod in the browser; the mock and the server validate). Loaded on the first call. */
export const createClient = (): TypedClient =>
  createApiClient({
    // Absolute, so the same code runs in the browser and under jsdom (node's fetch needs a full URL).
    baseUrl: `${origin()}/api`,
    rootUrl: origin(),
    getLanguage: () => state.language,
    onUnauthorized: (error) => apiEvents.unauthorized(error),
    onForbidden: (error) => apiEvents.forbidden(error),
    onActivity: callStarted,
  });
