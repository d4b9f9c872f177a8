import type { z } from 'zod';
import { type Contract, contract } from './contract';
import type { EndpointResponse } from './contract/define';
import { type ApiClientOptions, buildClient, type RouteMeta } from './requester';

type Infer<T, Fallback = never> = T extends z.ZodType ? z.input<T> : Fallback;

/** What one call takes: path params, query, body (JSON, or multipart fields plus `file`). */
export type CallInput<E> = (E extends { params: z.ZodType }
  ? { params: Infer<E['params']> }
  : { params?: never }) &
  (E extends { query: z.ZodType } ? { query: Infer<E['query']> } : { query?: never }) &
  (E extends { multipart: object }
    ? {
        body?: Infer<E extends { body: z.ZodType } ? E['body'] : never, Record<string, string>>;
        file: Blob;
        filename?: string;
      }
    : E extends { body: z.ZodType }
      ? { body: Infer<E['body']> }
      : { body?: never }) & { signal?: AbortSignal };

type HasRequired<E> = E extends { params: z.ZodType } | { query: z.ZodType } | { multipart: object }
  ? true
  : E extends { body: infer B }
    ? B extends z.ZodOptional<z.ZodType>
      ? false
      : true
    : false;

export type EndpointCall<E> =
  HasRequired<E> extends true
    ? (input: CallInput<E>) => Promise<EndpointResponse<E>>
    : (input?: CallInput<E>) => Promise<EndpointResponse<E>>;

export type TypedClient = {
  [R in keyof Contract]: { [N in keyof Contract[R]]: EndpointCall<Contract[R][N]> };
};

/** The typed client: `client.container.get({ params: { id } })`, one method per contract endpoint. */
export const createApiClient = (options: ApiClientOptions = {}): TypedClient =>
  buildClient(
    contract as unknown as Record<string, Record<string, RouteMeta>>,
    options,
  ) as unknown as TypedClient;
