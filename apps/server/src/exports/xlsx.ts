import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Container,
  DELIVERY_STATES,
  type FieldKey,
  type Granted,
  type LabelSet,
  labelsFor,
  visibleContainerFields,
} from '@falcon/api-client';
import ExcelJS from 'exceljs';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An export column: a container key and how its value is written. */
type ColumnKind = 'text' | 'integer' | 'decimal' | 'date' | 'datetime' | 'boolean' | 'deliveryState';
export type ExportField = FieldKey | 'locationCode';

const KINDS: Partial<Record<ExportField, ColumnKind>> = {
  weight: 'decimal',
  reachInWeeks: 'decimal',
  consumption: 'decimal',
  annualConsumption: 'decimal',
  stockTurnRate: 'decimal',
  fillingQuantity: 'decimal',
  price: 'decimal',
  width: 'decimal',
  position: 'integer',
  numberOfScans: 'integer',
  obligatory: 'boolean',
  deliveryStatus: 'deliveryState',
  deliveryNoteDate: 'date',
  expectedDeliveryDate: 'date',
  lastScannedDate: 'datetime',
};

/** Spec: numbers with exactly two fraction digits; dates in ISO order, readable in all six languages. */
const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  decimal: '0.00',
  integer: '0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

/**
 * Fields that are no text for a spreadsheet: the picture is an image (a `data:image/svg+xml,…` URL or a
 * link to one), which a cell would show as a column of its text (issue 14).
 */
const NOT_EXPORTED: ReadonlySet<ExportField> = new Set<ExportField>(['picture']);

export interface ExportColumn {
  key: ExportField;
  kind: ColumnKind;
  /** i18n key of the header (the web app's `location` namespace). */
  headerKey: string;
}

/**
 * The columns a user may see, in catalogue order: the location code (always visible, it tells the
 * rows of a branch export apart), then every field the user's PERM_FIELD_* codes allow. Hidden
 * fields never become a column, whatever the containers passed in still carry.
 */
export const exportColumns = (granted: Granted): ExportColumn[] =>
  (['locationCode', ...visibleContainerFields(granted)] as ExportField[])
    .filter((key) => !NOT_EXPORTED.has(key))
    .map((key) => ({
      key,
      kind: KINDS[key] ?? 'text',
      headerKey: `location:fields.${key}`,
    }));

/**
 * The export's texts from the shared labels of `@falcon/api-client` (generated from the translations of
 * `@falcon/locales`): the header keys of `exportColumns`, yes/no and the delivery states in one language.
 */
const exportTranslator = (labels: LabelSet): ((key: string) => string) => {
  const texts = new Map<string, string>([
    ['location:fields.locationCode', labels.locationCode],
    ['common:yes', labels.yes],
    ['common:no', labels.no],
    ...Object.entries(labels.fields).map(([key, text]): [string, string] => [`location:fields.${key}`, text]),
    ...DELIVERY_STATES.map((s): [string, string] => [`common:delivery.${s}`, labels.delivery[s]]),
  ]);
  return (key) => texts.get(key) ?? key.split(/[:.]/).pop() ?? key;
};

export interface ContainerExportOptions {
  containers: AsyncIterable<Container> | Iterable<Container>;
  /** The user's permission codes: decide the columns. */
  granted: Granted;
  /**
   * Translation in the user's language (headers, yes/no, delivery states). Default: the shared
   * labels of `language`.
   */
  t?: (key: string) => string;
  /** The export owner's language (`de` when unknown); used when no `t` is given. */
  language?: string;
  sheetName?: string;
  /** IANA zone the "last scanned" times are shown in (Excel has no time zones). Default UTC. */
  timeZone?: string;
  /** Stream the workbook here; without it the result holds the bytes as a Buffer. */
  output?: Writable;
  /** Stops the export (server shutdown): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface ContainerExportResult {
  rowCount: number;
  columns: ExportField[];
  size: number;
  /** Set when no `output` was given. */
  buffer?: Buffer;
}

/** Rows written between yields to the event loop: a large export never stalls other requests. */
const YIELD_EVERY = 500;
/** Uncompressed sheet XML allowed to wait for the zip deflater before rows are held back. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

interface PipeState {
  writableLength?: number;
  _writableState?: { length?: number };
}

/**
 * Bytes of sheet XML written but not yet taken by the deflater. exceljs' stream buffer writes to
 * the zip without honouring backpressure, so a fast source would pile the whole uncompressed
 * sheet up in memory; this reads that internal queue (0 if exceljs ever changes its shape).
 */
const pendingBytes = (sheet: ExcelJS.Worksheet): number => {
  const pipes = (sheet as unknown as { stream?: { pipes?: PipeState[] } }).stream?.pipes ?? [];
  return pipes.reduce((sum, p) => sum + (p.writableLength ?? p._writableState?.length ?? 0), 0);
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const MAX_CELL_TEXT = 32_767;
// biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 forbids break the file
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const safeText = (value: string) => value.replace(XML_INVALID, '').slice(0, MAX_CELL_TEXT);

const safeSheetName = (name: string): string =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(XML_INVALID, '')
    .trim()
    .slice(0, 31) || 'Export';

/** A wall-clock time in `timeZone` as a UTC Date: Excel shows the Date's UTC fields. */
const wallClock = (timeZone: string) => {
  if (timeZone === 'UTC') return (date: Date) => date;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsetAt = (date: Date) => {
    const p = Object.fromEntries(format.formatToParts(date).map((x) => [x.type, Number(x.value)]));
    const local = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute, p.second);
    return local - Math.floor(date.getTime() / 1000) * 1000;
  };
  // Offsets change only on quarter hours: one Intl call per quarter hour, not per row.
  const QUARTER = 15 * 60 * 1000;
  const offsets = new Map<number, number>();
  return (date: Date) => {
    const bucket = Math.floor(date.getTime() / QUARTER);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      offset = offsetAt(new Date(bucket * QUARTER));
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return new Date(date.getTime() + offset);
  };
};

const cellValue = (
  kind: ColumnKind,
  value: unknown,
  t: (key: string) => string,
  toWallClock: (date: Date) => Date,
): ExcelJS.CellValue => {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'integer':
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'date': {
      const date = new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? null : date;
    }
    case 'datetime': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? null : toWallClock(date);
    }
    case 'boolean':
      return t(value ? 'common:yes' : 'common:no');
    case 'deliveryState':
      return t(`common:delivery.${String(value)}`);
    default:
      return safeText(String(value));
  }
};

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new Error('The export was aborted.');

/**
 * Writes containers into an xlsx with exceljs' streaming writer: one row committed at a time, no
 * shared-strings table, so memory stays flat however many rows come. Only the columns the
 * user's field permissions allow are written; numbers are numbers, dates are dates.
 */
export const writeContainersXlsx = async (
  options: ContainerExportOptions,
): Promise<ContainerExportResult> => {
  const { signal } = options;
  const t = options.t ?? exportTranslator(labelsFor(options.language));
  const columns = exportColumns(options.granted);
  const toWallClock = wallClock(options.timeZone ?? 'UTC');
  // exceljs writes into our PassThrough: it counts the bytes, and either collects them or is piped
  // (with backpressure) into the caller's stream.
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  let size = 0;
  sink.on('data', (chunk: Buffer) => {
    size += chunk.byteLength;
    if (!options.output) chunks.push(chunk);
  });
  const done = options.output
    ? pipeline(sink, options.output)
    : new Promise<void>((resolve, reject) => {
        sink.once('end', resolve);
        sink.once('error', reject);
      });
  // Reported by `await done` below; without a handler an early abort would crash the process.
  done.catch(() => undefined);

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(safeSheetName(options.sheetName ?? 'Export'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => {
    const header = safeText(t(c.headerKey));
    return { header, key: c.key, width: Math.min(40, Math.max(12, header.length + 2)) };
  });
  // One style object per column, shared by all its cells: exceljs caches style ids by object
  // identity, so a shared object is looked up once instead of serialised for every cell.
  const styles = columns.map((c): Partial<ExcelJS.Style> => {
    const numFmt = NUMBER_FORMATS[c.kind];
    return numFmt ? { numFmt } : {};
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  let rowCount = 0;
  try {
    for await (const container of options.containers) {
      const source = container as Record<string, unknown>;
      const row: Record<string, ExcelJS.CellValue> = {};
      for (const c of columns) row[c.key] = cellValue(c.kind, source[c.key], t, toWallClock);
      const added = sheet.addRow(row);
      for (let i = 0; i < styles.length; i++) added.getCell(i + 1).style = styles[i] as ExcelJS.Style;
      added.commit();
      rowCount++;
      if (rowCount % YIELD_EVERY === 0) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        while (pendingBytes(sheet) > MAX_PENDING_BYTES && !signal?.aborted) await pause(2);
        if (signal?.aborted) throw abortError(signal);
      }
    }
    if (signal?.aborted) throw abortError(signal);
  } catch (error) {
    // A failing source or an abort leaves no half-written file behind in the caller's stream.
    sink.destroy(error as Error);
    throw error;
  }
  if (rowCount > 0)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rowCount + 1, column: columns.length } };
  sheet.commit();
  await workbook.commit();
  await done;
  return {
    rowCount,
    columns: columns.map((c) => c.key),
    size,
    ...(options.output ? {} : { buffer: Buffer.concat(chunks) }),
  };
};
