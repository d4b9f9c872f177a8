import type { InventoryRow } from '@falcon/api-client';
import { isBarcodeHeader, isValidEan13, normalizeBarcode } from './barcodes';
import { rowsFingerprint } from './hash';
import { sanitizeFilename } from './names';
import { fail, ok, type Result } from './result';
import { checkUpload, type Sniffed } from './sniff';
import { type Cell, cellText, readTable, type TableRow } from './table';

type InventoryError = InventoryRow['errors'][number];
/** A checked row as stored: the whole row (the answer drops what the caller may not see). */
export type StoredInventoryRow = InventoryRow & { barcode: string; quantity: number | null };

/** Counted quantities above this are typing errors, not stock. */
const MAX_QUANTITY = 1_000_000_000;
/** Longest comment kept (the contract's `Text`). */
const MAX_COMMENT = 2000;

export interface ParsedInventoryRow {
  line: number;
  /** Barcode (EAN-13) or container code, as the list gave it (barcodes normalised). */
  code: string;
  /** null when the cell is empty, not a number, negative, too large or ambiguous. */
  quantity: number | null;
  /** The quantity cell as written, for messages. */
  quantityText: string;
  /** Third column; the contract's InventoryRow has no place for it yet. */
  comment: string | null;
}

export interface ParsedInventoryList {
  sniffed: Sniffed;
  filename: string;
  rows: ParsedInventoryRow[];
  fingerprint: string;
}

/**
 * A counted quantity: a non-negative number with `.` or `,` as decimal separator. One separator
 * followed by exactly three digits ("1.000", "1,000") means a thousand in one language and one in
 * another, so it is refused rather than guessed: a count off by a factor of 1000 is worse than
 * an error the user can fix.
 */
export const parseQuantity = (cell: Cell | undefined): number | null => {
  if (typeof cell === 'number')
    return Number.isFinite(cell) && cell >= 0 && cell <= MAX_QUANTITY ? cell : null;
  const text = cellText(cell).replace(/\s+/g, '');
  if (!/^\d{1,10}(?:[.,]\d{1,6})?$/.test(text) || /^\d{1,3}[.,]\d{3}$/.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return value <= MAX_QUANTITY ? value : null;
};

const isInventoryHeader = (cells: readonly Cell[]): boolean => {
  const quantity = cellText(cells[1]).trim();
  return quantity !== '' && !/\d/.test(quantity) && isBarcodeHeader(cells[0]);
};

/** Rows of barcode-or-code, quantity, optional comment; a header row is tolerated. */
const inventoryRowsOf = (rows: readonly TableRow[]): ParsedInventoryRow[] => {
  const body = rows.length && isInventoryHeader(rows[0]?.cells ?? []) ? rows.slice(1) : rows;
  return body.map(({ line, cells }) => {
    const comment = cellText(cells[2]).trim().slice(0, MAX_COMMENT);
    return {
      line,
      code: normalizeBarcode(cells[0]),
      quantity: parseQuantity(cells[1]),
      quantityText: cellText(cells[1]).trim(),
      comment: comment || null,
    };
  });
};

/**
 * The whole inventory-list upload before the database: size, type by magic bytes (csv or xlsx),
 * parse. Errors: payload_too_large, unsupported_media_type, upload_failed.
 */
export const parseInventoryList = async (
  bytes: Uint8Array,
  originalName?: string,
): Promise<Result<ParsedInventoryList>> => {
  const checked = await checkUpload('inventoryList', bytes);
  if (!checked.ok) return checked;
  const table = await readTable(bytes, checked.value);
  if (!table.ok) return table;
  const rows = inventoryRowsOf(table.value);
  if (!rows.length) return fail('upload_failed', 'The list is empty.');
  return ok({
    sniffed: checked.value,
    filename: sanitizeFilename(originalName, checked.value.ext, 'inventory'),
    rows,
    fingerprint: rowsFingerprint(rows.map((r) => [r.code, r.quantity, r.comment])),
  });
};

/** The distinct codes of a list: what the route looks up (as barcode or as container code). */
export const codesToLookUp = (rows: readonly ParsedInventoryRow[]): string[] => [
  ...new Set(rows.map((r) => r.code).filter((c) => c !== '')),
];

/**
 * Barcode or container code -> container id, for the containers of the one location. Barcodes
 * win when a code happens to equal another container's barcode.
 */
export const inventoryLookup = (
  containers: Iterable<{ id: string; barcode?: string | null; code?: string | null }>,
): Map<string, string> => {
  const byCode = new Map<string, string>();
  const byBarcode = new Map<string, string>();
  for (const c of containers) {
    if (c.code) byCode.set(c.code, c.id);
    if (c.barcode) byBarcode.set(c.barcode, c.id);
  }
  return new Map([...byCode, ...byBarcode]);
};

/**
 * Validation per row as the contract shows it. `invalid_barcode`: no container of the location
 * (or a 13-digit code with a wrong check digit); `invalid_quantity`; `duplicate_barcode`: the
 * same container counted on more than one row (every such row is marked).
 */
export const checkInventory = (
  rows: readonly ParsedInventoryRow[],
  lookup: ReadonlyMap<string, string>,
): StoredInventoryRow[] => {
  const resolved = rows.map((r) => {
    const wellFormed = !/^\d{13}$/.test(r.code) || isValidEan13(r.code);
    return wellFormed ? (lookup.get(r.code) ?? null) : null;
  });
  const seen = new Map<string, number>();
  const key = (i: number) => resolved[i] ?? `code:${rows[i]?.code}`;
  rows.forEach((r, i) => {
    if (r.code !== '') seen.set(key(i), (seen.get(key(i)) ?? 0) + 1);
  });
  return rows.map((r, i) => {
    const containerId = resolved[i] ?? null;
    const errors: InventoryError[] = [];
    if (!containerId) errors.push('invalid_barcode');
    if (r.quantity === null) errors.push('invalid_quantity');
    if (r.code !== '' && (seen.get(key(i)) ?? 0) > 1) errors.push('duplicate_barcode');
    return { line: r.line, barcode: r.code, quantity: r.quantity, containerId, errors };
  });
};

/** `rowCount` and `errorCount` of the contract's InventoryList. */
export const inventoryCounts = (rows: readonly InventoryRow[]) => ({
  rowCount: rows.length,
  errorCount: rows.filter((r) => r.errors.length > 0).length,
});
