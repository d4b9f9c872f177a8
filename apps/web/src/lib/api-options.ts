import type { ApiClientOptions } from '@falcon/api-client/lite';
import { apiEvents } from './api-events';
import { callStarted, state } from './store';

const origin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/** The app's hooks into the contract client (lang, 401/403, the progress bar); both clients take them. */
export const clientOptions = (): ApiClientOptions => ({
  // Absolute, so the same code runs in the browser and under jsdom (node's fetch needs a full URL).
  baseUrl: `${origin()}/api`,
  rootUrl: origin(),
  getLanguage: () => state.language,
  onUnauthorized: (error) => apiEvents.unauthorized(error),
  onForbidden: (error) => apiEvents.forbidden(error),
  onActivity: callStarted,
});
