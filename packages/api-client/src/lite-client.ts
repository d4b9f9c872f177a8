import type { TypedClient } from './client';
import { type ApiClientOptions, buildClient } from './requester';
import { ROUTES } from './routes.gen';

/**
 * The typed client over the generated routes: the same calls as the full entry's, without zod. A module
 * of its own (lite.ts only re-exports): a bundler that splits code can load the public client without it.
 */
export const createApiClient = (options: ApiClientOptions = {}): TypedClient =>
  buildClient(ROUTES, { ...options, validateResponses: false }) as unknown as TypedClient;
