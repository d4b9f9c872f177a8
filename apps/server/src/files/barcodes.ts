import type { BarcodeListRow } from '@falcon/api-client';
import { rowsFingerprint } from './hash';
import { sanitizeFilename } from './names';
import { fail, ok, type Result } from './result';
import { checkUpload, type Sniffed } from './sniff';
import { type Cell, cellText, readTable, type TableRow } from './table';

/** 13 digits whose last is the EAN-13 check digit (weights 1, 3 alternating from the left). */
export const isValidEan13 = (code: string): boolean => {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
};

/**
 * A barcode as written on a label: trimmed; digit groups as printed under the bars
 * ("4 006381 333931") joined; an xlsx number that lost its leading zeros padded back to 13 digits
 * when that makes a valid EAN-13 (a UPC-A or "0..." EAN typed into Excel).
 */
export const normalizeBarcode = (cell: Cell | undefined): string => {
  if (typeof cell === 'number') {
    const digits = cellText(cell);
    if (/^\d{1,12}$/.test(digits)) {
      const padded = digits.padStart(13, '0');
      if (isValidEan13(padded)) return padded;
    }
    return digits;
  }
  const text = cellText(cell).trim();
  return /^\d[\d\s]*\d$/.test(text) ? text.replace(/\s+/g, '') : text;
};

/** A first row naming its column ("Barcode", "EAN", "EAN-13", "GTIN") rather than holding a code. */
export const isBarcodeHeader = (first: Cell | undefined): boolean => {
  const text = cellText(first).trim();
  return text !== '' && (!/\d/.test(text) || /^(ean|gtin|upc)\b|^(ean|gtin|upc)[\s_-]?\d+$/i.test(text));
};

export interface ParsedBarcode {
  line: number;
  barcode: string;
}

export interface ParsedBarcodeList {
  sniffed: Sniffed;
  /** Display name only, never a path. */
  filename: string;
  rows: ParsedBarcode[];
  /** sha-256 of the barcodes in order: equal for the same list, whatever the file format. */
  fingerprint: string;
}

/** One barcode per row from the first column; a header row is tolerated. */
const barcodesOf = (rows: readonly TableRow[]): ParsedBarcode[] => {
  const body = rows.length && isBarcodeHeader(rows[0]?.cells[0]) ? rows.slice(1) : rows;
  return body.map(({ line, cells }) => ({ line, barcode: normalizeBarcode(cells[0]) }));
};

/**
 * The whole barcode-list upload before the database: size, type by magic bytes, parse (csv, txt,
 * xlsx), one barcode a row. Errors: payload_too_large, unsupported_media_type, upload_failed.
 */
export const parseBarcodeList = async (
  bytes: Uint8Array,
  originalName?: string,
): Promise<Result<ParsedBarcodeList>> => {
  const checked = await checkUpload('barcodeList', bytes);
  if (!checked.ok) return checked;
  const table = await readTable(bytes, checked.value);
  if (!table.ok) return table;
  const rows = barcodesOf(table.value);
  if (!rows.length) return fail('upload_failed', 'The list is empty.');
  return ok({
    sniffed: checked.value,
    filename: sanitizeFilename(originalName, checked.value.ext, 'barcodes'),
    rows,
    fingerprint: rowsFingerprint(rows.map((r) => [r.barcode])),
  });
};

/** Barcode -> container id, for the containers of the one location the list was uploaded to. */
export type ContainerLookup = ReadonlyMap<string, string>;

/** The distinct well-formed barcodes of a list: what the route looks up in the location. */
export const barcodesToLookUp = (rows: readonly ParsedBarcode[]): string[] => [
  ...new Set(rows.map((r) => r.barcode).filter(isValidEan13)),
];

/** A checked row as stored: the whole row (the answer drops the barcode for a caller without its field). */
export type StoredBarcodeRow = BarcodeListRow & { barcode: string };

/**
 * The result per row as the contract shows it: valid when the barcode is a well-formed EAN-13
 * and a container of the location carries it, else `invalid_barcode`.
 */
export const checkBarcodes = (rows: readonly ParsedBarcode[], lookup: ContainerLookup): StoredBarcodeRow[] =>
  rows.map(({ line, barcode }) => {
    const containerId = isValidEan13(barcode) ? (lookup.get(barcode) ?? null) : null;
    return containerId
      ? { line, barcode, valid: true, error: null, containerId }
      : { line, barcode, valid: false, error: 'invalid_barcode', containerId: null };
  });

/** `rowCount` and `invalidCount` of the contract's BarcodeList. */
export const barcodeCounts = (rows: readonly BarcodeListRow[]) => ({
  rowCount: rows.length,
  invalidCount: rows.filter((r) => !r.valid).length,
});
