/**
 * Reading uploaded lists: csv/txt (`;`, `,` or tab separated) and xlsx (first sheet), as rows of
 * cells with their line numbers in the file.
 */
export interface TableRow {
  line: number;
  cells: string[];
}

const decoder = new TextDecoder();

const inflateRaw = async (data: Uint8Array): Promise<Uint8Array> => {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
};

/** The entries of a zip archive (stored or deflated). */
const unzip = async (bytes: Uint8Array): Promise<Map<string, Uint8Array>> => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip archive');
  const count = view.getUint16(end + 10, true);
  let p = view.getUint32(end + 16, true);
  const out = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const method = view.getUint16(p + 10, true);
    const size = view.getUint32(p + 20, true);
    const nameLength = view.getUint16(p + 28, true);
    const extra = view.getUint16(p + 30, true);
    const comment = view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    p += 46 + nameLength + extra + comment;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    out.set(name, method === 8 ? await inflateRaw(data) : data);
  }
  return out;
};

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
  const files = await unzip(bytes);
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
