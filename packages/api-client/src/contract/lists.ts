import { z } from 'zod';
import {
  Code,
  CodeParams,
  Deleted,
  IdParams,
  IsoDateTime,
  LIST_TYPES,
  ListRequest,
  pageOf,
  UPLOAD_LIMITS,
} from './common';
import { defineEndpoint } from './define';
import { fieldOf } from './fields';
import { ReviewRequest } from './review';

export const BarcodeListRow = z.object({
  line: z.number().int().min(1),
  barcode: fieldOf('barcode', z.string()),
  valid: z.boolean(),
  /** `invalid_barcode` when no container of the location carries it. */
  error: z.enum(['invalid_barcode']).nullable(),
  containerId: z.string().nullable(),
});
export type BarcodeListRow = z.infer<typeof BarcodeListRow>;

export const BarcodeList = z.object({
  id: z.string(),
  locationCode: z.string(),
  filename: z.string(),
  uploadedAt: IsoDateTime,
  uploadedBy: z.string(),
  rowCount: z.number().int(),
  invalidCount: z.number().int(),
  /** Set when a list with the same content was uploaded before (confirmed with `again`). */
  duplicateOf: z.string().nullable(),
});
export type BarcodeList = z.infer<typeof BarcodeList>;
export const BarcodeListDetail = BarcodeList.extend({ rows: z.array(BarcodeListRow) });
export type BarcodeListDetail = z.infer<typeof BarcodeListDetail>;

export const InventoryRow = z.object({
  line: z.number().int().min(1),
  barcode: fieldOf('barcode', z.string()),
  /** The counted quantity: the container's filling quantity once the transfer is approved. */
  quantity: fieldOf('fillingQuantity', z.number().nullable()),
  containerId: z.string().nullable(),
  errors: z.array(z.enum(['invalid_barcode', 'invalid_quantity', 'duplicate_barcode'])),
});
export type InventoryRow = z.infer<typeof InventoryRow>;

export const InventoryList = z.object({
  id: z.string(),
  locationCode: z.string(),
  filename: z.string(),
  uploadedAt: IsoDateTime,
  uploadedBy: z.string(),
  rowCount: z.number().int(),
  errorCount: z.number().int(),
  state: z.enum(['uploaded', 'transferred']),
  reviewRequestId: z.string().nullable(),
});
export type InventoryList = z.infer<typeof InventoryList>;
export const InventoryListDetail = InventoryList.extend({ rows: z.array(InventoryRow) });
export type InventoryListDetail = z.infer<typeof InventoryListDetail>;

/** `again: "true"` confirms uploading a list whose content was uploaded before (else 409 upload_again_required). */
export const ListUploadFields = z.strictObject({
  code: Code.optional(),
  again: z.enum(['true', 'false']).optional(),
});

/** A row of the barcode download (csv): its columns are the fields the caller may see, in this order. */
export const BarcodeDownloadRow = z.object({
  barcode: fieldOf('barcode', z.string()),
  code: fieldOf('code', z.string()),
  articleCode: fieldOf('articleCode', z.string()),
  articleName: fieldOf('articleName', z.string()),
});
export type BarcodeDownloadRow = z.infer<typeof BarcodeDownloadRow>;

const locationByCode = { params: CodeParams, tenant: { kind: 'location', param: 'code' } } as const;
const listUpload = { maxBytes: UPLOAD_LIMITS.listBytes, accept: LIST_TYPES } as const;

export const barcodeLists = {
  list: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/barcodelists',
    summary: "The location's uploaded barcode lists, newest first",
    ...locationByCode,
    body: ListRequest,
    response: pageOf(BarcodeList),
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/barcodelist/upload',
    summary: 'Upload a barcode list (csv/txt/xlsx); every barcode checked against the location',
    ...locationByCode,
    permissions: ['PERM_UPLOADBARCODELISTS'],
    conflicts: ['upload_again_required'],
    body: ListUploadFields,
    multipart: listUpload,
    status: 201,
    response: BarcodeListDetail,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/barcodelist/:id',
    summary: 'One barcode list with its result per row',
    params: IdParams,
    tenant: { kind: 'barcodeList', param: 'id' },
    response: BarcodeListDetail,
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/barcodelist/:id/file',
    summary: 'The uploaded file as it was',
    params: IdParams,
    tenant: { kind: 'barcodeList', param: 'id' },
    permissions: ['PERM_DOWNLOADBARCODELISTS'],
    response: z.instanceof(Blob),
    responseKind: 'binary',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/barcodelist/:id',
    summary: 'Remove a barcode list',
    params: IdParams,
    tenant: { kind: 'barcodeList', param: 'id' },
    permissions: ['PERM_UPLOADBARCODELISTS'],
    response: Deleted,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/barcodes/download',
    summary: "Every barcode of the location's containers (csv of the fields the caller may see)",
    ...locationByCode,
    permissions: ['PERM_DOWNLOADBARCODELISTS'],
    response: z.instanceof(Blob),
    responseKind: 'binary',
    table: BarcodeDownloadRow,
  }),
};

export const inventoryLists = {
  list: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/inventorylists',
    summary: "The location's inventory lists, newest first",
    ...locationByCode,
    body: ListRequest,
    response: pageOf(InventoryList),
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/inventorylist/upload',
    summary: 'Upload an inventory list (barcode;quantity rows) and validate each row',
    ...locationByCode,
    permissions: ['PERM_UPLOADINVENTORYLISTS'],
    conflicts: ['upload_again_required'],
    body: ListUploadFields,
    multipart: listUpload,
    status: 201,
    response: InventoryListDetail,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/inventorylist/:id',
    summary: 'One inventory list with its validation per row',
    params: IdParams,
    tenant: { kind: 'inventoryList', param: 'id' },
    response: InventoryListDetail,
  }),
  transfer: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/inventorylist/:id/transfer',
    summary: 'Transfer a valid inventory list: creates a review request',
    params: IdParams,
    tenant: { kind: 'inventoryList', param: 'id' },
    permissions: ['PERM_TRANSFERINVENTORYLIST'],
    conflicts: ['request_already_reviewed'],
    status: 201,
    response: ReviewRequest,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/inventorylist/:id',
    summary: 'Remove an inventory list not yet transferred',
    conflicts: ['deletion_error'],
    params: IdParams,
    tenant: { kind: 'inventoryList', param: 'id' },
    permissions: ['PERM_UPLOADINVENTORYLISTS'],
    response: Deleted,
  }),
};
