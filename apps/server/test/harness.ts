import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Database, type Db, openDatabase } from '../src/db/client';
import * as t from '../src/db/schema';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
}

/** A fresh copy of the seeded template database (small dataset, seed 1) for one test file. */
export const openTestDatabase = async (): Promise<Database> => {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const blob = new Blob([readFileSync(source.file)]);
    return openDatabase({ dataDir: 'memory://', loadDataDir: blob, migrate: false });
  }
  const name = `falcon_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${source.template}`);
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
};

export const createTestApp = async (options: Partial<BuildAppOptions> = {}): Promise<TestApp> => {
  const database = await openTestDatabase();
  // Every answer of every test is parsed with its zod response schema (production keeps only the schema's keys).
  const app = await buildApp({
    db: database.db,
    webDist: null,
    underPressure: false,
    validateResponses: true,
    // Sessions kept in memory (ADR 0044) on PGlite, where a test's own writes to the database reach the
    // cache before they return; on PostgreSQL they arrive a moment later (LISTEN/NOTIFY), after the
    // test's next request may have started: there the cache has tests of its own (session-cache.test.ts,
    // test/ops/scale-out.pg.test.ts).
    sessionCacheMs: inject('testDatabase').kind === 'pglite' ? 10_000 : 0,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

export const DEMO_PASSWORD = 'demo1234';

/** A valid user form (the contract scenarios' own). */
export { userForm } from '@falcon/contract-testing';

/** A signed-in client: requests carry the session cookie and X-Requested-With like the web app. */
export interface Client {
  cookie: string;
  get: (url: string) => Promise<LightMyRequestResponse>;
  post: (url: string, body?: unknown) => Promise<LightMyRequestResponse>;
  del: (url: string, body?: unknown) => Promise<LightMyRequestResponse>;
}

export const clientWith = (app: FastifyInstance, cookie: string): Client => {
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    cookie,
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body),
    del: (url, body) => send('DELETE', url, body),
  };
};

export const signIn = async (
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
  remoteAddress = '127.0.0.1',
): Promise<Client> => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/rest/v2/auth/signin',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'falcon_session');
  if (!cookie) throw new Error('no session cookie');
  return clientWith(app, `falcon_session=${cookie.value}`);
};

/** The first active containers of concern C001 (the demo staff user's), by id: the tests' usual subject. */
export const activeContainers = (db: Db, count = 1) =>
  db
    .select()
    .from(t.containers)
    .where(and(eq(t.containers.concernCode, 'C001'), eq(t.containers.active, true)))
    .orderBy(asc(t.containers.id))
    .limit(count);
