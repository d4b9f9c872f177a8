import {
  type AnyEndpoint,
  type Contract,
  checkRequest,
  contract,
  type EndpointName,
  isTableAnswer,
  type ResourceName,
  requireCaller,
  toCsv,
  visibleColumns,
  visibleFor,
} from '@falcon/api-client';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import type { Auth, MockDb } from '../db';
import { MockError } from '../errors';

export const SESSION_COOKIE = 'falcon_session';
const NO_CODES: ReadonlySet<string> = new Set();

/** How handlers are built: over which database, under which base path, how slow. */
export interface HandlerContext {
  /** The database, created on first use so building handlers costs nothing. */
  db: () => MockDb;
  /** Base of the API, `/api` by default; handlers match it on any origin. */
  baseUrl: string;
  /** Artificial latency: ms, 'real' (msw's realistic random delay) or 'infinite' (a Loading story). */
  delay?: number | 'real' | 'infinite';
}

type Out<S> = S extends { parse: (value: unknown) => infer O } ? O : undefined;

/** What a resolver gets: the validated parts of the request and the caller. */
interface Call<E extends AnyEndpoint> {
  request: Request;
  db: MockDb;
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The uploaded `file` part of a multipart endpoint. */
  file: File | null;
  /** The caller; for public endpoints use `optionalAuth`. */
  auth: Auth;
  optionalAuth: Auth | null;
  /** Absolute URL of an API path (for `url` fields of images and documents). */
  apiUrl: (path: string) => string;
  /** The `lang` query parameter the client adds to every request (the locale on screen). */
  lang: string | null;
  /** The request's cookies (the pending sign-in of the second factor). */
  cookies: Record<string, string>;
  ctx: HandlerContext;
}

export type Resolver<E extends AnyEndpoint> = (call: Call<E>) => unknown | Promise<unknown>;

type Endpoint<R extends ResourceName, N extends keyof Contract[R]> = Contract[R][N] & AnyEndpoint;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  HttpResponse.json(body as Record<string, unknown>, {
    status,
    headers: { 'Cache-Control': 'no-store', ...headers },
  });

const errorResponse = (error: MockError) => json(error.body, error.status, error.headers);

const readCookie = (request: Request, cookies: Record<string, string>): string | undefined => {
  const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  return bearer ?? cookies[SESSION_COOKIE];
};

/** True when a browser would call the type acceptable, also for lists where OSes send odd types. */
const accepted = (file: File, accept: readonly string[]) => {
  if (accept.includes(file.type)) return true;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const byExtension: Record<string, string> = {
    csv: 'text/csv',
    txt: 'text/plain',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
  };
  const generic = ['', 'application/octet-stream', 'application/vnd.ms-excel'];
  return generic.includes(file.type) && accept.includes(byExtension[ext] ?? '-');
};

const readBody = async (request: Request, endpoint: AnyEndpoint) => {
  if (endpoint.multipart) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new MockError(400, 'validation_error', 'multipart/form-data expected', { field: 'file' });
    }
    const fields: Record<string, string> = {};
    let file: File | null = null;
    for (const [key, value] of form.entries()) {
      if (key === 'file' && typeof value !== 'string') file = value as File;
      else if (typeof value === 'string') fields[key] = value;
    }
    if (!file) throw new MockError(400, 'validation_error', 'a file is required', { field: 'file' });
    if (file.size > endpoint.multipart.maxBytes)
      throw new MockError(413, 'payload_too_large', undefined, { field: 'file' });
    if (!accepted(file, endpoint.multipart.accept))
      throw new MockError(415, 'unsupported_media_type', undefined, { field: 'file' });
    return { body: fields, file };
  }
  if (!endpoint.body) return { body: undefined, file: null };
  const text = await request.text();
  let raw: unknown;
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new MockError(400, 'validation_error', 'the body is not valid JSON', { field: 'body' });
    }
  }
  return { body: raw, file: null };
};

/** Path of an endpoint for msw: any origin, then the base URL (root endpoints sit outside it). */
export const mswPath = (endpoint: AnyEndpoint, baseUrl: string) =>
  `*${endpoint.root ? '' : baseUrl.replace(/\/$/, '')}${endpoint.path}`;

/**
 * One msw handler for one contract endpoint. The checks and their order are api-client's
 * (`checkRequest`, the server's too: CSRF header, session, permissions, parameters, query, body);
 * the mock brings its session store, protocol and body reading. Tenant scope is the resolver's to
 * check (an out-of-scope object answers 404 exactly like a missing one). Every answer passes the
 * field filter of the contract (`visibleFor`, the server's too); a table download becomes the csv of
 * the caller's visible columns.
 */
export const route = <R extends ResourceName, N extends keyof Contract[R] & string>(
  ctx: HandlerContext,
  resource: R,
  name: N,
  resolver: Resolver<Endpoint<R, N>>,
): HttpHandler => {
  const endpoint = contract[resource][name] as unknown as AnyEndpoint;
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'delete';
  return http[method](mswPath(endpoint, ctx.baseUrl), async ({ request, params, cookies }) => {
    if (ctx.delay !== undefined) await delay(ctx.delay);
    try {
      const db = ctx.db();
      const url = new URL(request.url);
      let file: File | null = null;
      const checked = await checkRequest(endpoint, {
        name: endpointName(resource, name),
        requestedWith: request.headers.get('x-requested-with'),
        authenticate: () => db.sessions.authOf(readCookie(request, cookies)),
        log: (entry) => {
          db.protocol.log(entry);
        },
        // msw also names the `*` wildcard ('0'); only the contract's parameters count.
        params,
        query: Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'lang')),
        body: async () => {
          const read = await readBody(request, endpoint);
          file = read.file;
          return read.body;
        },
      });
      const optionalAuth = checked.auth;
      const apiBase = `${url.origin}${ctx.baseUrl.replace(/\/$/, '')}`;
      const call = {
        request,
        db,
        params: checked.params,
        query: checked.query,
        body: checked.body,
        file,
        get auth(): Auth {
          return requireCaller(optionalAuth);
        },
        optionalAuth,
        apiUrl: (path: string) => `${apiBase}${path}`,
        lang: url.searchParams.get('lang'),
        cookies,
        ctx,
      } as Call<Endpoint<R, N>>;
      const result = await resolver(call);
      const granted = optionalAuth?.permissions ?? NO_CODES;
      if (endpoint.table && isTableAnswer(result)) {
        const visible = visibleFor(endpoint.table, granted);
        const csv = toCsv(visibleColumns(endpoint.table, granted), result.rows.map(visible));
        return fileResponse({
          filename: result.filename,
          contentType: 'text/csv; charset=utf-8',
          content: new TextEncoder().encode(csv),
        });
      }
      if (result instanceof Response) return result;
      return json(visibleFor(endpoint.response, granted)(result), endpoint.status ?? 200);
    } catch (error) {
      if (error instanceof MockError) return errorResponse(error);
      console.error(`[mock-server] ${endpoint.method} ${endpoint.path} failed`, error);
      return errorResponse(new MockError(500, 'internal_error', String((error as Error)?.message ?? error)));
    }
  });
};

/** A binary response (downloads, images). */
export const fileResponse = (
  file: { content: Uint8Array; contentType: string; filename: string },
  inline = false,
) =>
  new HttpResponse(file.content as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.content.byteLength),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      'Cache-Control': 'no-store',
    },
  });

const endpointName = (resource: ResourceName, name: string) => `${resource}.${name}` as EndpointName;
