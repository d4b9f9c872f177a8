import { z } from 'zod';
import { IdParams, IsoDateTime, ListRequest, pageOf } from './common';
import { defineEndpoint } from './define';

export const ExportState = z.enum(['queued', 'running', 'done', 'failed']);
export type ExportState = z.infer<typeof ExportState>;

export const ExportJob = z.object({
  id: z.string(),
  /** What was exported: a search of a location, branch or concern, or the reorder worklist (`scopeCode` its filter, '' for the whole scope). */
  kind: z.enum(['location', 'branch', 'concern', 'worklist']),
  scopeCode: z.string(),
  scopeName: z.string(),
  state: ExportState,
  filename: z.string(),
  rowCount: z.number().int().nullable(),
  size: z.number().int().nullable(),
  createdAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
  error: z.string().nullable(),
});
export type ExportJob = z.infer<typeof ExportJob>;

export const exportsApi = {
  list: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/exports',
    summary: "The user's export jobs, newest first (filterMap: state)",
    body: ListRequest,
    permissions: ['PERM_EXPORTSEARCHRESULTTOEXCEL'],
    response: pageOf(ExportJob),
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/export/:id/download',
    summary: 'Download a finished export (xlsx)',
    params: IdParams,
    tenant: { kind: 'export', param: 'id' },
    permissions: ['PERM_EXPORTSEARCHRESULTTOEXCEL'],
    response: z.instanceof(Blob),
    responseKind: 'binary',
  }),
};
