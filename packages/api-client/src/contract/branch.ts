import { z } from 'zod';
import { Code, CodeParams, Deleted, IMAGE_TYPES, Ok, UPLOAD_LIMITS } from './common';
import { defineEndpoint } from './define';
import { ExportJob } from './exports';
import { Branch, LocationPosition } from './org';
import { ExportRequest, SEARCH_INPUT_PERMISSIONS, SearchRequest, SearchResult } from './search';

const branchByCode = { params: CodeParams, tenant: { kind: 'branch', param: 'code' } } as const;
const branchByBranchCode = {
  params: z.strictObject({ branchCode: Code }),
  tenant: { kind: 'branch', param: 'branchCode' },
} as const;

export const branch = {
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/branch/:code',
    summary: 'One branch with its locations',
    ...branchByCode,
    response: Branch,
  }),
  map: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/branch/:code/map',
    summary: 'The branch map image (404 when none is uploaded)',
    ...branchByCode,
    response: z.instanceof(Blob),
    responseKind: 'binary',
  }),
  uploadMap: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/branch/:code/map/upload',
    summary: 'Upload the branch map (multipart: code, file)',
    ...branchByCode,
    permissions: ['PERM_EDITBRANCHMAP'],
    body: z.strictObject({ code: Code.optional() }),
    multipart: { maxBytes: UPLOAD_LIMITS.mapBytes, accept: IMAGE_TYPES },
    response: Ok,
  }),
  locationPositions: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/branch/:code/locationpositions',
    summary: 'Location markers on the branch map',
    ...branchByCode,
    response: z.array(LocationPosition),
  }),
  saveLocationPosition: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/branch/:branchCode/locationposition',
    summary: 'Place or move one location marker',
    ...branchByBranchCode,
    permissions: ['PERM_EDITBRANCHMAP'],
    body: LocationPosition,
    response: LocationPosition,
  }),
  deleteLocationPosition: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/branch/:branchCode/locationposition',
    summary: 'Remove one location marker (body names it)',
    ...branchByBranchCode,
    permissions: ['PERM_EDITBRANCHMAP'],
    body: z.strictObject({ locationCode: Code }),
    response: Deleted,
  }),
  deleteLocationPositions: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/branch/:code/locationpositions',
    summary: 'Remove every location marker of the branch',
    ...branchByCode,
    permissions: ['PERM_EDITBRANCHMAP'],
    response: Deleted,
  }),
  search: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/branch/:code/search',
    summary: "Search the branch's containers and articles",
    ...branchByCode,
    inputPermissions: SEARCH_INPUT_PERMISSIONS,
    body: SearchRequest,
    response: SearchResult,
  }),
  exportXlsx: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/branch/:code/export/xlsx',
    summary: 'Queue an Excel export of a branch search',
    ...branchByCode,
    inputPermissions: SEARCH_INPUT_PERMISSIONS,
    permissions: ['PERM_EXPORTSEARCHRESULTTOEXCEL'],
    body: ExportRequest,
    status: 202,
    response: ExportJob,
  }),
};
