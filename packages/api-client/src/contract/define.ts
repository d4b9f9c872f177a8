import type { z } from 'zod';
import type { MessageKey } from '../constants';
import type { PermissionCode } from '../permissions';
import { refusingMalformedText } from './text';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** What kind of tenant object a path parameter names: the server checks it against the user's scope. */
export type TenantKind =
  | 'concern'
  | 'branch'
  | 'location'
  | 'container'
  | 'article'
  | 'barcodeList'
  | 'inventoryList'
  | 'review'
  | 'export'
  | 'document'
  | 'user'
  | 'role'
  | 'employee';

/** How a response body travels: JSON checked by a schema, or bytes/text the client hands over as they are. */
export type ResponseKind = 'json' | 'binary' | 'text';

export interface EndpointDef<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path below the API base (`/api`), with `:name` parameters; `root` endpoints sit outside `/api`. */
  path: string;
  root?: boolean;
  summary: string;
  params?: Params;
  query?: Query;
  /** JSON body, or the text fields of a multipart body when `multipart` is set. */
  body?: Body;
  /** The body is multipart/form-data with one file part named `file` next to the `body` fields. */
  multipart?: { maxBytes: number; accept: readonly string[] };
  response: Response;
  responseKind?: ResponseKind;
  /**
   * A table download (csv): the handler returns `{ filename, rows }` and the backend writes the
   * columns of this row schema the caller may see, each row through the field filter.
   */
  table?: z.ZodObject;
  /** `public` needs no session; every other endpoint answers 401 without one. */
  auth?: 'public' | 'session';
  /** All of these are required (the spec's client tests all-of; the server does the same). */
  permissions?: readonly PermissionCode[];
  /** Path parameter that names a tenant object: out of scope answers exactly like missing (404). */
  tenant?: { kind: TenantKind; param: string };
  /** Success status; 200 unless said. */
  status?: 200 | 201 | 202;
  /** 409: the message keys of the conflicts the endpoint answers with (state that forbids the change). */
  conflicts?: readonly MessageKey[];
  /**
   * 401 of a public endpoint: what it means (a throttled one's default is login_failed; one that signs in
   * without a password, e.g. sso.callback, says what it refuses; false: a throttled one that never
   * answers 401, e.g. sso.start).
   */
  unauthorized?: string | false;
  /** 429: failed attempts are throttled (a back-off; the answer carries Retry-After). */
  throttled?: true;
  /** 403 beyond `permissions`: a rule on the input (filters, fields, scope or grants the caller lacks). */
  inputPermissions?: string;
  /** 404 of an endpoint without path parameters: what the body names that may be missing. */
  notFound?: string;
}

/**
 * Keeps the literal type of a definition, so the client knows which parts each endpoint has. Every
 * request part (path and query parameters, body, multipart fields) refuses text PostgreSQL cannot
 * store or that is not Unicode: one rule for every string of every endpoint, in the mock as in the server.
 */
export const defineEndpoint = <const D extends AnyEndpoint>(def: D): D => ({
  ...def,
  ...(def.params ? { params: refusingMalformedText(def.params) } : {}),
  ...(def.query ? { query: refusingMalformedText(def.query) } : {}),
  ...(def.body ? { body: refusingMalformedText(def.body) } : {}),
});

export type AnyEndpoint = EndpointDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

export type EndpointParams<E> = E extends { params: infer P extends z.ZodType } ? z.infer<P> : undefined;
export type EndpointBody<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type EndpointQuery<E> = E extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
export type EndpointResponse<E> = E extends { responseKind: 'binary' }
  ? Blob
  : E extends { responseKind: 'text' }
    ? string
    : E extends { response: infer R extends z.ZodType }
      ? z.infer<R>
      : never;

/** Fills `:name` parameters of a contract path; values are URI-encoded. */
export const buildPath = (path: string, params: Record<string, string | number> | undefined): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });

/** `:name` parameters of a path, in order. */
export const pathParamNames = (path: string): readonly string[] => {
  let names = paramNamesOf.get(path);
  if (!names) {
    names = Object.freeze([...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string));
    paramNamesOf.set(path, names);
  }
  return names;
};
/** The names of an endpoint path's parameters, read once per path (every request asks). */
const paramNamesOf = new Map<string, readonly string[]>();
