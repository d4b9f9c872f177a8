import type {
  BarcodeList,
  BarcodeListDetail,
  InventoryList,
  InventoryListDetail,
  TableAnswer,
} from '@falcon/api-client';
import { ListUploadFields, protocolEntry } from '@falcon/api-client';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError, notFound } from '../errors';
import { barcodeCounts, barcodesToLookUp, checkBarcodes, parseBarcodeList } from '../files/barcodes';
import { newId } from '../ids';
import { thenWakeMail } from '../mail/outbox';
import { writeProtocol } from '../services/protocol';
import { createReview } from '../services/reviews';
import { locationTableScope } from '../services/scope';
import type { FileStorage } from '../services/stored-files';
import { locationFor } from '../services/tree';
import { checkDuplicate, createInventoryList, earlierUpload, storeList } from '../services/uploaded-lists';
import { fileError, readUpload, sendBytes } from '../uploads/multipart';
import { defineRoutes } from './define';

type BarcodeRow = typeof t.barcodeLists.$inferSelect;
type InventoryRowDb = typeof t.inventoryLists.$inferSelect;

const barcodeSummary = (l: BarcodeRow): BarcodeList => ({
  id: l.id,
  locationCode: l.locationCode,
  filename: l.filename,
  uploadedAt: l.uploadedAt.toISOString(),
  uploadedBy: l.uploadedBy,
  rowCount: l.rowCount,
  invalidCount: l.invalidCount,
  duplicateOf: l.duplicateOf,
});
const barcodeDetail = (l: BarcodeRow): BarcodeListDetail => ({ ...barcodeSummary(l), rows: l.rows });

export const inventorySummary = (l: InventoryRowDb): InventoryList => ({
  id: l.id,
  locationCode: l.locationCode,
  filename: l.filename,
  uploadedAt: l.uploadedAt.toISOString(),
  uploadedBy: l.uploadedBy,
  rowCount: l.rowCount,
  errorCount: l.errorCount,
  state: l.state,
  reviewRequestId: l.reviewRequestId,
});

const inventoryDetail = async (db: Db, l: InventoryRowDb): Promise<InventoryListDetail> => {
  const rows = await db
    .select()
    .from(t.inventoryListRows)
    .where(eq(t.inventoryListRows.listId, l.id))
    .orderBy(asc(t.inventoryListRows.line));
  return {
    ...inventorySummary(l),
    rows: rows.map((r) => ({
      line: r.line,
      barcode: r.barcode,
      quantity: r.quantity,
      containerId: r.containerId,
      errors: r.errors,
    })),
  };
};

/** A list of a location in the caller's scope; out of scope answers 404 exactly like missing. */
const barcodeListOf = async (db: Db, auth: Auth, id: string): Promise<BarcodeRow> => {
  const [row] = await db
    .select({ list: t.barcodeLists })
    .from(t.barcodeLists)
    .innerJoin(t.locations, eq(t.locations.code, t.barcodeLists.locationCode))
    .where(and(eq(t.barcodeLists.id, id), locationTableScope(auth.scope)));
  return row?.list ?? notFound();
};

const inventoryListOf = async (db: Db, auth: Auth, id: string): Promise<InventoryRowDb> => {
  const [row] = await db
    .select({ list: t.inventoryLists })
    .from(t.inventoryLists)
    .innerJoin(t.locations, eq(t.locations.code, t.inventoryLists.locationCode))
    .where(and(eq(t.inventoryLists.id, id), locationTableScope(auth.scope)));
  return row?.list ?? notFound();
};

interface Paging {
  page: number;
  size: number;
}

/** Removes an uploaded list, its stored file and writes the protocol entry, in one transaction. */
const removeList = async (
  files: FileStorage,
  db: Db,
  username: string,
  now: Parameters<typeof writeProtocol>[2],
  kind: 'barcodeList' | 'inventoryList',
  list: { id: string; fileId: string; locationCode: string; filename: string },
  deleteRow: (tx: Db) => Promise<unknown>,
): Promise<{ deleted: number }> => {
  await files.transaction(db, async (tx) => {
    await deleteRow(tx);
    await files.delete(tx, list.fileId);
    await writeProtocol(tx, protocolEntry.listRemoved(username, kind, list), now);
  });
  return { deleted: 1 };
};

export const barcodeListsRoutes = defineRoutes('barcodeLists', {
  list: async ({ db, auth, params, body }) => {
    const location = await locationFor(db, auth, params.code);
    return pageOfLists(db, t.barcodeLists, location.code, body, barcodeSummary);
  },

  upload: async ({ db, auth, params, request, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const upload = await readUpload(request, 'barcodeList', ListUploadFields);
    const parsed = await parseBarcodeList(upload.bytes, upload.filename);
    if (!parsed.ok) throw fileError(parsed.error);
    const list = parsed.value;
    const now = ctx.now();
    const previous = await earlierUpload(db, t.barcodeLists, location.code, list.fingerprint);
    const duplicateOf = checkDuplicate(previous, upload.fields.again);
    const codes = barcodesToLookUp(list.rows);
    const found = codes.length
      ? await db
          .select({ id: t.containers.id, barcode: t.containers.barcode })
          .from(t.containers)
          .where(and(eq(t.containers.locationCode, location.code), inArray(t.containers.barcode, codes)))
      : [];
    const rows = checkBarcodes(list.rows, new Map(found.map((c) => [c.barcode, c.id])));
    const counts = barcodeCounts(rows);
    const row = await storeList(
      ctx.files,
      db,
      'barcodeList',
      {
        username: auth.user.username,
        locationCode: location.code,
        sniffed: list.sniffed,
        filename: list.filename,
        bytes: upload.bytes,
        fingerprint: list.fingerprint,
        now,
      },
      async (tx, columns) => {
        const [inserted] = await tx
          .insert(t.barcodeLists)
          .values({
            id: newId('BL'),
            ...columns,
            ...counts,
            duplicateOf,
            rows,
          })
          .returning();
        return inserted as BarcodeRow;
      },
      { rowCount: counts.rowCount, failed: counts.invalidCount },
    );
    return barcodeDetail(row);
  },

  get: async ({ db, auth, params }) => barcodeDetail(await barcodeListOf(db, auth, params.id)),

  file: async ({ db, auth, params, reply, ctx }) => {
    const list = await barcodeListOf(db, auth, params.id);
    const opened = await ctx.files.open(db, list.fileId);
    if (!opened) return notFound();
    return sendBytes(reply, { ...opened!.file, content: opened!.body, filename: list.filename });
  },

  remove: async ({ db, auth, params, ctx }) => {
    const list = await barcodeListOf(db, auth, params.id);
    return removeList(ctx.files, db, auth.user.username, ctx.now(), 'barcodeList', list, (tx) =>
      tx.delete(t.barcodeLists).where(eq(t.barcodeLists.id, list.id)),
    );
  },

  /** Rows of every field; the contract pipeline writes the csv of the columns the caller may see. */
  download: async ({ db, auth, params }) => {
    const location = await locationFor(db, auth, params.code);
    const rows = await db
      .select({
        barcode: t.containers.barcode,
        code: t.containers.code,
        articleCode: t.containers.articleCode,
        articleName: t.containers.articleName,
      })
      .from(t.containers)
      .where(eq(t.containers.locationCode, location.code))
      .orderBy(asc(t.containers.placeCode));
    return { filename: `Barcodes_${location.code}.csv`, rows } satisfies TableAnswer;
  },
});

const pageOfLists = async <R extends BarcodeRow | InventoryRowDb, V>(
  db: Db,
  table: typeof t.barcodeLists | typeof t.inventoryLists,
  locationCode: string,
  body: Paging,
  view: (row: R) => V,
) => {
  const where = eq(table.locationCode, locationCode);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(desc(table.uploadedAt), desc(table.id))
      .limit(body.size)
      .offset(body.page * body.size),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { items: (rows as R[]).map(view), total: total?.n ?? 0, page: body.page, size: body.size };
};

export const inventoryListsRoutes = defineRoutes('inventoryLists', {
  list: async ({ db, auth, params, body }) => {
    const location = await locationFor(db, auth, params.code);
    return pageOfLists(db, t.inventoryLists, location.code, body, inventorySummary);
  },

  upload: async ({ db, auth, params, request, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const upload = await readUpload(request, 'inventoryList', ListUploadFields);
    const { list, rows } = await createInventoryList(ctx.files, db, {
      username: auth.user.username,
      locationCode: location.code,
      bytes: upload.bytes,
      filename: upload.filename,
      again: upload.fields.again,
      now: ctx.now(),
    });
    return { ...inventorySummary(list), rows };
  },

  get: async ({ db, auth, params }) => inventoryDetail(db, await inventoryListOf(db, auth, params.id)),

  transfer: async ({ db, auth, params, ctx }) => {
    const list = await inventoryListOf(db, auth, params.id);
    const location = await locationFor(db, auth, list.locationCode);
    const now = ctx.now();
    return thenWakeMail(
      ctx,
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        // The row lock makes a concurrent second transfer wait, then see 'transferred'.
        const [locked] = await tx
          .select()
          .from(t.inventoryLists)
          .where(eq(t.inventoryLists.id, list.id))
          .for('update');
        if (!locked) return notFound();
        if (locked.state === 'transferred')
          throw new HttpError(409, 'request_already_reviewed', 'The list was transferred already.', {
            field: 'state',
          });
        if (locked.errorCount > 0)
          throw new HttpError(400, 'validation_error', 'Only a list without errors can be transferred.', {
            field: 'rows',
          });
        // Assigned like the container actions: the location's in-house employee reviews it.
        const request = await createReview(
          tx,
          ctx,
          auth,
          'inventorytransfer',
          location,
          null,
          { inventoryListId: list.id },
          now,
        );
        await tx
          .update(t.inventoryLists)
          .set({ state: 'transferred', reviewRequestId: request.id })
          .where(eq(t.inventoryLists.id, list.id));
        return request;
      }),
    );
  },

  remove: async ({ db, auth, params, ctx }) => {
    const list = await inventoryListOf(db, auth, params.id);
    if (list.state === 'transferred')
      throw new HttpError(409, 'deletion_error', 'A transferred list stays.', {
        field: 'state',
        reason: 'transferred',
      });
    return removeList(ctx.files, db, auth.user.username, ctx.now(), 'inventoryList', list, (tx) =>
      tx.delete(t.inventoryLists).where(eq(t.inventoryLists.id, list.id)),
    );
  },
});
