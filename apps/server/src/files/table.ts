import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { fail, ok, type Result } from './result';
import type { Sniffed } from './sniff';
import { checkZip } from './zip';

/** A cell as the list held it: xlsx numbers stay numbers (a barcode may have lost leading zeros). */
export type Cell = string | number;

export interface TableRow {
  /** Line of a csv/txt file, row number of an xlsx sheet (1-based): what the user sees. */
  line: number;
  cells: Cell[];
}

const LIST_LIMITS = {
  /** Rows a list may hold: far above any location's containers, small enough for one response. */
  maxRows: 20_000,
  /**
   * What an xlsx may unpack to before it is parsed (zip bombs). exceljs holds the whole workbook:
   * measured here about 12 MB of memory per MB of sheet XML (10 MB: ~125 MB, ~1.2 s), while
   * 20,000 rows of barcode, quantity and comment take about 4 MB.
   */
  maxUnpackedBytes: 10 * 1024 * 1024,
  maxZipEntries: 1_000,
} as const;

type RichText = { richText: { text: string }[] };

const cellOf = (value: ExcelJS.CellValue): Cell => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value)
    return (value as RichText).richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('result' in value) return cellOf((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return cellOf(value.text as ExcelJS.CellValue);
  return '';
};

const isEmpty = (cells: Cell[]) => cells.every((c) => c === '');

const readXlsx = async (bytes: Uint8Array): Promise<Result<TableRow[]>> => {
  const zip = checkZip(bytes, {
    maxUnpackedBytes: LIST_LIMITS.maxUnpackedBytes,
    maxEntries: LIST_LIMITS.maxZipEntries,
  });
  if (!zip.ok) {
    return zip.reason === 'unpacks to too much data'
      ? fail('payload_too_large', 'The spreadsheet unpacks to too much data.', {
          maxUnpackedBytes: LIST_LIMITS.maxUnpackedBytes,
        })
      : fail('upload_failed', `The spreadsheet could not be read (${zip.reason}).`);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    return fail('upload_failed', 'The spreadsheet could not be read.');
  }
  const sheet = workbook.worksheets.find(Boolean);
  const rows: TableRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, line) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from(values, (v) => cellOf(v as ExcelJS.CellValue));
    if (!isEmpty(cells)) rows.push({ line, cells });
  });
  return ok(rows);
};

/** Delimiters tried, preferred in this order on a tie (`;` first: German Excel, decimal commas). */
const DELIMITERS = [';', '\t', ',', '|'] as const;

/**
 * The delimiter found on the most of the first non-empty lines. papaparse's own guess gives up
 * on a single line or a trailing blank line, which short lists have.
 */
const guessDelimiter = (text: string): string => {
  const lines = text
    .split(/\r?\n|\r/)
    .filter((l) => l.trim() !== '')
    .slice(0, 50);
  let best: string = DELIMITERS[0];
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const count = lines.filter((l) => l.includes(d)).length;
    if (count > bestCount) [best, bestCount] = [d, count];
  }
  return best;
};

const readText = (text: string, format: Sniffed['format']): TableRow[] => {
  // A plain text list has one value a line: a delimiter that cannot occur keeps it whole.
  const delimiter = format === 'txt' ? '\u0001' : guessDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const rows: TableRow[] = [];
  parsed.data.forEach((raw, i) => {
    const cells = raw.map((c) => c.trim());
    if (!isEmpty(cells)) rows.push({ line: i + 1, cells });
  });
  return rows;
};

/**
 * The non-empty rows of an uploaded list (csv/txt through papaparse, xlsx: first sheet through
 * exceljs), within the row and unpacked-size limits.
 */
export const readTable = async (bytes: Uint8Array, sniffed: Sniffed): Promise<Result<TableRow[]>> => {
  let rows: TableRow[];
  if (sniffed.format === 'xlsx') {
    const read = await readXlsx(bytes);
    if (!read.ok) return read;
    rows = read.value;
  } else if (sniffed.format === 'csv' || sniffed.format === 'txt') {
    rows = readText(sniffed.text ?? '', sniffed.format);
  } else {
    return fail('unsupported_media_type', 'Lists are csv, txt or xlsx files.');
  }
  if (rows.length > LIST_LIMITS.maxRows + 1)
    return fail('upload_failed', `The list has more than ${LIST_LIMITS.maxRows} rows.`, {
      maxRows: LIST_LIMITS.maxRows,
    });
  return ok(rows);
};

/** A cell as text; numbers as their plain digits (no exponent for 13-digit barcodes). */
export const cellText = (cell: Cell | undefined): string =>
  cell === undefined
    ? ''
    : typeof cell === 'number'
      ? cell.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : cell;
