import { protocolEntry } from '@falcon/api-client';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import {
  checkInventory,
  codesToLookUp,
  inventoryCounts,
  inventoryLookup,
  parseInventoryList,
  type StoredInventoryRow,
} from '../files/inventory';
import type { Sniffed } from '../files/sniff';
import { newId } from '../ids';
import { fileError } from '../uploads/multipart';
import { writeProtocol } from './protocol';
import type { FileStorage } from './stored-files';

// What every uploaded list goes through (barcode and inventory lists), and the one way an inventory list
// is made: uploaded by a user, or handed over by a finished count (routes/stocktake.ts, ADR 0062).

/** 409 upload_again_required when the same content was uploaded to this location before. */
export const checkDuplicate = (
  previous: { id: string } | undefined,
  again: string | undefined,
): string | null => {
  if (previous && again !== 'true')
    throw new HttpError(409, 'upload_again_required', 'The same list was uploaded before.', {
      field: 'again',
      duplicateOf: previous.id,
    });
  return previous?.id ?? null;
};

const listFile = (sniffed: Sniffed, filename: string, content: Uint8Array) => ({
  filename,
  contentType: sniffed.mime,
  content,
});

/** The earliest list of the location with the same content (fingerprint), if there is one. */
export const earlierUpload = async (
  db: Db,
  table: typeof t.barcodeLists | typeof t.inventoryLists,
  locationCode: string,
  fingerprint: string,
): Promise<{ id: string } | undefined> => {
  const [previous] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.locationCode, locationCode), eq(table.fingerprint, fingerprint)))
    .orderBy(asc(table.uploadedAt))
    .limit(1);
  return previous;
};

/** The columns every uploaded list has. */
export interface ListColumns {
  locationCode: string;
  fileId: string;
  filename: string;
  uploadedAt: Date;
  uploadedBy: string;
  fingerprint: string;
}

/**
 * Stores an uploaded list in one transaction: its file, its row(s) (`insert`, given the common columns)
 * and the protocol entry.
 */
export const storeList = <R extends { id: string }>(
  files: FileStorage,
  db: Db,
  kind: 'barcodeList' | 'inventoryList',
  upload: {
    username: string;
    locationCode: string;
    sniffed: Sniffed;
    filename: string;
    bytes: Uint8Array;
    fingerprint: string;
    now: Date;
  },
  insert: (tx: Db, columns: ListColumns) => Promise<R>,
  counts: { rowCount: number; failed: number },
): Promise<R> =>
  files.transaction(db, async (tx) => {
    const fileId = await files.put(tx, listFile(upload.sniffed, upload.filename, upload.bytes), upload.now);
    const row = await insert(tx, {
      locationCode: upload.locationCode,
      fileId,
      filename: upload.filename,
      uploadedAt: upload.now,
      uploadedBy: upload.username,
      fingerprint: upload.fingerprint,
    });
    await writeProtocol(
      tx,
      protocolEntry.listUploaded(
        upload.username,
        kind,
        { id: row.id, filename: upload.filename, locationCode: upload.locationCode },
        counts,
      ),
      upload.now,
    );
    return row;
  });

type InventoryListRow = typeof t.inventoryLists.$inferSelect;

/**
 * An inventory list from its file's bytes: parsed, checked against the location's containers, stored
 * with its rows, the file and the protocol entry in one transaction. 409 upload_again_required when the
 * same rows were uploaded to the location before, unless `again` is 'true'.
 */
export const createInventoryList = async (
  files: FileStorage,
  db: Db,
  input: {
    username: string;
    locationCode: string;
    bytes: Uint8Array;
    filename: string | undefined;
    again: string | undefined;
    now: Date;
  },
  /** Runs in the list's transaction once its row is written (a count claims the list here, or refuses). */
  claim?: (tx: Db, listId: string) => Promise<void>,
): Promise<{ list: InventoryListRow; rows: StoredInventoryRow[] }> => {
  const parsed = await parseInventoryList(input.bytes, input.filename);
  if (!parsed.ok) throw fileError(parsed.error);
  const list = parsed.value;
  const previous = await earlierUpload(db, t.inventoryLists, input.locationCode, list.fingerprint);
  checkDuplicate(previous, input.again);
  const codes = codesToLookUp(list.rows);
  const found = codes.length
    ? await db
        .select({ id: t.containers.id, barcode: t.containers.barcode, code: t.containers.code })
        .from(t.containers)
        .where(
          and(
            eq(t.containers.locationCode, input.locationCode),
            or(inArray(t.containers.barcode, codes), inArray(t.containers.code, codes)),
          ),
        )
    : [];
  const rows = checkInventory(list.rows, inventoryLookup(found));
  const counts = inventoryCounts(rows);
  const stored = await storeList(
    files,
    db,
    'inventoryList',
    {
      username: input.username,
      locationCode: input.locationCode,
      sniffed: list.sniffed,
      filename: list.filename,
      bytes: input.bytes,
      fingerprint: list.fingerprint,
      now: input.now,
    },
    async (tx, columns) => {
      const [inserted] = await tx
        .insert(t.inventoryLists)
        .values({
          id: newId('IL'),
          ...columns,
          ...counts,
          state: 'uploaded',
          reviewRequestId: null,
        })
        .returning();
      const row = inserted as InventoryListRow;
      for (let i = 0; i < rows.length; i += 1_000)
        await tx.insert(t.inventoryListRows).values(
          rows.slice(i, i + 1_000).map((r) => ({
            listId: row.id,
            line: r.line,
            barcode: r.barcode,
            quantity: r.quantity,
            containerId: r.containerId,
            errors: r.errors,
          })),
        );
      await claim?.(tx, row.id);
      return row;
    },
    { rowCount: counts.rowCount, failed: counts.errorCount },
  );
  return { list: stored, rows };
};
