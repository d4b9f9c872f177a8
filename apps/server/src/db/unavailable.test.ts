import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { buildApp } from '../app';
import type { Db } from './client';
import * as schema from './schema';

describe('while the database is away', () => {
  it('answers 503 JSON (not 500) when PostgreSQL refuses connections, and the pool error does not kill the process', async () => {
    const pool = new pg.Pool({
      connectionString: 'postgres://u:p@127.0.0.1:1/none',
      connectionTimeoutMillis: 500,
    });
    const errors: Error[] = [];
    pool.on('error', (e) => errors.push(e));
    const app = await buildApp({
      db: drizzle(pool, { schema }) as unknown as Db,
      webDist: null,
      underPressure: false,
    });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/rest/v2/concerns',
        headers: { cookie: 'falcon_session=abc' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'service_unavailable' });
      expect(res.headers['retry-after']).toBe('2');
      const footer = await app.inject({ method: 'GET', url: '/api/rest/v2/content/footer' });
      expect(footer.statusCode).toBe(503);
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('answers 503 when the embedded database is closed', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ db: database.db, webDist: null, underPressure: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/rest/v2/content/footer' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/rest/v2/content/footer' });
      expect(res.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
