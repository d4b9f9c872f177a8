import { randomBytes } from 'node:crypto';
import { eventually } from '@falcon/contract-testing';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/harness';
import { type Database, type Db, openDatabase } from '../db/client';
import { createJobQueue, defineJob, type JobAborted, type JobLog, type JobQueue } from './queue';

/**
 * The queue's guarantees on the engine of this pass, with two "instances": on PostgreSQL two
 * connection pools on one database (real contention for every claim), on PGlite two queues on the one
 * embedded database (a PGlite data directory belongs to one process).
 */
let instances: [Db, Db];
let closeAll: () => Promise<void>;

beforeAll(async () => {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const database = await openTestDatabase();
    instances = [database.db, database.db];
    closeAll = database.close;
    return;
  }
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  const name = `falcon_test_queue_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name} template ${source.template}`);
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  const opened: Database[] = await Promise.all(
    [0, 1].map(() => openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 4 })),
  );
  instances = [opened[0]!.db, opened[1]!.db];
  closeAll = async () => {
    for (const database of opened) await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
});

const queues: JobQueue[] = [];
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await closeAll?.();
});

/** A log that keeps its lines (the tests read what the queue reported). */
const recording = () => {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      lines.push({ level, msg, obj });
    };
  const log: JobLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
};

const startQueue = async (
  db: Db,
  jobs: Parameters<typeof createJobQueue>[0]['jobs'],
  more: Partial<Parameters<typeof createJobQueue>[0]> = {},
) => {
  const queue = createJobQueue({ db, log: recording().log, jobs, pollSeconds: 0.1, ...more });
  queues.push(queue);
  await queue.start();
  return queue;
};

const stateOf = async (db: Db, queue: string, id: string) => {
  const result = (await db.execute(
    sql`select state, retry_count from pgboss.job where name = ${queue} and id = ${id}`,
  )) as unknown as { rows: { state: string; retry_count: number }[] };
  return result.rows[0];
};

describe('the job queue (pg-boss)', () => {
  it('runs every job exactly once across two instances, never two runs of one job at once', async () => {
    const runs = new Map<number, number>();
    const runningNow = new Set<number>();
    const byInstance = [0, 0];
    let overlaps = 0;
    const probe = (instance: number) =>
      defineJob({
        name: 'test-once',
        payload: z.object({ n: z.number().int() }),
        settings: { concurrency: 3 },
        run: async ({ n }, { db }) => {
          if (runningNow.has(n)) overlaps++;
          runningNow.add(n);
          runs.set(n, (runs.get(n) ?? 0) + 1);
          byInstance[instance] = (byInstance[instance] ?? 0) + 1;
          // Some work in the database while other runs claim.
          await db.execute(sql`select pg_sleep(0.005)`);
          runningNow.delete(n);
        },
      });
    const [a, b] = await Promise.all([
      startQueue(instances[0], [probe(0)]),
      startQueue(instances[1], [probe(1)]),
    ]);
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, n) => (n % 2 ? b : a).enqueue(probe(0), { n })),
    );
    await eventually('30 runs', () => (runs.size === 30 && runningNow.size === 0 ? true : undefined));
    expect([...runs.values()]).toEqual(Array(30).fill(1));
    expect(overlaps).toBe(0);
    expect(byInstance.every((count) => count > 0)).toBe(true);
    for (const id of ids)
      await eventually('completed in pg-boss', async () =>
        (await stateOf(instances[0], 'test-once', id))?.state === 'completed' ? true : undefined,
      );
  });

  it('checks the payload when enqueueing', async () => {
    const job = defineJob({
      name: 'test-payload',
      payload: z.object({ n: z.number() }),
      run: async () => {},
    });
    const queue = await startQueue(instances[0], [job], { work: false });
    await expect(queue.enqueue(job, { n: 'one' } as never)).rejects.toThrow();
    const result = (await instances[0].execute(
      sql`select count(*)::int as n from pgboss.job where name = 'test-payload'`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]?.n).toBe(0);
  });

  it('tries a failing job again, then gives up once, with the last reason', async () => {
    const attempts: { attempt: number; last: boolean }[] = [];
    const gaveUp: { payload: unknown; reason: string }[] = [];
    const job = defineJob({
      name: 'test-failing',
      payload: z.object({ what: z.string() }),
      settings: { retryLimit: 2 },
      run: async (_payload, { attempt, lastAttempt }) => {
        attempts.push({ attempt, last: lastAttempt });
        throw new Error(`broken on try ${attempt}`);
      },
      gaveUp: async (payload, reason) => {
        gaveUp.push({ payload, reason });
      },
    });
    const queue = await startQueue(instances[0], [job]);
    const id = await queue.enqueue(job, { what: 'report' });
    await eventually('the give-up', () => (gaveUp.length ? true : undefined));
    expect(attempts).toEqual([
      { attempt: 1, last: false },
      { attempt: 2, last: false },
      { attempt: 3, last: true },
    ]);
    expect(gaveUp).toEqual([{ payload: { what: 'report' }, reason: 'broken on try 3' }]);
    expect(await stateOf(instances[0], 'test-failing', id)).toMatchObject({
      state: 'failed',
      retry_count: 2,
    });
  });

  it('aborts a run that outlives its timeout and tries the job again', async () => {
    const reasons: string[] = [];
    const job = defineJob({
      name: 'test-timeout',
      payload: z.object({}),
      settings: { timeoutSeconds: 1, retryLimit: 1 },
      run: async (_payload, { attempt, signal }) => {
        if (attempt > 1) return;
        await new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            reasons.push((signal.reason as JobAborted).why);
            reject(signal.reason);
          }),
        );
      },
    });
    const queue = await startQueue(instances[0], [job]);
    const id = await queue.enqueue(job, {});
    const done = await eventually('the second try', async () => {
      const state = await stateOf(instances[0], 'test-timeout', id);
      return state?.state === 'completed' ? state : undefined;
    });
    expect(reasons).toEqual(['timeout']);
    expect(done.retry_count).toBe(1);
  });

  it('gives the job of a worker that stopped answering to another instance once its lease is over', async () => {
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran: { instance: string; attempt: number }[] = [];
    const job = (instance: string) =>
      defineJob({
        name: 'test-lost',
        payload: z.object({}),
        // Lease: 1 s + 1 s.
        settings: { timeoutSeconds: 1, retryLimit: 1 },
        run: async (_payload, { attempt }) => {
          ran.push({ instance, attempt });
          // Instance A hangs and ignores its signal: a process frozen or cut off from the database.
          if (instance === 'A') await stuck;
        },
      });
    const aLog = recording();
    const a = await startQueue(instances[0], [job('A')], { log: aLog.log, stopTimeoutMs: 50 });
    const id = await a.enqueue(job('A'), {});
    await eventually('A to take the job', () => (ran.length ? true : undefined));
    // A stops without its run settling: the job stays active, nobody completes or fails it.
    await a.stop();
    expect(await stateOf(instances[0], 'test-lost', id)).toMatchObject({ state: 'active' });

    await startQueue(instances[1], [job('B')], { maintenanceSeconds: 1 });
    await eventually('B to complete it', async () =>
      (await stateOf(instances[1], 'test-lost', id))?.state === 'completed' ? true : undefined,
    );
    expect(ran).toEqual([
      { instance: 'A', attempt: 1 },
      { instance: 'B', attempt: 2 },
    ]);
    // A wakes up late: its outcome is not recorded over B's.
    release();
    await eventually('A to notice its lease is over', () =>
      aLog.lines.some((line) => line.msg.includes('outlived its lease')) ? true : undefined,
    );
    expect(await stateOf(instances[0], 'test-lost', id)).toMatchObject({
      state: 'completed',
      retry_count: 1,
    });
  });

  it('enqueues a scheduled job by cron, and forgets a schedule no job has any more', async () => {
    let ticks = 0;
    const job = defineJob({
      name: 'test-cron',
      payload: z.object({}),
      settings: { schedule: { cron: '* * * * *' } },
      run: async () => {
        ticks++;
      },
    });
    const queue = await startQueue(instances[0], [job], { cronSeconds: 1 });
    await eventually('a scheduled run', () => (ticks > 0 ? true : undefined));
    const schedules = async () =>
      (
        (await instances[0].execute(sql`select name, cron, timezone from pgboss.schedule`)) as unknown as {
          rows: { name: string; cron: string; timezone: string }[];
        }
      ).rows;
    expect(await schedules()).toEqual([{ name: 'test-cron', cron: '* * * * *', timezone: 'Europe/Berlin' }]);
    await queue.stop();
    await startQueue(instances[0], [], { work: false });
    expect(await schedules()).toEqual([]);
  });

  // Last: on PGlite the flaky client counts as a new one, whose first start gives back active runs.
  it('starts once the database is back after a failed start, and runs what was enqueued then', async () => {
    const away = { now: true };
    const real = (instances[0] as unknown as { $client: object }).$client;
    const refused = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    const client = new Proxy(real, {
      get: (target, prop) => {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (away.now && ['query', 'exec', 'transaction', 'connect'].includes(String(prop))) return refused;
        return value.bind(target);
      },
    });
    const db = new Proxy(instances[0], {
      get: (target, prop) => (prop === '$client' ? client : Reflect.get(target, prop, target)),
    });
    let ran = 0;
    const job = defineJob({
      name: 'test-back',
      payload: z.object({}),
      run: async () => {
        ran++;
      },
    });
    const queue = createJobQueue({ db, log: recording().log, jobs: [job], pollSeconds: 0.1 });
    queues.push(queue);
    await expect(queue.start()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(queue.enqueue(job, {})).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    away.now = false;
    // The enqueue starts the queue itself.
    await queue.enqueue(job, {});
    await eventually('the run', () => (ran === 1 ? true : undefined));
  });
});
