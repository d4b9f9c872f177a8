import {
  type BarcodeList,
  type InventoryList,
  protocolEntry,
  slicePage,
  type TableAnswer,
} from '@falcon/api-client';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb, StoredBarcodeList, StoredInventoryList } from '../db';
import { fail, MockError, notFound } from '../errors';
import { readTable, type TableRow, withoutHeader } from '../tables';
import { requestReview } from './reviews';
import { fileResponse, type HandlerContext, route } from './route';
import { locationFor } from './views';

const summary = <T extends StoredBarcodeList | StoredInventoryList>({
  file: _f,
  fingerprint: _p,
  rows: _r,
  ...rest
}: T) => rest;
const detail = <T extends StoredBarcodeList | StoredInventoryList>({
  file: _f,
  fingerprint: _p,
  ...rest
}: T) => rest;

const readRows = async (file: File): Promise<TableRow[]> => {
  let rows: TableRow[];
  try {
    rows = withoutHeader(await readTable(file));
  } catch {
    throw new MockError(400, 'upload_failed', 'The file could not be read.', { field: 'file' });
  }
  if (!rows.length) throw new MockError(400, 'upload_failed', 'The list is empty.', { field: 'file' });
  return rows;
};

const fingerprintOf = (rows: TableRow[]) => rows.map((r) => r.cells.join(';')).join('\n');

/** A list with the same content uploaded before: 409 upload_again_required unless `again=true`. */
const checkDuplicate = (previous: { id: string } | undefined, again: string | undefined) => {
  if (previous && again !== 'true')
    throw new MockError(409, 'upload_again_required', undefined, {
      field: 'again',
      duplicateOf: previous.id,
    });
  return previous?.id ?? null;
};

const listFor = <T extends { id: string; locationCode: string }>(
  db: MockDb,
  auth: Auth,
  lists: T[],
  id: string,
) => {
  const list = lists.find((l) => l.id === id);
  if (!list || !db.canSeeLocation(auth.scope, list.locationCode)) return notFound();
  return list as T;
};

const stored = async (file: File) => ({
  filename: file.name,
  contentType: file.type || 'text/plain',
  content: new Uint8Array(await file.arrayBuffer()),
});

export const barcodeListsHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'barcodeLists', 'list', ({ db, auth, params, body }) => {
    const location = locationFor(db, auth, params.code);
    const rows = db.files.barcodeLists
      .filter((l) => l.locationCode === location.code)
      .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt) || b.id.localeCompare(a.id));
    const page = slicePage(rows, body.page, body.size);
    return { ...page, items: page.items.map((l): BarcodeList => summary(l)) };
  }),

  route(ctx, 'barcodeLists', 'upload', async ({ db, auth, params, body, file }) => {
    const location = locationFor(db, auth, params.code);
    const upload = file as File;
    const rows = await readRows(upload);
    const fingerprint = fingerprintOf(rows);
    const duplicateOf = checkDuplicate(
      db.files.barcodeLists.find((l) => l.locationCode === location.code && l.fingerprint === fingerprint),
      body.again,
    );
    const checked = rows.map(({ line, cells }) => {
      const barcode = cells[0] ?? '';
      const container = db.containersByBarcode.get(barcode);
      const valid = container?.locationCode === location.code;
      return {
        line,
        barcode,
        valid,
        error: valid ? null : ('invalid_barcode' as const),
        containerId: valid ? (container?.id ?? null) : null,
      };
    });
    const list: StoredBarcodeList = {
      id: db.nextId('BL'),
      locationCode: location.code,
      filename: upload.name,
      uploadedAt: db.now(),
      uploadedBy: auth.user.username,
      rowCount: checked.length,
      invalidCount: checked.filter((r) => !r.valid).length,
      duplicateOf,
      rows: checked,
      file: await stored(upload),
      fingerprint,
    };
    db.files.barcodeLists.push(list);
    db.protocol.log(
      protocolEntry.listUploaded(auth.user.username, 'barcodeList', list, {
        rowCount: list.rowCount,
        failed: list.invalidCount,
      }),
    );
    return detail(list);
  }),

  route(ctx, 'barcodeLists', 'get', ({ db, auth, params }) =>
    detail(listFor(db, auth, db.files.barcodeLists, params.id)),
  ),
  route(ctx, 'barcodeLists', 'file', ({ db, auth, params }) =>
    fileResponse(listFor(db, auth, db.files.barcodeLists, params.id).file),
  ),
  route(ctx, 'barcodeLists', 'remove', ({ db, auth, params }) => {
    const list = listFor(db, auth, db.files.barcodeLists, params.id);
    db.files.barcodeLists = db.files.barcodeLists.filter((l) => l !== list);
    db.protocol.log(protocolEntry.listRemoved(auth.user.username, 'barcodeList', list));
    return { deleted: 1 };
  }),
  route(ctx, 'barcodeLists', 'download', ({ db, auth, params }) => {
    // Every field; the route writes the csv of the columns the caller may see (as the server).
    const location = locationFor(db, auth, params.code);
    const rows = [...(db.containersByLocation.get(location.code) ?? [])]
      .sort((a, b) => a.placeCode.localeCompare(b.placeCode))
      .map((c) => ({
        barcode: c.barcode,
        code: c.code,
        articleCode: c.articleCode,
        articleName: c.articleName,
      }));
    return { filename: `Barcodes_${location.code}.csv`, rows } satisfies TableAnswer;
  }),
];

export const inventoryListsHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'inventoryLists', 'list', ({ db, auth, params, body }) => {
    const location = locationFor(db, auth, params.code);
    const rows = db.files.inventoryLists
      .filter((l) => l.locationCode === location.code)
      .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt) || b.id.localeCompare(a.id));
    const page = slicePage(rows, body.page, body.size);
    return { ...page, items: page.items.map((l): InventoryList => summary(l)) };
  }),

  route(ctx, 'inventoryLists', 'upload', async ({ db, auth, params, body, file }) =>
    uploadInventoryList(db, auth, locationFor(db, auth, params.code), file as File, body.again),
  ),

  route(ctx, 'inventoryLists', 'get', ({ db, auth, params }) =>
    detail(listFor(db, auth, db.files.inventoryLists, params.id)),
  ),

  route(ctx, 'inventoryLists', 'transfer', ({ db, auth, params }) => {
    const list = listFor(db, auth, db.files.inventoryLists, params.id);
    if (list.state === 'transferred')
      return fail(409, 'request_already_reviewed', 'state', 'The list was transferred already.');
    if (list.errorCount > 0)
      return fail(400, 'validation_error', 'rows', 'Only a list without errors can be transferred.');
    const location = locationFor(db, auth, list.locationCode);
    const request = requestReview(db, auth, 'inventorytransfer', location, null, {
      inventoryListId: list.id,
    });
    list.state = 'transferred';
    list.reviewRequestId = request.id;
    return request;
  }),

  route(ctx, 'inventoryLists', 'remove', ({ db, auth, params }) => {
    const list = listFor(db, auth, db.files.inventoryLists, params.id);
    if (list.state === 'transferred')
      throw new MockError(409, 'deletion_error', 'A transferred list stays.', {
        field: 'state',
        reason: 'transferred',
      });
    db.files.inventoryLists = db.files.inventoryLists.filter((l) => l !== list);
    db.protocol.log(protocolEntry.listRemoved(auth.user.username, 'inventoryList', list));
    return { deleted: 1 };
  }),
];

/**
 * An inventory list from a file: checked against the location's containers, stored and protocolled. The
 * upload and a finished count's hand-over (handlers/stocktake.ts) both make their lists here.
 */
export const uploadInventoryList = async (
  db: MockDb,
  auth: Auth,
  location: { code: string },
  file: File,
  again: string | undefined,
) => {
  const upload = file;
  const rows = await readRows(upload);
  const fingerprint = fingerprintOf(rows);
  checkDuplicate(
    db.files.inventoryLists.find((l) => l.locationCode === location.code && l.fingerprint === fingerprint),
    again,
  );
  const seen = new Map<string, number>();
  for (const { cells } of rows) seen.set(cells[0] ?? '', (seen.get(cells[0] ?? '') ?? 0) + 1);
  const checked = rows.map(({ line, cells }) => {
    const barcode = cells[0] ?? '';
    const container = db.containersByBarcode.get(barcode);
    const known = container?.locationCode === location.code;
    const raw = (cells[1] ?? '').replace(',', '.');
    const quantity = raw !== '' && Number.isFinite(Number(raw)) && Number(raw) >= 0 ? Number(raw) : null;
    const errors: ('invalid_barcode' | 'invalid_quantity' | 'duplicate_barcode')[] = [];
    if (!known) errors.push('invalid_barcode');
    if (quantity === null) errors.push('invalid_quantity');
    if ((seen.get(barcode) ?? 0) > 1) errors.push('duplicate_barcode');
    return { line, barcode, quantity, containerId: known ? (container?.id ?? null) : null, errors };
  });
  const list: StoredInventoryList = {
    id: db.nextId('IL'),
    locationCode: location.code,
    filename: upload.name,
    uploadedAt: db.now(),
    uploadedBy: auth.user.username,
    rowCount: checked.length,
    errorCount: checked.filter((r) => r.errors.length).length,
    state: 'uploaded',
    reviewRequestId: null,
    rows: checked,
    file: await stored(upload),
    fingerprint,
  };
  db.files.inventoryLists.push(list);
  db.protocol.log(
    protocolEntry.listUploaded(auth.user.username, 'inventoryList', list, {
      rowCount: list.rowCount,
      failed: list.errorCount,
    }),
  );
  return detail(list);
};
