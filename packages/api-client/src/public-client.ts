import type { TypedClient } from './client';
import { type ApiClientOptions, buildClient } from './requester';
import { PUBLIC_ROUTES } from './routes.public.gen';

/**
 * The calls that need no session (sign-in, sign-out, the public content): a part of TypedClient. A
 * module of its own, not in lite.ts: a bundler that splits code keeps it apart from ROUTES.
 */
export type PublicClient = {
  [R in keyof typeof PUBLIC_ROUTES]: Pick<
    TypedClient[R],
    Extract<keyof (typeof PUBLIC_ROUTES)[R], keyof TypedClient[R]>
  >;
};

/**
 * A client of the public routes alone: the same calls as `createApiClient`'s, for a signed-out page that
 * should not load the other routes (`routes.public.gen.ts` is a module of its own).
 */
export const createPublicApiClient = (options: ApiClientOptions = {}): PublicClient =>
  buildClient(PUBLIC_ROUTES, { ...options, validateResponses: false }) as unknown as PublicClient;
