/**
 * The operations endpoints of the BUILT server (real child process, embedded PGlite, a new empty
 * database): /healthz, /readyz, /metrics behind METRICS_TOKEN, X-Request-Id, and SIGTERM: /readyz
 * answers 503 at once while the server still serves for SHUTDOWN_DELAY_SECONDS, then it exits 0.
 *
 * PGlite pass only (vitest.config.ts): the server runs on its embedded PGlite whatever DATABASE_URL
 * says. (The database stopped under a running server: postgres-restart.pg.test.ts.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type StartedServer, startServer, waitFor } from './support';

const TOKEN = 'ops-metrics-token-0123456789';
let server: StartedServer | undefined;
afterAll(async () => {
  await server?.stop();
});

describe('operations endpoints of the built server (PGlite)', () => {
  it('healthz, readyz, metrics with the token only, request ids; on SIGTERM not ready first, then exit 0', async () => {
    server = await startServer(
      {
        DEMO_DATA: '0',
        ADMIN_USERNAME: 'opsadmin',
        ADMIN_PASSWORD: 'ops-password-1234',
        METRICS_TOKEN: TOKEN,
        SHUTDOWN_DELAY_SECONDS: '8',
      },
      { requireWeb: false, timeoutMs: 150_000 },
    );
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${(server as StartedServer).origin}${path}`, { headers });

    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect((await get('/readyz')).status).toBe(200);

    const traced = await get('/healthz', { 'x-request-id': 'lb-abc-123' });
    expect(traced.headers.get('x-request-id')).toBe('lb-abc-123');
    await waitFor('the request id in the log', () =>
      server?.output().includes('"reqId":"lb-abc-123"') ? true : undefined,
    );

    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer not-the-token-at-all-0000' })).status).toBe(401);
    const metrics = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await metrics.text();
    expect(text).toMatch(
      /^falcon_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/m,
    );
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);

    expect(server.kill('SIGTERM')).toBe(true);
    const notReady = await waitFor('/readyz to answer 503 after SIGTERM', async () => {
      const res = await get('/readyz');
      return res.status === 503 ? res.json() : undefined;
    });
    expect(notReady).toEqual({ status: 'not_ready', reason: 'shutting_down' });
    // Still serving meanwhile: alive, and the API answers.
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/api/rest/v2/supportedLanguages')).status).toBe(200);
    expect(server.running()).toBe(true);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('[falcon] stopped');
  }, 200_000);
});
