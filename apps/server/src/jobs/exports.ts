import {
  checkSearchRights,
  DELIVERY_STATES,
  type ExportJob,
  type ExportRequest,
  type Language,
  labelsFor,
  protocolEntry,
  type WorklistFilter,
  worklistExportTable,
} from '@falcon/api-client';
import { and, eq, gt, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Auth, loadGrants } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { writeTableXlsx } from '../exports/table-xlsx';
import { writeContainersXlsx, XLSX_MIME } from '../exports/xlsx';
import { newId } from '../ids';
import { containerFor, searchParts } from '../services/containers';
import { writeProtocol } from '../services/protocol';
import { wholeWorklist, worklistScope } from '../services/worklist';
import { defineJob, isShutdown, type JobContext, type JobQueue } from './queue';

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

/** Queues an export of a search: the export job writes the file; the Exports page shows the row. */
export const enqueueExport = async (
  jobs: JobQueue,
  db: Db,
  auth: Auth,
  kind: ExportJob['kind'],
  scope: { code: string; name: string },
  /** A search (location, branch, concern) or the worklist's filter (`worklist`). */
  request: Request | WorklistFilter,
  now: Date,
  /** The language of the xlsx (the request's `lang`); the owner's profile language by default. */
  language: Language = auth.user.language,
): Promise<ExportJob> => {
  // Filters and sort over hidden fields are refused now (403), not later as a failed job.
  if (kind !== 'worklist')
    checkSearchRights(auth.permissions, (request as Request).filters, (request as Request).sortField);
  const day = now.toISOString().slice(0, 10);
  // The row the user sees and the queued job are written in one transaction: neither exists alone.
  const job = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .insert(t.exportJobs)
      .values({
        id: newId('X'),
        ownerUserId: auth.user.id,
        kind,
        scopeCode: scope.code,
        scopeName: scope.name,
        state: 'queued',
        filename:
          kind === 'worklist'
            ? `Worklist${scope.code ? `_${scope.code}` : ''}_${day}.xlsx`
            : `Export_${scope.code}_${day}.xlsx`,
        language,
        request: request as unknown as Record<string, unknown>,
        createdAt: now,
      })
      .returning();
    const queued = row as JobRow;
    await writeProtocol(tx, protocolEntry.exportQueued(auth.user.username, kind, scope.code, queued.id), now);
    await jobs.enqueue(exportJob, { exportId: queued.id }, { tx });
    return queued;
  });
  jobs.wake(exportJob);
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
  if (job.kind === 'worklist') return runWorklistExport(db, auth, job, signal);
  const request = job.request as unknown as Request;
  const pool = eq(
    job.kind === 'location'
      ? t.containers.locationCode
      : job.kind === 'concern'
        ? t.containers.concernCode
        : t.containers.branchCode,
    job.scopeCode,
  );
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

/**
 * The reorder worklist as the owner sees it now (its scope and fields today, the filter it asked for):
 * the columns of `worklistExportTable`, in the owner's language.
 */
const runWorklistExport = async (db: Db, auth: Auth, job: JobRow, signal?: AbortSignal) => {
  const filter = job.request as WorklistFilter;
  const where = await worklistScope(db, auth, filter);
  const labels = labelsFor(job.language);
  const { header } = worklistExportTable([], labels, auth.permissions);
  const now = new Date();
  async function* rows() {
    for await (const item of wholeWorklist(db, where, now))
      yield worklistExportTable([item], labels, auth.permissions).rows[0] as (string | number)[];
  }
  return writeTableXlsx({
    header,
    rows: rows(),
    sheetName: labels.worklist.title,
    ...(signal ? { signal } : {}),
  });
};

// --- the job ------------------------------------------------------------------------------------

/** Marks a claimed row; only while it is still this run's (a row taken over by a later run is not touched). */
const mine = (job: JobRow) =>
  and(
    eq(t.exportJobs.id, job.id),
    eq(t.exportJobs.state, 'running'),
    eq(t.exportJobs.attempts, job.attempts),
  );

/**
 * Produces one export. `export_jobs` is what the user sees: the run claims its row (running, one more
 * attempt), and stores the file and `done` only while the row is still its own, so a job delivered
 * twice (a run taken over after its worker was lost) shows one result. Shutdown hands the row back
 * (queued, the attempt given back); a failed run leaves it queued for the retry, the last one failed.
 */
const produceExport = async (exportId: string, job: JobContext) => {
  const { db, now, log, signal, files } = job;
  const [claimed] = await db
    .update(t.exportJobs)
    .set({ state: 'running', startedAt: now(), attempts: sql`${t.exportJobs.attempts} + 1`, error: null })
    .where(and(eq(t.exportJobs.id, exportId), inArray(t.exportJobs.state, ['queued', 'running'])))
    .returning();
  // Done, failed or deleted with its owner: a job delivered again after its result was stored.
  if (!claimed) return;
  // One line per claim and per finished file: which instance produced which job (operations, scale-out test).
  log.info({ job: claimed.id, attempt: claimed.attempts }, 'export claimed');
  try {
    const result = await runExport(db, claimed, signal);
    const buffer = result.buffer ?? Buffer.alloc(0);
    const stored = await files.transaction(db, async (tx) => {
      const [still] = await tx.select().from(t.exportJobs).where(mine(claimed)).for('update');
      if (!still) return null;
      const fileId = await files.put(
        tx,
        { filename: claimed.filename, contentType: XLSX_MIME, content: buffer },
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
        .where(mine(claimed));
      return fileId;
    });
    if (stored) log.info({ job: claimed.id, rows: result.rowCount, fileId: stored }, 'export done');
  } catch (error) {
    const handBack = isShutdown(signal);
    const final = !handBack && job.lastAttempt;
    const message = signal.aborted ? (signal.reason as Error).message : (error as Error).message;
    await db
      .update(t.exportJobs)
      .set(
        final
          ? { state: 'failed', finishedAt: now(), error: message.slice(0, 500) }
          : // Back in the queue; a hand-back (shutdown) does not count as an attempt.
            {
              state: 'queued',
              startedAt: null,
              attempts: handBack ? Math.max(0, claimed.attempts - 1) : claimed.attempts,
            },
      )
      .where(mine(claimed))
      .catch(() => undefined);
    throw error;
  }
};

/**
 * The export job: one run produces one file (retried up to 3 times; a run may take 10 minutes, so a
 * job whose instance died is taken again about 11 minutes later, at once on PGlite's next start).
 */
export const exportJob = defineJob({
  name: 'export',
  payload: z.object({ exportId: z.string().min(1) }),
  settings: { retryLimit: 3, timeoutSeconds: 10 * 60 },
  run: ({ exportId }, job) => produceExport(exportId, job),
  // Every try failed or was lost: the row says so (unless a run stored its file meanwhile).
  gaveUp: async ({ exportId }, reason, { db, now }) => {
    await db
      .update(t.exportJobs)
      .set({ state: 'failed', finishedAt: now(), error: reason.slice(0, 500) })
      .where(and(eq(t.exportJobs.id, exportId), inArray(t.exportJobs.state, ['queued', 'running'])));
  },
});
