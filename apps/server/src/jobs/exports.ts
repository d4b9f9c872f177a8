import { DELIVERY_STATES, type ExportJob, type ExportRequest, type Language } from '@falcon/api-client';
import { and, asc, eq, gt, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Auth, loadGrants } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { writeContainersXlsx, XLSX_MIME } from '../exports/xlsx';
import { newId } from '../ids';
import { checkSearchRights, containerFor, searchParts } from '../services/containers';
import { writeProtocol } from '../services/protocol';
import { storeFile } from '../services/stored-files';

type JobRow = typeof t.exportJobs.$inferSelect;
type Request = z.output<typeof ExportRequest>;

export const jobView = (j: JobRow): ExportJob => ({
  id: j.id,
  kind: j.kind,
  scopeCode: j.scopeCode,
  scopeName: j.scopeName,
  state: j.state,
  filename: j.filename,
  rowCount: j.rowCount,
  size: j.size,
  createdAt: j.createdAt.toISOString(),
  finishedAt: j.finishedAt ? j.finishedAt.toISOString() : null,
  error: j.error,
});

/** Wakes the worker of this process at once; other instances find the job on their next poll. */
const listeners = new Set<() => void>();

/** Queues an export of a search: the worker writes the file; the Exports page shows the job. */
export const enqueueExport = async (
  db: Db,
  auth: Auth,
  kind: ExportJob['kind'],
  scope: { code: string; name: string },
  request: Request,
  now: Date,
  /** The language of the xlsx (the request's `lang`); the owner's profile language by default. */
  language: Language = auth.user.language,
): Promise<ExportJob> => {
  // Filters and sort over hidden fields are refused now (403), not later as a failed job.
  checkSearchRights(auth, request.filters, request.sortField);
  const [row] = await db
    .insert(t.exportJobs)
    .values({
      id: newId('X'),
      ownerUserId: auth.user.id,
      kind,
      scopeCode: scope.code,
      scopeName: scope.name,
      state: 'queued',
      filename: `Export_${scope.code}_${now.toISOString().slice(0, 10)}.xlsx`,
      language,
      request: request as unknown as Record<string, unknown>,
      createdAt: now,
    })
    .returning();
  const job = row as JobRow;
  await writeProtocol(
    db,
    {
      username: auth.user.username,
      type: 'export',
      objectType: kind,
      objectId: scope.code,
      locationCode: kind === 'location' ? scope.code : null,
      summary: `export of ${scope.code} queued`,
      after: { jobId: job.id },
    },
    now,
  );
  for (const wake of listeners) wake();
  return jobView(job);
};

// --- the export of one job ----------------------------------------------------------------------

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** The spec's export state filter (customer article, obligation acceptance, delivery state). */
const stateFilterSql = (filter: Request['stateFilter']): SQL | undefined => {
  if (!filter) return undefined;
  const value = filter.value?.trim() ?? '';
  switch (filter.type) {
    case 'customer_article':
      return value
        ? ilike(t.containers.customerPartNumber, `%${value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
        : undefined;
    case 'obligation_acceptance':
      return eq(t.containers.obligatory, value !== 'false');
    case 'delivery_status': {
      if (!value) return undefined;
      const state = DELIVERY_STATES.find((s) => normalise(s) === normalise(value));
      return state ? inArray(t.containers.deliveryStatus, [state]) : sql`false`;
    }
    default:
      return undefined;
  }
};

/** Rows are read a page at a time (ordered by the search's order, place code last: unique). */
const PAGE = 2_000;

/** The owner as the export sees it: its current grants (a revoked field permission is honoured). */
const ownerAuth = async (db: Db, userId: string): Promise<Auth | null> => {
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  if (!user) return null;
  const grants = await loadGrants(db, user.id, user.scopeAll);
  return { sessionId: '', impersonatedBy: null, user, ...grants } as Auth;
};

export const runExport = async (db: Db, job: JobRow, signal?: AbortSignal, pageSize = PAGE) => {
  const auth = await ownerAuth(db, job.ownerUserId);
  if (!auth) throw new Error('The owner of the export no longer exists.');
  const request = job.request as unknown as Request;
  const pool =
    job.kind === 'location'
      ? eq(t.containers.locationCode, job.scopeCode)
      : eq(t.containers.branchCode, job.scopeCode);
  const { where, orderBy } = searchParts(auth, and(pool, stateFilterSql(request.stateFilter)) as SQL, {
    query: request.searchTerm ?? '',
    filters: request.filters ?? {},
    sortField: request.sortField ?? 'relevance',
    sortAsc: request.sortAsc ?? false,
  });
  // Without a query or sort the order is the place code alone (unique): pages continue after the last
  // one seen instead of skipping an ever larger offset.
  const byPlace = (request.sortField ?? 'relevance') === 'relevance' && !(request.searchTerm ?? '').trim();
  async function* containers() {
    let last: string | undefined;
    for (let offset = 0; ; offset += pageSize) {
      const rows = await db
        .select()
        .from(t.containers)
        .where(byPlace && last !== undefined ? and(where, gt(t.containers.placeCode, last)) : where)
        .orderBy(...orderBy)
        .limit(pageSize)
        .offset(byPlace ? 0 : offset);
      for (const row of rows) yield containerFor(auth as Auth, row);
      if (rows.length < pageSize) return;
      last = rows[rows.length - 1]?.placeCode;
    }
  }
  return writeContainersXlsx({
    containers: containers(),
    granted: auth.permissions,
    // Headers, yes/no and delivery states in the owner's language (shared labels of the contract).
    language: job.language,
    sheetName: job.scopeCode,
    timeZone: 'Europe/Berlin',
    ...(signal ? { signal } : {}),
  });
};

// --- the worker -----------------------------------------------------------------------------------

export interface ExportWorkerOptions {
  db: Db;
  now?: () => Date;
  /** How often the queue is polled when idle (other instances' jobs). */
  pollMs?: number;
  /** A running job whose heartbeat is older than this belongs to a dead process: it is taken again. */
  staleMs?: number;
  heartbeatMs?: number;
  maxAttempts?: number;
  log?: {
    error: (obj: unknown, msg: string) => void;
    warn: (obj: unknown, msg: string) => void;
    info?: (obj: unknown, msg: string) => void;
  };
}

export interface ExportWorker {
  wake: () => void;
  /** Stops taking jobs, aborts the running one and puts it back in the queue. */
  stop: () => Promise<void>;
}

/**
 * Claims the oldest queued job (or a running one whose process died) with FOR UPDATE SKIP
 * LOCKED, so each job is produced by exactly one instance.
 */
export const claimJob = async (
  db: Db,
  now: Date,
  staleMs: number,
  maxAttempts: number,
): Promise<JobRow | null> =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    for (;;) {
      const [job] = await tx
        .select()
        .from(t.exportJobs)
        .where(
          or(
            eq(t.exportJobs.state, 'queued'),
            and(
              eq(t.exportJobs.state, 'running'),
              or(
                isNull(t.exportJobs.heartbeatAt),
                lt(t.exportJobs.heartbeatAt, new Date(now.getTime() - staleMs)),
              ),
            ),
          ),
        )
        .orderBy(asc(t.exportJobs.createdAt), asc(t.exportJobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return null;
      if (job.attempts >= maxAttempts) {
        await tx
          .update(t.exportJobs)
          .set({ state: 'failed', finishedAt: now, error: `gave up after ${job.attempts} attempts` })
          .where(eq(t.exportJobs.id, job.id));
        continue;
      }
      const [claimed] = await tx
        .update(t.exportJobs)
        .set({ state: 'running', startedAt: now, heartbeatAt: now, attempts: job.attempts + 1, error: null })
        .where(eq(t.exportJobs.id, job.id))
        .returning();
      return claimed ?? null;
    }
  });

/** Marks a claimed job; only while it is still this attempt's (a reclaimed job is not touched twice). */
const mine = (job: JobRow) =>
  and(
    eq(t.exportJobs.id, job.id),
    eq(t.exportJobs.state, 'running'),
    eq(t.exportJobs.attempts, job.attempts),
  );

export const startExportWorker = (options: ExportWorkerOptions): ExportWorker => {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1_000;
  const staleMs = options.staleMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1_000, Math.floor(staleMs / 4));
  const maxAttempts = options.maxAttempts ?? 3;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let sleeping: (() => void) | undefined;
  const wake = () => sleeping?.();
  listeners.add(wake);

  const sleep = () =>
    new Promise<void>((resolve) => {
      sleeping = resolve;
      timer = setTimeout(resolve, pollMs);
    }).finally(() => {
      sleeping = undefined;
      clearTimeout(timer);
    });

  const runOne = async (job: JobRow) => {
    // One line per claim and per finished file: which instance produced which job (operations, scale-out test).
    options.log?.info?.({ job: job.id, attempt: job.attempts }, 'export claimed');
    const beat = setInterval(() => {
      db.update(t.exportJobs)
        .set({ heartbeatAt: now() })
        .where(mine(job))
        .catch((error: unknown) => options.log?.warn({ err: error, job: job.id }, 'export heartbeat failed'));
    }, heartbeatMs);
    try {
      const result = await runExport(db, job, controller.signal);
      const buffer = result.buffer ?? Buffer.alloc(0);
      const stored = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [still] = await tx.select().from(t.exportJobs).where(mine(job)).for('update');
        if (!still) return null;
        const fileId = await storeFile(
          tx,
          { filename: job.filename, contentType: XLSX_MIME, content: buffer },
          now(),
        );
        await tx
          .update(t.exportJobs)
          .set({
            state: 'done',
            fileId,
            rowCount: result.rowCount,
            size: buffer.byteLength,
            finishedAt: now(),
            error: null,
          })
          .where(mine(job));
        return fileId;
      });
      if (stored) options.log?.info?.({ job: job.id, rows: result.rowCount, fileId: stored }, 'export done');
    } catch (error) {
      if (controller.signal.aborted) {
        // Shutdown: back into the queue, the next start (or another instance) produces it.
        await db
          .update(t.exportJobs)
          .set({
            state: 'queued',
            startedAt: null,
            heartbeatAt: null,
            attempts: Math.max(0, job.attempts - 1),
          })
          .where(mine(job))
          .catch(() => undefined);
        return;
      }
      options.log?.error({ err: error, job: job.id }, 'export failed');
      await db
        .update(t.exportJobs)
        .set({
          state: 'failed',
          finishedAt: now(),
          error: error instanceof Error ? error.message.slice(0, 500) : 'export failed',
        })
        .where(mine(job))
        .catch(() => undefined);
    } finally {
      clearInterval(beat);
    }
  };

  const loop = async () => {
    while (!controller.signal.aborted) {
      let job: JobRow | null = null;
      try {
        job = await claimJob(db, now(), staleMs, maxAttempts);
      } catch (error) {
        // The database may be away for a moment: try again on the next poll.
        if (!controller.signal.aborted) options.log?.warn({ err: error }, 'export queue unavailable');
      }
      if (job) await runOne(job);
      else if (!controller.signal.aborted) await sleep();
    }
  };
  const running = loop();

  return {
    wake,
    stop: async () => {
      listeners.delete(wake);
      controller.abort(new Error('The server is shutting down.'));
      wake();
      await running;
    },
  };
};
