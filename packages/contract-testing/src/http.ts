import type { AnyEndpoint } from '@falcon/api-client';

/** One request as a browser would send it: path below the origin, JSON or multipart body. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query below the origin (`/api/rest/v2/...`), already encoded. */
  url: string;
  json?: unknown;
  /** A body that is not JSON (sent with `application/json` as is): broken JSON, odd encodings. */
  rawJson?: string;
  multipart?: { fields: Record<string, string>; file?: UploadFile };
  /** Leave out `X-Requested-With` (the CSRF defence answers 403). */
  withoutCsrfHeader?: boolean;
}

export interface UploadFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface HttpResponse {
  status: number;
  contentType: string;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
  /** `falcon_session=<token>` when the answer sets a session cookie. */
  sessionCookie?: string;
}

/** A signed-in browser: what a target needs to send its requests with the session. */
export interface TargetSession {
  username: string;
  cookie: string;
}

/** The API under test: the mock (msw) or the real server (inject or HTTP). */
export interface Target {
  name: string;
  send(session: TargetSession | null, request: HttpRequest): Promise<HttpResponse>;
}

/**
 * A path segment the way a hostile client may send it: valid UTF-8 percent-encoding, and lone
 * surrogates as their (invalid) three-byte form, which `encodeURIComponent` refuses to write.
 */
const encodeSegment = (value: string): string => {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
};

/** The URL of an endpoint with its path parameters filled (encoded by `encodeSegment`) and a query. */
export const endpointUrl = (
  endpoint: AnyEndpoint,
  params: Record<string, unknown> = {},
  query?: Record<string, unknown>,
): string => {
  const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeSegment(String(params[name] ?? '')),
  );
  const search = query
    ? Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(String(v))}`)
        .join('&')
    : '';
  return `${endpoint.root ? '' : '/api'}${path}${search ? `?${search}` : ''}`;
};

/** A multipart/form-data body, written by hand so the bytes are exactly what the test means. */
export const encodeMultipart = (
  fields: Record<string, string>,
  file: UploadFile | undefined,
  boundary = 'falconMatrixBoundary7x',
): { body: Uint8Array; contentType: string } => {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    chunks.push(
      enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      enc.encode('\r\n'),
    );
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

/** Reads a fetch Response into an HttpResponse. */
const readResponse = async (response: Response): Promise<HttpResponse> => {
  const contentType = response.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await response.arrayBuffer());
  const textual = /json|text|csv/.test(contentType);
  const text = textual ? new TextDecoder().decode(bytes) : '';
  const sessionCookie = sessionCookieOf(response.headers.getSetCookie());
  let json: unknown;
  if (contentType.includes('json'))
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  return { status: response.status, contentType, text, json, ...(sessionCookie ? { sessionCookie } : {}) };
};

/** The session cookie a sign-in answer sets, as a `Cookie` header value. */
const sessionCookieOf = (setCookies: readonly string[]): string | undefined => {
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    if (pair.startsWith('falcon_session=') && pair.length > 'falcon_session='.length) return pair;
  }
  return undefined;
};

/**
 * A target over fetch: the mock (msw intercepts fetch in node) or a real server on a port. Every
 * session gets its own origin when `originFor` gives one, so msw's process-wide cookie store
 * cannot hand one session's cookie to another.
 */
export const fetchTarget = (name: string, originFor: (session: TargetSession | null) => string): Target => ({
  name,
  send: async (session, request) => {
    const headers = new Headers();
    if (session) headers.set('cookie', session.cookie);
    if (request.method !== 'GET' && !request.withoutCsrfHeader)
      headers.set('x-requested-with', 'XMLHttpRequest');
    let body: RequestInit['body'];
    if (request.multipart) {
      const encoded = encodeMultipart(request.multipart.fields, request.multipart.file);
      headers.set('content-type', encoded.contentType);
      body = encoded.body as Uint8Array<ArrayBuffer>;
    } else if (request.rawJson !== undefined) {
      headers.set('content-type', 'application/json');
      body = request.rawJson;
    } else if (request.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(request.json);
    }
    const response = await fetch(`${originFor(session)}${request.url}`, {
      method: request.method,
      headers,
      body,
    });
    return readResponse(response);
  },
});
