// npm run bench:jobs -w @falcon/server — the background job queue, with the app's default settings.
//
// 1. An export's time from enqueue (the POST that queues it) to done, on the `small` dataset: a location
//    of concern C001 exported by kdadmin, RUNS times one after the other (p50 / p90 / max).
// 2. What the idle queue costs: for IDLE_SECONDS with nothing to do, the statements the app sends to
//    the database (every statement, BEGIN/COMMIT included) and the CPU time of this process; on
//    PostgreSQL also the CPU time of its backends. (The database's transaction counter is no measure
//    here: autovacuum and analyze of the freshly seeded database add 50-200 a minute.)
//
// PGlite (embedded, in memory) by default; with DATABASE_URL a fresh database next to it (dropped after).
import { readFileSync } from 'node:fs';
import { createDataset } from '@falcon/demo-data';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import * as t from '../src/db/schema';
import { seedDataset } from '../src/db/seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 60);
const base = process.env.DATABASE_URL;

let statements = 0;
const counting = <T extends { query: (...a: never[]) => unknown }>(target: T, method = 'query') => {
  const original = (target as unknown as Record<string, (...a: unknown[]) => unknown>)[method];
  if (!original) return;
  (target as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
    statements++;
    return original.apply(this, args);
  };
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** CPU ticks (1/100 s) of each PostgreSQL backend serving `database`, by process id. */
const backendTicks = async (monitor: pg.Client, database: string): Promise<Map<number, number>> => {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the backend ended meanwhile
    }
  }
  return ticks;
};

/** CPU used between two readings by the backends alive at the second (a backend that ended is missed). */
const ticksBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ticks]) => sum + ticks - (before.get(pid) ?? 0), 0);

const main = async () => {
  let url: string | undefined;
  let name = '';
  let admin: pg.Client | undefined;
  if (base) {
    name = `falcon_bench_jobs_${process.pid}`;
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
    // Every statement of every pg client of this process (the app's pool and anything on it).
    counting(pg.Client.prototype);
  }
  const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
  try {
    await seedDataset(database.db, createDataset({ seed: 1, scale: 'small' }));
    if (!url) {
      const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
      counting(client as never);
      counting(client as never, 'exec');
      // Statements inside a transaction go through the transaction object.
      const transaction = client.transaction as (fn: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
      client.transaction = (fn: (tx: unknown) => Promise<unknown>) =>
        transaction.call(client, (tx) => {
          counting(tx as never);
          counting(tx as never, 'exec');
          statements += 2; // BEGIN and COMMIT
          return fn(tx);
        });
    }
    const app = await buildApp({ db: database.db, webDist: null, underPressure: false, logger: false });
    await app.ready();
    const signin = await app.inject({
      method: 'POST',
      url: '/api/rest/v2/auth/signin',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'kdadmin', password: 'demo1234' }),
    });
    const cookie = signin.cookies.find((c) => c.name === 'falcon_session');
    if (!cookie) throw new Error(`sign-in failed: ${signin.statusCode}`);
    const [location] = await database.db
      .select({ code: t.locations.code })
      .from(t.locations)
      .where(eq(t.locations.concernCode, 'C001'))
      .limit(1);
    if (!location) throw new Error('no location of C001');
    const [{ n: rows } = { n: 0 }] = (
      (await database.db.execute(
        `select count(*)::int as n from containers where location_code = '${location.code}'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;

    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const queued = await app.inject({
        method: 'POST',
        url: `/api/rest/v2/location/${location.code}/export/xlsx`,
        headers: { cookie: `falcon_session=${cookie.value}`, 'x-requested-with': 'XMLHttpRequest' },
        payload: {},
      });
      if (queued.statusCode !== 202) throw new Error(`export refused: ${queued.statusCode} ${queued.body}`);
      const id = queued.json().id as string;
      for (;;) {
        const [job] = await database.db
          .select({ state: t.exportJobs.state })
          .from(t.exportJobs)
          .where(eq(t.exportJobs.id, id));
        if (job?.state === 'failed') throw new Error(`export ${id} failed`);
        if (job?.state === 'done') break;
        await new Promise((r) => setTimeout(r, 2));
      }
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(
      `${database.engine}: export of ${location.code} (${rows} rows), enqueue -> done, ${RUNS} runs: ` +
        `p50 ${ms(percentile(times, 50))}, p90 ${ms(percentile(times, 90))}, max ${ms(times.at(-1) ?? 0)}`,
    );

    // Idle: let anything the exports started settle, then count.
    await new Promise((r) => setTimeout(r, 3_000));
    const monitor = url ? new pg.Client({ connectionString: url }) : undefined;
    await monitor?.connect();
    const before = { statements, cpu: process.cpuUsage(), at: performance.now() };
    const ticks0 = monitor ? await backendTicks(monitor, name) : new Map<number, number>();
    const monitorStatements = statements - before.statements;
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const cpu = process.cpuUsage(before.cpu);
    const ticks1 = monitor ? await backendTicks(monitor, name) : new Map<number, number>();
    const minutes = (performance.now() - before.at) / 60_000;
    // The monitor's own statements (one before, one after the wait) are not the app's.
    const appStatements = statements - before.statements - monitorStatements - (monitor ? 1 : 0);
    const perMinute = (v: number) => (v / minutes).toFixed(0);
    console.log(
      `${database.engine}: idle ${IDLE_SECONDS} s: ${perMinute(appStatements)} statements/min from the app, ` +
        `CPU of this process ${((cpu.user + cpu.system) / 1000 / minutes).toFixed(0)} ms/min` +
        (monitor
          ? `, CPU of its backends ${((ticksBetween(ticks0, ticks1) * 10) / minutes).toFixed(0)} ms/min`
          : ''),
    );
    await monitor?.end();
    await app.close();
  } finally {
    await database.close();
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
