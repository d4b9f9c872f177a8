import {
  type ExportJob,
  type ExportRequest,
  labelsFor,
  languageOf,
  protocolEntry,
  slicePage,
} from '@falcon/api-client';
import type { DatasetContainer } from '@falcon/demo-data';
import type { Auth, MockDb, StoredExport } from '../db';
import { notFound } from '../errors';
import { writeXlsx, XLSX_TYPE } from '../xlsx';
import { fileResponse, type HandlerContext, route } from './route';
import { exportTable, findContainers, matchesStateFilter } from './search';

const toJob = ({ owner: _o, file: _f, ...job }: StoredExport): ExportJob => job;

/**
 * The mock runs an export at once: the job is created `done` with a real (small, uncompressed)
 * xlsx of the visible columns, headed in the owner's language like the server's. The server queues
 * it and a worker writes it.
 */
export const createExport = (
  db: MockDb,
  auth: Auth,
  kind: ExportJob['kind'],
  scope: { code: string; name: string },
  pool: Iterable<DatasetContainer>,
  request: Required<Omit<ExportRequest, 'stateFilter'>> & Pick<ExportRequest, 'stateFilter'>,
  /** The request's `lang`; the owner's profile language when missing or unknown (as the server). */
  lang?: string | null,
): ExportJob => {
  const found = findContainers(auth, pool, {
    query: request.searchTerm,
    filters: request.filters,
    sortField: request.sortField,
    sortAsc: request.sortAsc,
  }).filter((c) => matchesStateFilter(c, request.stateFilter));
  const labels = labelsFor(languageOf(lang) ?? auth.user.language);
  const { header, rows } = exportTable(auth, found, labels);
  const content = writeXlsx(scope.code, header, rows);
  const at = db.now();
  const job: StoredExport = {
    id: db.nextId('X'),
    kind,
    scopeCode: scope.code,
    scopeName: scope.name,
    state: 'done',
    filename: `Export_${scope.code}_${at.slice(0, 10)}.xlsx`,
    rowCount: rows.length,
    size: content.byteLength,
    createdAt: at,
    finishedAt: at,
    error: null,
    owner: auth.user.username,
    file: null,
  };
  job.file = { filename: job.filename, contentType: XLSX_TYPE, content };
  db.files.exports.push(job);
  db.protocol.log(protocolEntry.exportQueued(auth.user.username, kind, scope.code, job.id));
  return toJob(job);
};

const mine = (db: MockDb, auth: Auth) => db.files.exports.filter((e) => e.owner === auth.user.username);

export const exportsHandlers = (ctx: HandlerContext) => [
  route(ctx, 'exports', 'list', ({ db, auth, body }) => {
    const state = body.filterMap.state;
    const rows = mine(db, auth)
      .filter((e) => !state || e.state === state)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    const page = slicePage(rows, body.page, body.size);
    return { ...page, items: page.items.map(toJob) };
  }),
  route(ctx, 'exports', 'download', ({ db, auth, params }) => {
    const job = mine(db, auth).find((e) => e.id === params.id);
    if (!job?.file) return notFound();
    return fileResponse(job.file);
  }),
];
