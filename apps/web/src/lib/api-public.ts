import { createPublicApiClient, type PublicClient } from '@falcon/api-client/lite';
import { clientOptions } from './api-options';

/** The public calls alone (content, sign-in, sign-out): what the login page makes, without the other routes. */
export const createPublicClient = (): PublicClient => createPublicApiClient(clientOptions());
