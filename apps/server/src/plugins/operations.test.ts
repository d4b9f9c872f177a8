import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/harness';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import * as schema from '../db/schema';

const TOKEN = 'metrics-token-for-the-tests-0123';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The value of one sample of the Prometheus text, found by its name and labels (any order). */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
};

let t: TestApp;
let webDist: string;
const logLines: string[] = [];

beforeAll(async () => {
  // A built web app with its SPA fallback: the operations' paths must not be answered with its HTML.
  webDist = mkdtempSync(join(tmpdir(), 'falcon-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Falcon</title>');
  t = await createTestApp({
    webDist,
    metricsToken: TOKEN,
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const scrape = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('health and readiness', () => {
  it('/healthz and /readyz answer JSON, never cached, without a session, not the SPA', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    // The SPA still answers its own routes.
    const page = await t.app.inject({ method: 'GET', url: '/some/client/route' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('/readyz: 503 migrations_pending when the database lacks a migration of this build', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const res = await fresh.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'migrations_pending' });
      expect((await fresh.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('/readyz: 503 database_unreachable once the database is closed, /healthz still 200', async () => {
    const fresh = await createTestApp();
    try {
      expect((await fresh.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await fresh.database.close();
      const res = await fresh.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'database_unreachable' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await fresh.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await fresh.app.close();
    }
  });

  it('/readyz: 503 database_unreachable when PostgreSQL refuses connections, /healthz 200; /metrics off without a token', async () => {
    const pool = new pg.Pool({
      connectionString: 'postgres://u:p@127.0.0.1:1/none',
      connectionTimeoutMillis: 500,
    });
    pool.on('error', () => {});
    const app = await buildApp({ db: drizzle(pool, { schema }) as unknown as Db, webDist: null });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not_ready', reason: 'database_unreachable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // No METRICS_TOKEN configured: the metrics are off, whatever the caller sends.
      const metrics = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.statusCode).toBe(404);
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('/readyz: 503 shutting_down once the server is told to stop', async () => {
    const fresh = await createTestApp();
    try {
      fresh.app.ctx.lifecycle.shuttingDown = true;
      const res = await fresh.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'shutting_down' });
      expect((await fresh.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('metrics', () => {
  it('refuses /metrics without the bearer token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-size', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('falcon_');
    }
  });

  it('counts a request in the histogram of its route pattern and status, not its URL', async () => {
    const admin = await signIn(t.app, 'admin');
    const labels = { method: 'GET', route: '/api/rest/v2/concerns', status: '200' };
    const before = sample(await scrape(), 'falcon_http_request_duration_seconds_count', labels) ?? 0;
    expect((await admin.get('/api/rest/v2/concerns')).statusCode).toBe(200);
    expect((await admin.get('/api/rest/v2/concerns')).statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'falcon_http_request_duration_seconds_count', labels)).toBe(before + 2);
    expect(sample(text, 'falcon_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      before + 2,
    );
    // A path with a parameter is counted under its pattern.
    const [concern] = (await admin.get('/api/rest/v2/concerns')).json() as { code: string }[];
    const one = await admin.get(`/api/rest/v2/concern/${concern?.code}`);
    const pattern = sample(await scrape(), 'falcon_http_request_duration_seconds_count', {
      route: '/api/rest/v2/concern/:code',
      status: String(one.statusCode),
    });
    expect(pattern, await scrape()).toBeGreaterThanOrEqual(1);
    expect(await scrape()).not.toContain(`route="/api/rest/v2/concern/${concern?.code}`);
  });

  it('counts failed sign-ins and has the process, event-loop and database metrics', async () => {
    const before = sample(await scrape(), 'falcon_signin_failures_total') ?? 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rest/v2/auth/signin',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'not-the-password' }),
      remoteAddress: '10.9.8.7',
    });
    expect(res.statusCode).toBe(401);
    const text = await scrape();
    expect(sample(text, 'falcon_signin_failures_total')).toBe(before + 1);
    expect(sample(text, 'falcon_signin_refused_total')).toBeDefined();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
    const engine = t.database.engine;
    expect(sample(text, 'falcon_db_info', { engine })).toBe(1);
    expect(sample(text, 'falcon_session_cache_entries')).toBeGreaterThanOrEqual(0);
    if (engine === 'postgres') {
      expect(sample(text, 'falcon_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'falcon_db_pool_acquire_seconds_count')).toBeGreaterThan(0);
    }
  });
});

describe('request ids', () => {
  it('echoes a sane X-Request-Id and puts it in the request log line', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/rest/v2/supportedLanguages',
      headers: { 'x-request-id': 'proxy-7f3a:42' },
    });
    expect(res.headers['x-request-id']).toBe('proxy-7f3a:42');
    const line = logLines
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; url?: string })
      .find((l) => l.reqId === 'proxy-7f3a:42');
    expect(line).toMatchObject({ msg: 'request', url: '/api/rest/v2/supportedLanguages' });
  });

  it('generates one when none or an unusable one comes, different per request', async () => {
    const ids: string[] = [];
    for (const given of [undefined, 'has spaces and "quotes"', 'x'.repeat(129)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: given ? { 'x-request-id': given } : {},
      });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(3);
    // Errors carry it too (a 404 of the API).
    const missing = await t.app.inject({ method: 'GET', url: '/api/rest/v2/nothing-here' });
    expect(String(missing.headers['x-request-id'])).toMatch(UUID);
  });
});
