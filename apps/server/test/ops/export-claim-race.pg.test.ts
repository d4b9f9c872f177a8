/**
 * The export queue's claim under real contention: two "instances" (two connection pools on one
 * PostgreSQL database), six claim loops each, race for forty queued jobs. Every job must be
 * claimed exactly once. (The scale-out test runs two real processes, but their workers rarely
 * claim at the same millisecond; this one makes them.)
 *
 * PostgreSQL pass only (vitest.config.ts): PGlite serves one connection at a time, so there is no
 * race to lose there.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import * as t from '../../src/db/schema';
import { claimJob } from '../../src/jobs/exports';

const JOBS = 40;
const LOOPS_PER_INSTANCE = 6;

let admin: pg.Client;
let name: string;
let instances: Database[] = [];

beforeAll(async () => {
  const source = inject('testDatabase');
  if (source.kind !== 'postgres') throw new Error('this test runs in the PostgreSQL pass only');
  admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  name = `falcon_ops_claim_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name} template ${source.template}`);
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  instances = await Promise.all(
    [0, 1].map(() =>
      openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: LOOPS_PER_INSTANCE }),
    ),
  );
});

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
});

describe('export queue claims under contention (PostgreSQL pass only: PGlite has one connection, no race)', () => {
  it('forty queued jobs raced for by two instances x six loops: each claimed exactly once', async () => {
    const [first, second] = instances as [Database, Database];
    const [owner] = await first.db.select().from(t.users).where(eq(t.users.username, 'kdadmin'));
    if (!owner) throw new Error('no kdadmin in the test data');
    const created = new Date();
    const ids = Array.from({ length: JOBS }, (_, i) => `XRACE${String(i).padStart(3, '0')}`);
    await first.db.insert(t.exportJobs).values(
      ids.map((id, i) => ({
        id,
        ownerUserId: owner.id,
        kind: 'location' as const,
        scopeCode: 'C001-B01-L01',
        scopeName: 'race',
        state: 'queued' as const,
        filename: `${id}.xlsx`,
        request: {},
        // Equal timestamps in pairs: the order falls back to the id, as in a burst of enqueues.
        createdAt: new Date(created.getTime() + Math.floor(i / 2)),
      })),
    );

    const claims: { id: string; instance: number }[] = [];
    const loop = async (db: Database['db'], instance: number) => {
      for (;;) {
        const job = await claimJob(db, new Date(), 30_000, 3);
        if (!job) return;
        claims.push({ id: job.id, instance });
      }
    };
    await Promise.all(
      [first, second].flatMap((instance, n) =>
        Array.from({ length: LOOPS_PER_INSTANCE }, () => loop(instance.db, n)),
      ),
    );

    expect(claims.map((c) => c.id).sort()).toEqual(ids);
    const rows = await first.db.select().from(t.exportJobs).where(inArray(t.exportJobs.id, ids));
    for (const row of rows) expect(row).toMatchObject({ state: 'running', attempts: 1 });
    // Both instances took part (each loop claims until the queue is empty).
    expect(new Set(claims.map((c) => c.instance)).size).toBe(2);
  });
});
