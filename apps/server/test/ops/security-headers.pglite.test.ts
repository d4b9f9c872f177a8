/**
 * The security headers and session cookie flags of ARCHITECTURE.md ("Server decisions":
 * sessions, resilience), checked on the BUILT server over real HTTP, once as started plainly and
 * once with SESSION_SECURE=1 (behind TLS): CSP with frame-ancestors, HSTS only behind TLS, nosniff,
 * Referrer-Policy, Cache-Control: no-store on the API (errors too), HttpOnly + SameSite=Lax cookie,
 * Secure only behind TLS, a new session id per sign-in, sign-out deletes the cookie and the session.
 *
 * PGlite pass only (vitest.config.ts): headers do not depend on the database engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, httpClient, type StartedServer, signInAnswer, startServer } from './support';

const ADMIN = { username: 'secadmin', password: 'sec-password-1234' };
const env = { DEMO_DATA: '0', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

let plain: StartedServer;
let tls: StartedServer;
beforeAll(async () => {
  [plain, tls] = await Promise.all([
    startServer(env, { requireWeb: false, timeoutMs: 150_000 }),
    startServer({ ...env, SESSION_SECURE: '1' }, { requireWeb: false, timeoutMs: 150_000 }),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([plain?.stop(), tls?.stop()]);
});

/** The production start's ADMIN needs a second factor (ADR 0063): the answer that opens the session. */
const signIn = async (origin: string) => {
  const res = await signInAnswer(origin, ADMIN.username, ADMIN.password);
  expect(res.status, res.text).toBe(200);
  const cookies = res.headers.getSetCookie().filter((c) => c.startsWith('falcon_session='));
  expect(cookies).toHaveLength(1);
  const cookie = cookies[0] as string;
  const attributes = cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  return { res, cookie, value: cookie.split(';')[0] as string, attributes };
};

/** The CSP directives as a map (name -> sources). */
const csp = (headers: Headers) =>
  Object.fromEntries(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  );

describe('security headers and cookie flags (built server; PGlite pass only: engine-independent)', () => {
  it('API answers (200, 401, 404, 400) carry CSP, nosniff, Referrer-Policy, no-store, no HSTS without TLS', async () => {
    const client = httpClient(plain.origin);
    const answers = [
      await client.get(`${API}/supportedLanguages`),
      await client.get(`${API}/auth/session`),
      await client.get(`${API}/no-such-endpoint`),
      await client.post(`${API}/auth/signin`, { username: 7 }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 400]);
    for (const { headers } of answers) {
      const policy = csp(headers);
      expect(policy['default-src']).toBe("'self'");
      expect(policy['frame-ancestors']).toBe("'none'");
      expect(policy['object-src']).toBe("'none'");
      // Scripts only from the origin; 'wasm-unsafe-eval' (the /app scanner's WebAssembly) is no eval of JS.
      expect(policy['script-src']?.split(' ')).toContain("'self'");
      expect(policy['script-src']).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|https?:/);
      expect(policy['base-uri']).toBe("'self'");
      expect(policy['form-action']).toBe("'self'");
      expect(policy).not.toHaveProperty('upgrade-insecure-requests');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('strict-transport-security')).toBeNull();
      expect(headers.get('x-powered-by')).toBeNull();
    }
  });

  it('the session cookie is HttpOnly, SameSite=Lax, Path=/, not Secure without TLS; new id per sign-in; sign-out deletes it', async () => {
    const first = await signIn(plain.origin);
    expect(first.attributes).toContain('httponly');
    expect(first.attributes).toContain('samesite=lax');
    expect(first.attributes).toContain('path=/');
    expect(first.attributes).not.toContain('secure');
    // No Max-Age/Expires: a browser-session cookie; the server's row carries the sliding expiry.
    expect(first.attributes.filter((a) => a.startsWith('max-age') || a.startsWith('expires'))).toEqual([]);
    // A random id of at least 128 bits, never the same twice.
    const token = first.value.split('=')[1] as string;
    expect(token.length).toBeGreaterThanOrEqual(22);
    const second = await signIn(plain.origin);
    expect(second.value).not.toBe(first.value);

    const signedIn = httpClient(plain.origin, second.value);
    expect((await signedIn.get(`${API}/auth/session`)).status).toBe(200);
    const out = await signedIn.post(`${API}/auth/signout`);
    expect(out.status).toBeLessThan(300);
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('falcon_session='));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/^falcon_session=;/);
    expect(cleared?.toLowerCase()).toMatch(/expires=thu, 01 jan 1970|max-age=0/);
    // The session row is gone: the old cookie no longer works.
    expect((await signedIn.get(`${API}/auth/session`)).status).toBe(401);
  });

  it('behind TLS (SESSION_SECURE=1): HSTS, upgrade-insecure-requests, and a Secure cookie', async () => {
    const res = await httpClient(tls.origin).get(`${API}/supportedLanguages`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res.headers)).toHaveProperty('upgrade-insecure-requests');
    expect(csp(res.headers)['frame-ancestors']).toBe("'none'");
    const { attributes } = await signIn(tls.origin);
    expect(attributes).toContain('secure');
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
  });
});
