import { createApiClient, type TypedClient } from '@falcon/api-client/lite';
import { clientOptions } from './api-options';

/** The typed contract client with the app's hooks (the lite entry: no zod in the browser; the mock and the server validate). Loaded on the first call that needs a session. */
export const createClient = (): TypedClient => createApiClient(clientOptions());
