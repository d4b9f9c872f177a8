import type { AnyEndpoint, Contract, ResourceName } from '@falcon/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Auth } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Db } from '../db/client';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets: the validated parts of the request, the caller and the app's services. */
export interface Call<E extends AnyEndpoint> {
  request: FastifyRequest;
  reply: FastifyReply;
  db: Db;
  ctx: AppContext;
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The caller; reading it on a public endpoint without a session answers 401. */
  auth: Auth;
  optionalAuth: Auth | null;
  /** Absolute path of an API path (for `url` fields of images and documents). */
  apiUrl: (path: string) => string;
}

/** A handler returns the response body (validated against the contract), or the reply it sent itself. */
export type Handler<E extends AnyEndpoint> = (call: Call<E>) => unknown | Promise<unknown>;

export type ResourceHandlers<R extends ResourceName> = {
  [N in keyof Contract[R]]?: Handler<Contract[R][N] & AnyEndpoint>;
};

export interface RouteGroup<Names extends string = string> {
  resource: ResourceName;
  handlers: Record<string, Handler<AnyEndpoint> | undefined>;
  /** Type only: the endpoint names (`resource.name`) this group implements. */
  readonly implements?: Names;
}

/** The endpoint names the groups implement (see `routes/index.ts`: every endpoint must be among them). */
export type ImplementedBy<G> = G extends RouteGroup<infer N> ? N : never;

/**
 * The handlers of one contract resource. A resource may be split over several groups (location);
 * `routes/index.ts` checks by type that the groups together implement every endpoint, and
 * `registerContract` refuses to start when one has no handler.
 */
export const defineRoutes = <R extends ResourceName, H extends ResourceHandlers<R>>(
  resource: R,
  handlers: H,
): RouteGroup<`${R}.${Extract<keyof H, string>}`> => ({
  resource,
  handlers: handlers as unknown as RouteGroup['handlers'],
});
