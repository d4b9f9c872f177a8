import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

type Cell = string | number;

/**
 * A table (header and rows) as an xlsx with exceljs' streaming writer: the reorder worklist's export
 * (issue 16). Numbers stay numbers (two fraction digits where they have any), ISO dates become dates.
 */
export const writeTableXlsx = async (o: {
  header: readonly string[];
  rows: AsyncIterable<readonly Cell[]> | Iterable<readonly Cell[]>;
  sheetName: string;
  signal?: AbortSignal;
}): Promise<{ rowCount: number; size: number; buffer: Buffer }> => {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    sink.once('end', resolve);
    sink.once('error', reject);
  });
  done.catch(() => undefined);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(o.sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Export', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = o.header.map((header, i) => ({
    header,
    key: String(i),
    width: Math.min(40, Math.max(12, header.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const dateStyle: Partial<ExcelJS.Style> = { numFmt: 'yyyy-mm-dd' };
  const decimalStyle: Partial<ExcelJS.Style> = { numFmt: '0.00' };
  let rowCount = 0;
  try {
    for await (const cells of o.rows) {
      const added = sheet.addRow(
        cells.map((v) =>
          typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : v,
        ),
      );
      cells.forEach((v, i) => {
        if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) added.getCell(i + 1).style = dateStyle;
        else if (typeof v === 'number' && !Number.isInteger(v)) added.getCell(i + 1).style = decimalStyle;
      });
      added.commit();
      rowCount++;
      if (rowCount % 500 === 0) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (o.signal?.aborted)
          throw o.signal.reason instanceof Error ? o.signal.reason : new Error('aborted');
      }
    }
  } catch (error) {
    sink.destroy(error as Error);
    throw error;
  }
  sheet.commit();
  await workbook.commit();
  await done;
  const buffer = Buffer.concat(chunks);
  return { rowCount, size: buffer.byteLength, buffer };
};
