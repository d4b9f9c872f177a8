import { type ApiError, createApiClient, type TypedClient } from '@falcon/api-client';

export interface TestClient {
  api: TypedClient;
  /** fetch with the client's cookie jar, for raw requests. */
  fetch: typeof fetch;
  origin: string;
  cookies: Map<string, string>;
  /** Errors the app's 401 and 403 hooks received. */
  unauthorized: ApiError[];
  forbidden: ApiError[];
}

/**
 * A typed client with its own cookie jar (fetch in node keeps no cookies), talking to `origin`
 * (the API under `${origin}/api`). Each client is one browser: its session is its own.
 */
export const createTestClient = (origin: string): TestClient => {
  const cookies = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  const unauthorized: ApiError[] = [];
  const forbidden: ApiError[] = [];
  const api = createApiClient({
    baseUrl: `${origin}/api`,
    rootUrl: origin,
    fetch: jarFetch,
    getLanguage: () => 'en',
    onUnauthorized: (e) => unauthorized.push(e),
    onForbidden: (e) => forbidden.push(e),
  });
  return { api, fetch: jarFetch, origin, cookies, unauthorized, forbidden };
};

/** The rejection of a call, as the client's ApiError. */
export const failure = async (call: Promise<unknown>): Promise<ApiError> => {
  try {
    await call;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
};

/**
 * Waits until `check` returns a value other than undefined, polling every `intervalMs`: for work a
 * server finishes in the background (an export job, a queued run). Fails after `timeoutMs` with `what`.
 */
export const eventually = async <T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 20_000, intervalMs = 50 } = {},
): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};
