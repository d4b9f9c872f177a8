import type { ResponseKind } from './contract/define';
import { buildPath } from './contract/define';
import { ApiError, errorFromResponse } from './errors';

// The throwing core of the client and the spec's return conventions, free of zod: the browser's
// first bundle (the login route) loads this, not the schemas.

/** What the core needs to know of an endpoint: where it is and how its body travels. */
export interface RouteMeta {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  root?: boolean;
  auth?: 'public' | 'session';
  multipart?: unknown;
  responseKind?: ResponseKind;
  /** A schema to check the JSON response with (the full client passes the contract's). */
  response?: { parse(value: unknown): unknown };
}

export interface ApiClientOptions {
  /** Base of the API; endpoints' paths are appended. Default `/api`. */
  baseUrl?: string;
  /** Base for endpoints outside the API (`/version.txt`). Default: the origin of `baseUrl`, i.e. ''. */
  rootUrl?: string;
  fetch?: typeof fetch;
  /** The current locale, sent as `lang` on every request. */
  getLanguage?: () => string;
  /** 401 on a session endpoint: the app resets its state and reloads. */
  onUnauthorized?: (error: ApiError) => void;
  /** 403: the app goes to /error. */
  onForbidden?: (error: ApiError) => void;
  /** +1 when a call starts, -1 when it ends: drives the progress bar. */
  onActivity?: (delta: 1 | -1) => void;
  /** Check JSON responses against the contract (on by default; a drift throws). */
  validateResponses?: boolean;
}

export const REQUEST_HEADERS = {
  'X-Requested-With': 'XMLHttpRequest',
  'Cache-Control': 'no-cache',
  Pragma: 'no-cache',
} as const;

const joinUrl = (base: string, path: string) => `${base.replace(/\/$/, '')}${path}`;

/** The throwing core: performs one contract call, or throws ApiError. */
export const createRequester = (options: ApiClientOptions = {}) => {
  const baseUrl = options.baseUrl ?? '/api';
  const rootUrl = options.rootUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const validate = options.validateResponses ?? true;

  return async (endpoint: RouteMeta, input: Record<string, unknown> = {}): Promise<unknown> => {
    const path = buildPath(endpoint.path, input.params as Record<string, string> | undefined);
    const url = new URL(joinUrl(endpoint.root ? rootUrl : baseUrl, path), 'http://placeholder');
    url.searchParams.set('lang', options.getLanguage?.() ?? 'de');
    for (const [key, value] of Object.entries((input.query as Record<string, unknown>) ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const href = url.origin === 'http://placeholder' ? `${url.pathname}${url.search}` : url.href;

    const headers: Record<string, string> = { ...REQUEST_HEADERS };
    let body: BodyInit | undefined;
    if (endpoint.multipart) {
      const form = new FormData();
      for (const [key, value] of Object.entries((input.body as Record<string, string>) ?? {})) {
        if (value !== undefined) form.set(key, value);
      }
      form.set('file', input.file as Blob, (input.filename as string | undefined) ?? 'upload');
      body = form;
    } else if (input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    if (endpoint.responseKind !== 'binary' && endpoint.responseKind !== 'text')
      headers.Accept = 'application/json';

    options.onActivity?.(1);
    try {
      let response: Response;
      try {
        response = await doFetch(href, {
          method: endpoint.method,
          headers,
          body,
          credentials: 'same-origin',
          signal: input.signal as AbortSignal | undefined,
        });
      } catch (cause) {
        if ((cause as Error)?.name === 'AbortError') throw cause;
        throw new ApiError(0, 'unspecifiedNetworkError', 'A communication error occurred.');
      }
      if (!response.ok) {
        const error = await errorFromResponse(response);
        const guarded = endpoint.auth !== 'public';
        if (response.status === 401 && guarded) options.onUnauthorized?.(error);
        // A public endpoint's 403 is an answer for the page (sso_required at sign-in), not a missing permission.
        if (response.status === 403 && guarded) options.onForbidden?.(error);
        throw error;
      }
      if (endpoint.responseKind === 'binary') return await response.blob();
      if (endpoint.responseKind === 'text') return await response.text();
      const json: unknown = await response.json();
      return validate && endpoint.response ? endpoint.response.parse(json) : json;
    } finally {
      options.onActivity?.(-1);
    }
  };
};

/** The route of an endpoint as the core needs it, without its schemas (`routes.gen.ts` holds all of them). */
export const routeMetaOf = (endpoint: RouteMeta): RouteMeta => ({
  method: endpoint.method,
  path: endpoint.path,
  ...(endpoint.root ? { root: true } : {}),
  ...(endpoint.auth === 'public' ? { auth: 'public' as const } : {}),
  ...(endpoint.multipart ? { multipart: true } : {}),
  ...(endpoint.responseKind && endpoint.responseKind !== 'json'
    ? { responseKind: endpoint.responseKind }
    : {}),
});

/** One method per route of `table` (resource -> name -> route), each calling the throwing core. */
export const buildClient = (
  table: Record<string, Record<string, RouteMeta>>,
  options: ApiClientOptions = {},
): Record<string, Record<string, (input?: Record<string, unknown>) => Promise<unknown>>> => {
  const request = createRequester(options);
  return Object.fromEntries(
    Object.entries(table).map(([resource, group]) => [
      resource,
      Object.fromEntries(
        Object.entries(group).map(([name, route]) => [
          name,
          (input?: Record<string, unknown>) => request(route, input),
        ]),
      ),
    ]),
  );
};
