/**
 * The export job under real contention: two "instances" (two connection pools on one PostgreSQL
 * database, each with its own pg-boss queue), six workers each, race for forty queued exports. Every
 * export must be claimed and produced exactly once. (The scale-out test runs two real processes, but
 * their workers rarely claim at the same millisecond; this one makes them.)
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
import { exportJob } from '../../src/jobs/exports';
import { createJobQueue, type JobQueue } from '../../src/jobs/queue';

const JOBS = 40;
const LOOPS_PER_INSTANCE = 6;

let admin: pg.Client;
let name: string;
let instances: Database[] = [];
const queues: JobQueue[] = [];

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
  for (const queue of queues) await queue.stop();
  for (const instance of instances) await instance.close();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
});

describe('export queue claims under contention (PostgreSQL pass only: PGlite has one connection, no race)', () => {
  it('forty queued jobs raced for by two instances x six workers: each claimed and produced exactly once', async () => {
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
    const produced: { id: string; instance: number }[] = [];
    // The export job with six workers per instance; its log lines say which instance claimed what.
    const racing = { ...exportJob, settings: { ...exportJob.settings, concurrency: LOOPS_PER_INSTANCE } };
    const logOf = (instance: number) => ({
      info: (obj: object, msg: string) => {
        const id = (obj as { job?: string }).job;
        if (id && msg === 'export claimed') claims.push({ id, instance });
        if (id && msg === 'export done') produced.push({ id, instance });
      },
      warn: () => undefined,
      error: () => undefined,
    });
    for (const [n, instance] of [first, second].entries())
      queues.push(createJobQueue({ db: instance.db, log: logOf(n), jobs: [racing], work: false }));
    await Promise.all(queues.map((queue) => queue.start()));
    // Enqueued while nobody works, then both instances start their workers at once.
    for (const id of ids) await (queues[0] as JobQueue).enqueue(exportJob, { exportId: id });
    await Promise.all(queues.map((queue) => queue.stop()));
    queues.length = 0;
    for (const [n, instance] of [first, second].entries())
      queues.push(createJobQueue({ db: instance.db, log: logOf(n), jobs: [racing], pollSeconds: 0.05 }));
    await Promise.all(queues.map((queue) => queue.start()));

    const deadline = Date.now() + 60_000;
    while (produced.length < JOBS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

    expect(claims.map((c) => c.id).sort()).toEqual(ids);
    expect(produced.map((c) => c.id).sort()).toEqual(ids);
    const rows = await first.db.select().from(t.exportJobs).where(inArray(t.exportJobs.id, ids));
    for (const row of rows) expect(row).toMatchObject({ state: 'done', attempts: 1 });
    expect(new Set(rows.map((row) => row.fileId)).size).toBe(JOBS);
    // Both instances took part.
    expect(new Set(claims.map((c) => c.instance)).size).toBe(2);
  });
});
