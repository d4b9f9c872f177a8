import type { AnyEndpoint, TenantKind } from '../contract/define';
import { pathParamNames } from '../contract/define';
import { HttpError } from '../http-error';
import { hasAll } from './permissions';
import { type ProtocolEntryInput, protocolEntry } from './protocol-entries';

/**
 * The checks every request passes before its handler runs, in one order for the server
 * (`plugins/contract.ts`) and the mock (`handlers/route.ts`), ADR 0003:
 *
 * 1. `X-Requested-With: XMLHttpRequest` on every non-GET request, else 403 `csrf_header_missing`;
 * 2. the session, else 401 `unauthorized` (unless the endpoint is public);
 * 3. the endpoint's permissions, all of them, else 403 `forbidden` with `details.missing`, written to
 *    the protocol as `permission_denied`;
 * 4. path parameters, query and body against the contract's schemas, else 400 `validation_error`
 *    naming the field (unknown fields rejected);
 * 5. the tenant object a path parameter names (out of scope answers 404 like missing), where the
 *    backend checks it here; the mock's resolvers check it themselves.
 *
 * The backends bring what differs: how they read the session, the raw input and the body, how they
 * write the protocol and check a tenant. A refusal is the `HttpError` both throw.
 */

/** The caller as the checks need it. */
export interface CheckedCaller {
  user: { username: string };
  permissions: ReadonlySet<string>;
}

export interface RequestInput<A extends CheckedCaller> {
  /** The endpoint's name in the contract (`users.create`), for the protocol. */
  name: string;
  /** The X-Requested-With header. */
  requestedWith: string | null | undefined;
  /** The session's caller, or null without a (valid) session. */
  authenticate: () => A | null | Promise<A | null>;
  /** Writes a protocol entry (a refused permission). */
  log: (entry: ProtocolEntryInput) => void | Promise<void>;
  /** The raw path parameters by name (extra names are ignored). */
  params: Record<string, unknown>;
  /** The raw query, without the `lang` every request carries. */
  query: Record<string, unknown>;
  /** The raw body (undefined when there is none); read only when the endpoint has a body or a file. */
  body: () => unknown | Promise<unknown>;
  /** The tenant check of `endpoint.tenant`, when the backend does it in the pipeline. */
  tenant?: (caller: A, kind: TenantKind, value: string, param: string) => void | Promise<void>;
}

export interface CheckedRequest<A> {
  auth: A | null;
  params: unknown;
  query: unknown;
  body: unknown;
}

interface Issue {
  path: PropertyKey[];
  code?: string;
  keys?: string[];
  message: string;
}

interface SafeParser {
  safeParse: (
    value: unknown,
  ) => { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
}

/** Dotted path of a schema issue inside its part (`filters.reach.min`); an unknown key names the key itself. */
export const issueField = (issue: Pick<Issue, 'path' | 'code' | 'keys'>): string => {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys?.length) path.push(issue.keys[0] as string);
  return path.join('.');
};

/** At most this many issues are listed in `details.issues`. */
const MAX_ISSUES = 20;

/**
 * One part of a request parsed by its schema, or 400 `validation_error` with `details.field` (the
 * first issue's path, else the part) and the issues. A missing body counts as `{}` when every field
 * has a default.
 */
export const validatePart = (schema: unknown, value: unknown, part: 'params' | 'query' | 'body'): unknown => {
  const parser = schema as SafeParser;
  let result = parser.safeParse(value);
  if (!result.success && value === undefined && part === 'body') result = parser.safeParse({});
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  throw new HttpError(400, 'validation_error', first?.message ?? 'invalid request', {
    field: (first && issueField(first)) || part,
    issues: issues.slice(0, MAX_ISSUES).map((i) => ({ path: issueField(i) || part, message: i.message })),
  });
};

/** The caller of an endpoint that needs a session; 401 unauthorized without one. */
export const requireCaller = <A>(auth: A | null): A => {
  if (!auth) throw new HttpError(401, 'unauthorized');
  return auth;
};

/** Runs the checks in their order; returns the caller and the parsed input, or refuses. */
export const checkRequest = async <A extends CheckedCaller>(
  endpoint: AnyEndpoint,
  input: RequestInput<A>,
): Promise<CheckedRequest<A>> => {
  if (endpoint.method !== 'GET' && input.requestedWith !== 'XMLHttpRequest')
    throw new HttpError(403, 'csrf_header_missing');
  const auth = await input.authenticate();
  if (endpoint.auth !== 'public' && !auth) throw new HttpError(401, 'unauthorized');
  if (auth && !hasAll(auth.permissions, endpoint.permissions)) {
    const missing = (endpoint.permissions ?? []).filter((p) => !auth.permissions.has(p));
    await input.log(
      protocolEntry.permissionDenied(auth.user.username, { ...endpoint, name: input.name }, missing),
    );
    throw new HttpError(403, 'forbidden', undefined, { missing });
  }
  const named = Object.fromEntries(pathParamNames(endpoint.path).map((p) => [p, input.params[p]]));
  const params = endpoint.params ? validatePart(endpoint.params, named, 'params') : undefined;
  const query = endpoint.query ? validatePart(endpoint.query, input.query, 'query') : undefined;
  // A multipart body is read for its file even where the endpoint has no text fields.
  const raw = endpoint.body || endpoint.multipart ? await input.body() : undefined;
  const body = endpoint.body ? validatePart(endpoint.body, raw, 'body') : undefined;
  if (endpoint.tenant && auth && input.tenant) {
    const value = (params as Record<string, string> | undefined)?.[endpoint.tenant.param];
    if (value !== undefined) await input.tenant(auth, endpoint.tenant.kind, value, endpoint.tenant.param);
  }
  return { auth, params, query, body };
};
