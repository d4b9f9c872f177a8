import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { createMailer, type Mailer } from '../mail/transport';
import { createFileStorage, type FileStorage } from '../services/stored-files';
import { bossDb, bossTx } from './boss-db';

/**
 * Background jobs on pg-boss (docs/adr/0001-job-queue.md): the jobs live in the app's own database
 * (schema `pgboss`, PGlite or PostgreSQL), so they survive restarts and every instance sharing the
 * database takes from one queue. pg-boss claims (FOR UPDATE SKIP LOCKED), retries, expires the runs
 * of lost workers, schedules by cron and cleans up; this module gives jobs a typed definition and runs
 * them: awaited completion, an AbortSignal for timeouts and shutdown, hand-back on SIGTERM.
 */

interface JobSettings {
  /** Tries after the first one when a run fails, times out, is handed back or its worker is lost. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay (with jitter) on each retry. */
  retryBackoff: boolean;
  /**
   * How long one run may take: then its signal aborts. The job's lease is a little longer; a job
   * whose worker died is taken again by any instance once the lease is over.
   */
  timeoutSeconds: number;
  /** Runs of this job at once in one process. */
  concurrency: number;
  /**
   * How often an idle worker of this job looks for runs enqueued by other instances or by cron (its own
   * process's enqueues wake it at once); the queue's `pollSeconds` when one is given (tests), else 2 s.
   */
  pollSeconds?: number;
  /** Enqueued by cron (pg-boss's timekeeper: one instance enqueues per tick). */
  schedule?: { cron: string; timeZone: string };
}

const DEFAULT_SETTINGS: JobSettings = {
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  timeoutSeconds: 15 * 60,
  concurrency: 1,
};

/** The lease: the timeout plus a tenth (at least a second), so a live run is aborted before it ends. */
const leaseSeconds = (settings: JobSettings) =>
  settings.timeoutSeconds + Math.max(1, Math.ceil(settings.timeoutSeconds / 10));

export interface JobLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** Why a run's signal aborted: the process stops (hand the job back) or the run took too long. */
export class JobAborted extends Error {
  constructor(
    readonly why: 'shutdown' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'JobAborted';
  }
}

export const isShutdown = (signal: AbortSignal) =>
  signal.aborted && signal.reason instanceof JobAborted && signal.reason.why === 'shutdown';

export interface JobContext {
  db: Db;
  files: FileStorage;
  /** Sends the outbox's mail (mail/transport.ts). */
  mailer: Mailer;
  /** The queue itself: a job that writes mail enqueues its sending in the same transaction. */
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>;
  now: () => Date;
  log: JobLog;
  /**
   * Aborts when the run exceeds its timeout or the process stops. Finish at once or throw: a thrown
   * run is tried again (on shutdown: by the next start or another instance).
   */
  signal: AbortSignal;
  /** pg-boss's id of the job. */
  jobId: string;
  /** 1 for the first run. */
  attempt: number;
  /** When this run fails, the job is not tried again. */
  lastAttempt: boolean;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** The queue's name: stable, it is stored with every job. */
  name: string;
  /** Checked when enqueued and again when run (the payload is stored as JSON). */
  payload: S;
  settings?: Partial<Omit<JobSettings, 'schedule'>> & { schedule?: { cron: string; timeZone?: string } };
  /** The work. Runs again on retry, and a job may be delivered again after its worker was lost: idempotent. */
  run: (payload: z.output<S>, job: JobContext) => Promise<void>;
  /** Once, when the job will not be tried again (its last run failed, was handed back or was lost). */
  gaveUp?: (payload: z.output<S>, reason: string, job: JobContext) => Promise<void>;
}

export const defineJob = <S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> => job;

// biome-ignore lint/suspicious/noExplicitAny: a list of jobs with different payloads
type AnyJob = JobDefinition<any>;

export interface JobQueueOptions {
  db: Db;
  /** Where the jobs store files (default: the database). */
  files?: FileStorage;
  /** How mail leaves (default: kept for the developers' page, nothing sent). */
  mailer?: Mailer;
  now?: () => Date;
  log: JobLog;
  jobs?: readonly AnyJob[];
  /** Whether this process runs jobs; without, it only enqueues them (other instances run them). */
  work?: boolean;
  /** How often an idle worker looks for jobs enqueued by other instances (its own wake it at once). */
  pollSeconds?: number;
  /** How often pg-boss expires lost runs and archives old jobs (one instance per interval does it). */
  maintenanceSeconds?: number;
  /** How often the cron schedules are checked. */
  cronSeconds?: number;
  /** How long stop() waits for aborted runs to settle. */
  stopTimeoutMs?: number;
  /** Told when a run ends (metrics): the queue, its outcome and how long it ran. */
  onFinished?: (queue: string, outcome: 'done' | 'failed' | 'handed_back', seconds: number) => void;
}

export interface JobQueue {
  /** Adds a job before start(). */
  register: (job: AnyJob) => void;
  /** Installs or migrates pg-boss's schema, creates the queues, and starts the workers; may be retried. */
  start: () => Promise<void>;
  /**
   * Enqueues a job; with `tx`, in that transaction (call wake() after it commits). Returns pg-boss's id.
   */
  enqueue: <S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    options?: { tx?: Db },
  ) => Promise<string>;
  /** Lets this process's idle workers of a job look for it now. */
  wake: (job: AnyJob) => void;
  /** Stops taking jobs, aborts running ones (they finish or are handed back) and waits for them. */
  stop: () => Promise<void>;
}

const gaveUpQueue = (name: string) => `${name}-gave-up`;

/** PGlite data directories opened by this process whose orphaned runs were given back. */
const recovered = new WeakSet<object>();

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'failed';

/** The reason pg-boss stored with a failed job: ours ({ message }) or its timeout's ({ value: { message } }). */
const reasonOf = (output: unknown): string => {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = o?.message ?? o?.value?.message;
  return typeof message === 'string' ? message : 'failed';
};

/**
 * Creates a queue unless it exists, then applies the settings (createQueue leaves an existing queue as
 * it is). Two instances creating the same new queue at once can deadlock inside pg-boss's
 * create_queue (its partition's foreign key locks the queue table the other one inserts into):
 * PostgreSQL aborts one of them, which finds the queue made by the other on its next try.
 */
const ensureQueue = async (boss: PgBoss, queue: PgBoss.Queue) => {
  for (let attempt = 1; !(await boss.getQueue(queue.name)); attempt++) {
    try {
      await boss.createQueue(queue.name, queue);
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
    }
  }
  await boss.updateQueue(queue.name, queue);
};

interface Fetched {
  id: string;
  data: unknown;
  retryCount: number;
  retryLimit: number;
  expireInSeconds: number | string;
  output?: unknown;
}

export const createJobQueue = (options: JobQueueOptions): JobQueue => {
  const log = options.log;
  const now = options.now ?? (() => new Date());
  const files = options.files ?? createFileStorage();
  const mailer =
    options.mailer ??
    createMailer({ smtp: undefined, devMailbox: true, from: 'Falcon <falcon@localhost>', publicUrl: '' });
  const pollMs = (options.pollSeconds ?? 2) * 1000;
  const pollMsOf = (settings: JobSettings) =>
    options.pollSeconds === undefined && settings.pollSeconds !== undefined
      ? settings.pollSeconds * 1000
      : pollMs;
  const jobs = new Map<string, AnyJob>();
  for (const job of options.jobs ?? []) jobs.set(job.name, job);
  const settingsOf = (job: AnyJob): JobSettings => ({
    ...DEFAULT_SETTINGS,
    ...job.settings,
    ...(job.settings?.schedule
      ? { schedule: { timeZone: 'Europe/Berlin', ...job.settings.schedule } }
      : { schedule: undefined }),
  });

  const db = bossDb(options.db);
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let stopping = false;
  const loops: Promise<void>[] = [];
  const running = new Set<AbortController>();
  /** Idle workers by queue name: resolving one ends its sleep. */
  const sleepers = new Map<string, Set<() => void>>();

  const wakeQueue = (name: string) => {
    for (const wake of sleepers.get(name) ?? []) wake();
  };
  const sleep = (name: string, ms: number) =>
    new Promise<void>((resolve) => {
      const set = sleepers.get(name) ?? new Set();
      sleepers.set(name, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });

  /** Runs one fetched job and records the outcome with pg-boss. */
  const runOne = async (
    boss: PgBoss,
    queue: string,
    found: Fetched,
    timeoutSeconds: number,
    work: (job: JobContext) => Promise<void>,
  ): Promise<boolean> => {
    const started = Date.now();
    const controller = new AbortController();
    running.add(controller);
    // Fetched while stop() began: handed back at once, like the runs stop() aborted.
    if (stopping) controller.abort(new JobAborted('shutdown', 'The server is shutting down.'));
    const timer = setTimeout(
      () => controller.abort(new JobAborted('timeout', `The job took longer than ${timeoutSeconds} s.`)),
      timeoutSeconds * 1000,
    );
    const attempt = found.retryCount + 1;
    let failure: string | undefined;
    try {
      await work({
        db: options.db,
        files,
        mailer,
        jobs: self,
        now,
        log,
        signal: controller.signal,
        jobId: found.id,
        attempt,
        lastAttempt: found.retryCount >= found.retryLimit,
      });
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      failure = messageOf(reason);
      if (!isShutdown(controller.signal))
        log.warn({ err: error, queue, jobId: found.id, attempt }, `job failed: ${failure}`);
    } finally {
      clearTimeout(timer);
      running.delete(controller);
    }
    options.onFinished?.(
      queue,
      failure === undefined ? 'done' : isShutdown(controller.signal) ? 'handed_back' : 'failed',
      (Date.now() - started) / 1000,
    );
    // A run that outlived its lease (a stalled process) may have been taken over meanwhile: its
    // outcome would land on the other instance's run. The job's own state decides (handlers are idempotent).
    if (Date.now() - started >= Number(found.expireInSeconds) * 1000) {
      log.warn({ queue, jobId: found.id }, 'job outlived its lease: its outcome is not recorded');
      return false;
    }
    try {
      if (failure === undefined) await boss.complete(queue, found.id);
      else await boss.fail(queue, found.id, { message: failure });
    } catch (error) {
      // The database is away: the job stays active and is taken again when its lease ends.
      log.warn({ err: error, queue, jobId: found.id }, 'job outcome not recorded');
    }
    return failure === undefined;
  };

  const workLoop = async (boss: PgBoss, job: AnyJob, settings: JobSettings) => {
    while (!stopping) {
      const [found] = (await boss.fetch(job.name, { includeMetadata: true })) as unknown as Fetched[];
      if (!found) {
        if (!stopping) await sleep(job.name, pollMsOf(settings));
        continue;
      }
      const ok = await runOne(boss, job.name, found, settings.timeoutSeconds, (context) =>
        job.run(job.payload.parse(found.data), context),
      );
      // The last run failed: pg-boss moved the job to the gave-up queue.
      if (!ok && found.retryCount >= found.retryLimit && job.gaveUp) wakeQueue(gaveUpQueue(job.name));
    }
  };

  const gaveUpLoop = async (boss: PgBoss, job: AnyJob, settings: JobSettings) => {
    const queue = gaveUpQueue(job.name);
    while (!stopping) {
      const [found] = (await boss.fetch(queue, { includeMetadata: true })) as unknown as Fetched[];
      if (!found) {
        // Rare (another instance's maintenance found a lost last run): polled less often.
        if (!stopping) await sleep(queue, pollMsOf(settings) * 10);
        continue;
      }
      await runOne(boss, queue, found, settings.timeoutSeconds, (context) =>
        (job.gaveUp as NonNullable<AnyJob['gaveUp']>)(
          job.payload.parse(found.data),
          reasonOf(found.output),
          context,
        ),
      );
    }
  };

  /**
   * A PGlite data directory is open in one process only: runs still active when this process opened
   * it belong to one that is gone. They are tried again now instead of when their lease ends.
   */
  const recoverOrphans = async (boss: PgBoss) => {
    const client = (options.db as unknown as { $client: object }).$client;
    if (recovered.has(client)) return;
    recovered.add(client);
    const { rows } = (await db.executeSql("SELECT name, id FROM pgboss.job WHERE state = 'active'", [])) as {
      rows: { name: string; id: string }[];
    };
    for (const { name, id } of rows) {
      await boss.fail(name, id, { message: 'The process running the job stopped.' });
      log.warn({ queue: name, jobId: id }, 'job of a stopped process given back');
    }
  };

  /** Installs or migrates the schema, creates the queues and starts the workers (once). */
  const begin = async () => {
    const all = [...jobs.values()];
    const scheduled = all.filter((job) => job.settings?.schedule);
    const started = new PgBoss({
      db,
      schema: 'pgboss',
      migrate: true,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
      // The timekeeper (clock skew, cron checks, its own worker) only runs when a job has a schedule.
      schedule: scheduled.length > 0,
      cronMonitorIntervalSeconds: options.cronSeconds ?? 30,
      cronWorkerIntervalSeconds: Math.min(options.cronSeconds ?? 5, 5),
    });
    started.on('error', (error: unknown) => log.warn({ err: error }, 'job queue error'));
    try {
      await started.start();
      await prepare(started, all, scheduled);
    } catch (error) {
      // Nothing half-started stays behind (timers), so start() can be tried again.
      await started.stop({ graceful: false, close: false }).catch(() => undefined);
      throw error;
    }
    boss = started;

    // No workers in a process that only enqueues, nor when stop() came while starting.
    if (options.work === false || stopping) return;
    for (const job of all) {
      const settings = settingsOf(job);
      for (let n = 0; n < settings.concurrency; n++) loops.push(workLoop(started, job, settings));
      if (job.gaveUp) loops.push(gaveUpLoop(started, job, settings));
    }
  };

  /** Orphans, queues, schedules and expired leases, once pg-boss's schema is there. */
  const prepare = async (started: PgBoss, all: AnyJob[], scheduled: AnyJob[]) => {
    if (db.engine === 'pglite') await recoverOrphans(started);

    for (const job of all) {
      const settings = settingsOf(job);
      const queueOptions = {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: settings.retryBackoff,
        expireInSeconds: leaseSeconds(settings),
      };
      // Created first: the job's queue names it as its dead letter queue.
      if (job.gaveUp) await ensureQueue(started, { ...queueOptions, name: gaveUpQueue(job.name) });
      await ensureQueue(started, {
        ...queueOptions,
        name: job.name,
        ...(job.gaveUp ? { deadLetter: gaveUpQueue(job.name) } : {}),
      });
      if (settings.schedule)
        await started.schedule(job.name, settings.schedule.cron, {}, { tz: settings.schedule.timeZone });
    }
    for (const { name } of await started.getSchedules())
      if (!scheduled.some((job) => job.name === name)) await started.unschedule(name);
    // Leases that ran out while no instance was maintaining (all were down) end now, not in a minute.
    await started.maintain();
  };

  const start = () => {
    if (stopping) return Promise.resolve();
    // A failed start (the database away) may be tried again.
    starting ??= begin().catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  };

  const self: JobQueue = {
    register: (job) => {
      if (starting) throw new Error(`job ${job.name} registered after the queue started`);
      jobs.set(job.name, job);
    },

    start,

    enqueue: async (job, payload, enqueueOptions = {}) => {
      // Not started (the database was away at start): try now; its error is the answer's.
      if (!boss && !stopping) await start();
      if (!boss) throw new Error(`job ${job.name} enqueued while the queue is stopped`);
      if (!jobs.has(job.name)) throw new Error(`job ${job.name} is not registered`);
      const data = job.payload.parse(payload) as object;
      const id = await boss.send(job.name, data, enqueueOptions.tx ? { db: bossTx(enqueueOptions.tx) } : {});
      if (!id) throw new Error(`job ${job.name} was not enqueued`);
      if (!enqueueOptions.tx) wakeQueue(job.name);
      return id;
    },

    wake: (job) => wakeQueue(job.name),

    stop: async () => {
      if (stopping) return;
      stopping = true;
      await starting?.catch(() => undefined);
      if (!boss) return;
      for (const set of sleepers.values()) for (const wake of [...set]) wake();
      for (const controller of running)
        controller.abort(new JobAborted('shutdown', 'The server is shutting down.'));
      let timer: NodeJS.Timeout | undefined;
      const settled = await Promise.race([
        Promise.allSettled(loops).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), options.stopTimeoutMs ?? 10_000);
        }),
      ]);
      clearTimeout(timer);
      if (!settled) log.warn({}, 'jobs still running at stop: they are taken again when their leases end');
      await boss.stop({ graceful: false, close: false });
      await db.settled();
    },
  };
  return self;
};
