import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { SessionCache } from './auth/session-cache';
import type { Db } from './db/client';

/**
 * The server's Prometheus metrics (ADR 0055): one registry per app (the tests build many apps in one
 * process) plus one for the process (memory, CPU, event-loop delay, GC: prom-client's default metrics,
 * collected once per process). Everything per request is one histogram observation in the request's
 * completion (app.ts); the database pool and the job queue are read when /metrics is scraped.
 */
export interface AppMetrics {
  /** A request ended: its route pattern (not the URL), method and status. */
  requestFinished: (method: string, route: string, status: number, seconds: number) => void;
  /** A password check failed (sign-in); `backoffStarted`: this failure started a back-off. */
  signInFailed: (backoffStarted: boolean) => void;
  /** A sign-in was refused without a check: its keys back off (429). */
  signInRefused: () => void;
  /** A background job's run ended. */
  jobFinished: (job: string, outcome: 'done' | 'failed' | 'handed_back', seconds: number) => void;
  /** The Prometheus text exposition of the app's and the process's metrics. */
  text: () => Promise<string>;
  contentType: string;
}

let processRegistry: Registry | undefined;
const processMetrics = (): Registry => {
  if (!processRegistry) {
    processRegistry = new Registry();
    // Event-loop delay sampled every 20 ms (prom-client's monitorEventLoopDelay; its default is 10 ms).
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
};

/** Request latency buckets, seconds: the API's targets are 20-50 ms p95, exports and sign-in longer. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const instrumented = new WeakSet<pg.Pool>();

type ConnectCallback = (error: Error | undefined, client: unknown, release: unknown) => void;

/**
 * Times how long each query waits for a connection of the pool (pg's pool.query and drizzle's
 * transactions both go through connect()): the wait is what an exhausted pool costs a request.
 */
const timeConnections = (pool: pg.Pool, wait: Histogram<never>) => {
  if (instrumented.has(pool)) return;
  instrumented.add(pool);
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<unknown> | undefined;
  (pool as unknown as { connect: typeof connect }).connect = (callback?: ConnectCallback) => {
    const started = performance.now();
    if (callback)
      return connect((error, client, release) => {
        wait.observe((performance.now() - started) / 1000);
        callback(error, client, release);
      });
    return (connect() as Promise<unknown>).then((client) => {
      wait.observe((performance.now() - started) / 1000);
      return client;
    });
  };
};

/** `sessions`: the app's session cache (read on scrape; the app creates it after its metrics). */
export const createMetrics = (db: Db, sessions: () => SessionCache<unknown>): AppMetrics => {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'falcon_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'falcon_signin_failures_total',
    help: 'Sign-ins whose user name or password was wrong.',
    registers: [registry],
  });
  const backoffs = new Counter({
    name: 'falcon_signin_backoffs_total',
    help: 'Failed sign-ins that started (or lengthened) a back-off of their address or user and address.',
    registers: [registry],
  });
  const refused = new Counter({
    name: 'falcon_signin_refused_total',
    help: 'Sign-ins refused unchecked (429) while their address or user and address backed off.',
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'falcon_job_duration_seconds',
    help: 'Runs of background jobs by job and outcome (done, failed, handed_back at shutdown).',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
    registers: [registry],
  });
  new Gauge({
    name: 'falcon_session_cache_listening',
    help: 'Whether session checks are kept (1: listening for changes; 0: every request reads the database).',
    registers: [registry],
    collect() {
      this.set(sessions().active ? 1 : 0);
    },
  });
  new Gauge({
    name: 'falcon_session_cache_entries',
    help: 'Session checks kept in memory.',
    registers: [registry],
    collect() {
      this.set(sessions().size);
    },
  });
  const client = (db as unknown as { $client: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : undefined;
  new Gauge({
    name: 'falcon_db_info',
    help: 'The database engine (postgres: a pg pool; pglite: embedded, one connection, no pool).',
    labelNames: ['engine'] as const,
    registers: [registry],
    collect() {
      this.set({ engine: pool ? 'postgres' : 'pglite' }, 1);
    },
  });
  if (pool) {
    const wait = new Histogram({
      name: 'falcon_db_pool_acquire_seconds',
      help: 'How long a query waited for a connection of the pool.',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers: [registry],
    });
    timeConnections(pool, wait);
    new Gauge({
      name: 'falcon_db_pool_connections',
      help: 'Connections of the pool: in use, idle; waiting: queries waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'falcon_db_pool_max',
      help: 'The most connections the pool opens.',
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }
  new Gauge({
    name: 'falcon_jobs',
    help: 'Background jobs by job and state: queued (created, retry: waiting for a worker) and active.',
    labelNames: ['job', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const result = (await (client as { query: (text: string) => Promise<unknown> }).query(
          `select name, case when state = 'active' then 'active' else 'queued' end as state, count(*)::int as n
           from pgboss.job where state in ('created', 'retry', 'active') group by 1, 2`,
        )) as { rows: { name: string; state: string; n: number }[] };
        for (const row of result.rows) this.set({ job: row.name, state: row.state }, row.n);
      } catch {
        // pg-boss's schema is not there yet (the queue has not started) or the database is away.
      }
    },
  });

  return {
    requestFinished: (method, route, status, seconds) =>
      requests.observe({ method, route, status: String(status) }, seconds),
    signInFailed: (backoffStarted) => {
      failures.inc();
      if (backoffStarted) backoffs.inc();
    },
    signInRefused: () => refused.inc(),
    jobFinished: (job, outcome, seconds) => jobs.observe({ job, outcome }, seconds),
    text: async () => `${await processMetrics().metrics()}\n${await registry.metrics()}`,
    contentType: registry.contentType,
  };
};
