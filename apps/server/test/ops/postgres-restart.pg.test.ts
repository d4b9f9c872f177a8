/**
 * PostgreSQL restarted under the running server (built server, real child process, real TCP).
 *
 * Runs in the PostgreSQL pass of `npm test` only (vitest.config.ts includes `*.pg.test.ts` only
 * when DATABASE_URL is set): on the embedded PGlite the database lives inside the server process,
 * so there is no separate database that could restart. It never touches the shared cluster of
 * DATABASE_URL (other test files use it at the same time): it starts a private throwaway cluster
 * (initdb into a temp dir, its own port and socket dir), stops and starts that one, removes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  acceptsConnections,
  freePort,
  type HttpClient,
  type PrivatePostgres,
  type StartedServer,
  signInHttp,
  startPrivatePostgres,
  startServer,
  waitFor,
} from './support';

const ADMIN = { username: 'opsadmin', password: 'ops-password-1234' };
/** The acceptance limit: first 2xx at most this long after PostgreSQL accepts connections again. */
const RECOVERY_LIMIT_MS = 2_000;

let database: PrivatePostgres;
let server: StartedServer;
let admin: HttpClient;

beforeAll(async () => {
  database = await startPrivatePostgres(await freePort());
  // A bootstrap administrator instead of the demo data: the test needs a session, not data.
  server = await startServer(
    {
      DATABASE_URL: database.url,
      DEMO_DATA: '0',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    { requireWeb: false, timeoutMs: 150_000 },
  );
  admin = await signInHttp(server.origin, ADMIN.username, ADMIN.password);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  database?.remove();
});

describe('PostgreSQL restarted while the server serves (PostgreSQL pass only: PGlite has no separate database to restart)', () => {
  it.each(['fast', 'immediate'] as const)(
    'pg_ctl stop -m %s: the process survives, answers 503 while the database is away and 2xx within 2 s of its return',
    async (mode) => {
      // The session (a database row) is used before, during and after the restart.
      const session = () => admin.get(`${API}/auth/session`);
      expect((await session()).status).toBe(200);

      database.stop(mode);
      expect(await acceptsConnections(database.url)).toBe(false);
      const away = await session();
      expect(away.status, away.text).toBe(503);
      expect(away.json()).toMatchObject({ error: 'service_unavailable' });
      expect(away.headers.get('retry-after')).toBe('2');
      // A state-changing request too (sign-in counts failures in the database): 503, not 500.
      const signInAway = await admin.post(`${API}/auth/signin`, ADMIN);
      expect(signInAway.status, signInAway.text).toBe(503);
      expect(server.running()).toBe(true);
      // Readiness says so (a load balancer takes the instance out); liveness does not (no restart).
      const ready = await admin.get('/readyz');
      expect(ready.status, ready.text).toBe(503);
      expect(ready.json()).toEqual({ status: 'not_ready', reason: 'database_unreachable' });
      expect((await admin.get('/healthz')).status).toBe(200);

      // Start without waiting in pg_ctl: the test itself notes the first moment PostgreSQL accepts
      // a connection, then polls the server (25 ms apart) for its first 2xx.
      database.start(false);
      const back = await waitFor(
        'PostgreSQL to accept connections again',
        async () => ((await acceptsConnections(database.url)) ? performance.now() : undefined),
        { timeoutMs: 30_000, intervalMs: 20 },
      );
      const seen = new Set<number>();
      const firstOk = await waitFor(
        'the first 2xx after the restart',
        async () => {
          const res = await session();
          seen.add(res.status);
          return res.status >= 200 && res.status < 300 ? performance.now() : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 25 },
      );
      const recoveryMs = Math.round(firstOk - back);
      console.log(
        `[ops] PostgreSQL stop -m ${mode}: first 2xx ${recoveryMs} ms after it accepted connections`,
      );
      expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
      // Nothing but 503 on the way back (no 500 from a dead pooled connection).
      expect([...seen].filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect((await admin.get('/readyz')).status).toBe(200);

      // Still the same process and session; reads work, and so do writes (a sign-in stores a session).
      expect(server.running()).toBe(true);
      const data = await admin.post(`${API}/users`, {});
      expect(data.status, data.text).toBe(200);
      expect(data.json().items.map((u: { username: string }) => u.username)).toContain(ADMIN.username);
      const again = await signInHttp(server.origin, ADMIN.username, ADMIN.password);
      expect((await again.get(`${API}/auth/session`)).status).toBe(200);
    },
    60_000,
  );

  it('is still the original process after both restarts (no crash, no unhandled error)', () => {
    expect(server.running()).toBe(true);
    expect(server.output()).not.toMatch(/failed to start|Unhandled|uncaught/i);
  });
});
