/**
 * Reading uploaded lists: csv/txt (`;`, `,` or tab separated) and xlsx (first sheet), as rows of
 * cells with their line numbers in the file.
 */
import { unzipSync } from 'fflate';

export interface TableRow {
  line: number;
  cells: string[];
}

const decoder = new TextDecoder();

/** The entries of a zip archive (fflate: stored or deflated entries, checked against their CRC). */
const unzip = (bytes: Uint8Array): Map<string, Uint8Array> => new Map(Object.entries(unzipSync(bytes)));

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const texts = (xml: string) =>
  [...xml.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1] ?? '')).join('');
const columnIndex = (ref: string) => {
  const letters = ref.replace(/\d+/g, '');
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

const readXlsx = async (bytes: Uint8Array): Promise<TableRow[]> => {
  const files = unzip(bytes);
  const sheetName = [...files.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort()[0];
  if (!sheetName) throw new Error('no worksheet');
  const shared = files.get('xl/sharedStrings.xml');
  const strings = shared
    ? [...decoder.decode(shared).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1] ?? ''))
    : [];
  const sheet = decoder.decode(files.get(sheetName));
  const rows: TableRow[] = [];
  for (const row of sheet.matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    const line = Number(/\br="(\d+)"/.exec(row[1] ?? '')?.[1] ?? rows.length + 1);
    const cells: string[] = [];
    for (const cell of (row[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1] ?? '';
      const body = cell[2] ?? '';
      const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const type = /\bt="(\w+)"/.exec(attrs)?.[1];
      const raw = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const value =
        type === 's'
          ? (strings[Number(raw)] ?? '')
          : type === 'inlineStr'
            ? texts(body)
            : unescapeXml(raw ?? '');
      cells[ref ? columnIndex(ref) : cells.length] = value.trim();
    }
    rows.push({ line, cells: Array.from(cells, (c) => c ?? '') });
  }
  return rows;
};

const readText = (text: string): TableRow[] =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((raw, i) => ({
      line: i + 1,
      cells: raw.split(/[;,\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1')),
    }));

/** Non-empty rows of an uploaded list; throws when the file cannot be read. */
export const readTable = async (file: File): Promise<TableRow[]> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const rows = isZip ? await readXlsx(bytes) : readText(decoder.decode(bytes));
  return rows.filter((r) => r.cells.some((c) => c !== ''));
};

/** Drops a header row ("barcode;quantity" or similar): a first cell without any digit. */
export const withoutHeader = (rows: TableRow[]): TableRow[] =>
  rows.length && !/\d/.test(rows[0]?.cells[0] ?? '') ? rows.slice(1) : rows;
