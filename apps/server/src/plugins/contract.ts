import {
  type AnyEndpoint,
  checkRequest,
  type EndpointName,
  endpoints,
  errorStatusesOf,
  isTableAnswer,
  requireCaller,
  toCsv,
  visibleColumns,
  visibleFor,
} from '@falcon/api-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Auth, authOf, SESSION_COOKIE } from '../auth/sessions';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import type { Call, Handler, RouteGroup } from '../routes/define';
import { writeProtocol } from '../services/protocol';
import { checkTenant } from '../services/tenants';
import { sendBytes } from '../uploads/multipart';
import { shapeOf } from './response-shape';

export const API_BASE = '/api';

type Issue = z.core.$ZodIssue;

const tokenOf = (request: FastifyRequest): string | undefined => {
  const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? request.cookies[SESSION_COOKIE];
};

/**
 * Registers every endpoint of the contract. Checks, in order: X-Requested-With on POST/DELETE
 * (403 csrf_header_missing), the session (401), the permissions (403, all-of, protocolled), path
 * and query parameters and the body (400 validation_error naming the field, unknown fields
 * rejected), the tenant (out of scope = 404 like missing); then runs the handler, validates its
 * answer with the contract's response schema (only the schema's keys go out) and drops every field
 * the caller may not see (`visibleFor`: the contract's field metadata, the same for every endpoint;
 * a table download is written as csv of the caller's visible columns).
 */
export const registerContract = (app: FastifyInstance, ctx: AppContext, groups: readonly RouteGroup[]) => {
  const handlers = new Map<string, Handler<AnyEndpoint>>();
  for (const group of groups)
    for (const [name, handler] of Object.entries(group.handlers))
      if (handler) handlers.set(`${group.resource}.${name}`, handler);

  // The route groups cover every endpoint by type (routes/index.ts); this guards groups built by hand.
  const missing = endpoints.filter(({ name }) => !handlers.has(name)).map(({ name }) => name);
  if (missing.length) throw new Error(`No handler for ${missing.join(', ')}`);
  for (const { name, endpoint } of endpoints) {
    const handler = handlers.get(name) as Handler<AnyEndpoint>;
    const documented = errorStatusesOf(endpoint);
    app.route({
      method: endpoint.method,
      url: (endpoint.root ? '' : API_BASE) + endpoint.path,
      handler: async (request, reply) => {
        try {
          return await runEndpoint(ctx, name, endpoint, handler, request, reply);
        } catch (error) {
          // The contract's metadata documents every failure (OpenAPI); an answer it does not name is a
          // bug in one or the other, worth a log line wherever it shows up (tests, fuzzing, production).
          if (error instanceof HttpError && error.status < 500 && !documented.has(error.status))
            request.log.error(
              { endpoint: name, status: error.status, key: error.key },
              'answer status not documented in the contract',
            );
          throw error;
        }
      },
    });
  }
};

const runEndpoint = async (
  ctx: AppContext,
  name: EndpointName,
  endpoint: AnyEndpoint,
  handler: Handler<AnyEndpoint>,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const db = ctx.db;
  // The checks and their order are api-client's (`checkRequest`, ADR 0003); this server brings the
  // session lookup, the protocol and the tenant check.
  const {
    auth: optionalAuth,
    params,
    query,
    body,
  } = await checkRequest(endpoint, {
    name,
    requestedWith: request.headers['x-requested-with'] as string | undefined,
    authenticate: async () => {
      request.auth = await authOf(db, tokenOf(request), ctx.now(), ctx.sessionMaxMs, ctx.sessions);
      return request.auth;
    },
    log: (entry) => writeProtocol(db, entry).then(() => undefined),
    params: request.params as Record<string, unknown>,
    // `lang` rides on every request (the client adds it); it is not part of any query schema.
    query: withoutLang(request.query),
    body: () => request.body,
    tenant: (auth, kind, value, param) => checkTenant(db, auth, kind, value, param),
  });
  const call: Call<AnyEndpoint> = {
    request,
    reply,
    db,
    ctx,
    params,
    query,
    body,
    get auth(): Auth {
      return requireCaller(optionalAuth);
    },
    optionalAuth,
    apiUrl: (path: string) => `${API_BASE}${path}`,
  };
  const result = await handler(call);
  // A request that may have changed sessions, users or roles answers once this instance has dropped
  // what it changed and every other instance has been told (auth/session-cache.ts).
  if (endpoint.method !== 'GET' && SETTLING_RESOURCES.has(name.slice(0, name.indexOf('.'))))
    await ctx.sessions.settle();
  if (result === reply || reply.sent) return reply;
  const granted = optionalAuth?.permissions ?? NO_CODES;
  if (endpoint.table) return sendTable(request, reply, name, endpoint.table, result, granted);
  if (endpoint.responseKind && endpoint.responseKind !== 'json') return reply.send(result);
  const answer = checkedAnswer(ctx, request, name, endpoint.response, result);
  reply.code(endpoint.status ?? 200).header('Cache-Control', 'no-store');
  return filterFor(endpoint.response, granted)(answer);
};

/**
 * The field filter of a schema for a permission set, looked up by the set itself: a kept session's set
 * is the same object on every request (ADR 0044), so its filters are found without building the key of
 * held codes that `visibleFor` compiles them under.
 */
const filters = new WeakMap<ReadonlySet<string>, Map<z.ZodType, (value: unknown) => unknown>>();
const filterFor = (schema: z.ZodType, granted: ReadonlySet<string>) => {
  let bySchema = filters.get(granted);
  if (!bySchema) {
    bySchema = new Map();
    filters.set(granted, bySchema);
  }
  let filter = bySchema.get(schema);
  if (!filter) {
    filter = visibleFor(schema, granted) as (value: unknown) => unknown;
    bySchema.set(schema, filter);
  }
  return filter;
};

/**
 * The answer as the contract allows it out: only the schema's keys (plugins/response-shape.ts), or, where
 * the schema is not compiled or `validateResponses` is on (every test), parsed with zod: a mismatch is a
 * 500. With validation on, the compiled shape must keep exactly what zod keeps.
 */
const checkedAnswer = (
  ctx: AppContext,
  request: FastifyRequest,
  name: EndpointName,
  schema: z.ZodType,
  result: unknown,
): unknown => {
  const shape = shapeOf(schema);
  if (shape && !ctx.validateResponses) return shape(result);
  const checked = schema.safeParse(result);
  if (!checked.success) return contractMismatch(request, name, checked.error.issues);
  if (shape && JSON.stringify(shape(result)) !== JSON.stringify(checked.data)) {
    request.log.error({ endpoint: name }, 'the compiled response shape differs from the contract');
    throw new HttpError(500, 'internal_error');
  }
  return checked.data;
};

const NO_CODES: ReadonlySet<string> = new Set();

const withoutLang = (query: unknown): Record<string, unknown> => {
  const { lang: _lang, ...rest } = (query ?? {}) as Record<string, unknown>;
  return rest;
};

/** The resources whose writes change what a session check reads (sign-in/out, users, roles, own profile). */
const SETTLING_RESOURCES: ReadonlySet<string> = new Set(['auth', 'users', 'roles', 'profile']);

const contractMismatch = (request: FastifyRequest, name: EndpointName, issues: readonly Issue[]): never => {
  request.log.error({ endpoint: name, issues: issues.slice(0, 5) }, 'response does not match the contract');
  throw new HttpError(500, 'internal_error');
};

/** A table download: every row through the field filter, only the caller's visible columns written. */
const sendTable = (
  request: FastifyRequest,
  reply: FastifyReply,
  name: EndpointName,
  table: z.ZodObject,
  result: unknown,
  granted: ReadonlySet<string>,
) => {
  if (!isTableAnswer(result)) return contractMismatch(request, name, []);
  const rows = table.array().safeParse(result.rows);
  if (!rows.success) return contractMismatch(request, name, rows.error.issues);
  const visible = visibleFor(table, granted);
  const csv = toCsv(visibleColumns(table, granted), rows.data.map(visible));
  return sendBytes(reply, {
    filename: result.filename,
    contentType: 'text/csv; charset=utf-8',
    content: new TextEncoder().encode(csv),
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}
