import { PassThrough } from 'node:stream';
import { type Container, FIELD_PERMISSIONS } from '@falcon/api-client';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportColumns, writeContainersXlsx } from './xlsx';

const ALL_FIELDS = Object.values(FIELD_PERMISSIONS);
/** A customer user: master data and container statistics, no price, charge or delivery details. */
const STAFF = [
  'PERM_FIELD_ARTICLECODE',
  'PERM_FIELD_ARTICLENAME',
  'PERM_FIELD_FILLINGQUANTITY',
  'PERM_FIELD_DELIVERYSTATUS',
  'PERM_FIELD_NUMBEROFSCANS',
  'PERM_FIELD_LASTSCANNEDDATE',
  'PERM_FIELD_OBLIGATORY',
];

const container = (n: number, extra: Partial<Container> = {}): Container => ({
  id: `K${n}`,
  locationCode: 'L-001',
  active: true,
  alarming: false,
  code: `KB-${n}`,
  articleCode: `A-${n}`,
  articleName: `Schraube M${n}`,
  fillingQuantity: 250,
  price: 12.34,
  charge: 'SECRET-CHARGE',
  weight: 1.5,
  deliveryStatus: 'indelivery',
  numberOfScans: 7,
  obligatory: true,
  deliveryNoteDate: '2025-03-04',
  lastScannedDate: '2025-06-30T22:15:00Z',
  ...extra,
});

const EN: Record<string, string> = {
  'location:fields.locationCode': 'Location',
  'location:fields.articleCode': 'Article code',
  'location:fields.price': 'Price',
  'location:fields.charge': 'Charge',
  'common:yes': 'Yes',
  'common:no': 'No',
  'common:delivery.indelivery': 'In delivery',
};
const t = (key: string) => EN[key] ?? key;

const readBack = async (buffer: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as never);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const width = sheet.getRow(1).cellCount;
  const rows: ExcelJS.Cell[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1)));
  });
  return { sheet, rows, header: rows[0]?.map((c) => c.value) ?? [] };
};

async function* slowly(items: Container[]) {
  for (const item of items) yield item;
}

describe('writeContainersXlsx', () => {
  it('leaves hidden fields out of the workbook: no header, no value anywhere', async () => {
    const { buffer, columns, rowCount } = await writeContainersXlsx({
      containers: [container(1), container(2)],
      granted: STAFF,
      t,
    });
    expect(rowCount).toBe(2);
    expect(columns).not.toContain('price');
    const { rows, header } = await readBack(buffer as Buffer);
    expect(header).not.toContain('Price');
    expect(header).not.toContain('Charge');
    const values = rows.flat().map((c) => c.value);
    expect(values).not.toContain(12.34);
    expect(values).not.toContain('SECRET-CHARGE');
    expect(values).not.toContain('K1');
    expect(rows).toHaveLength(3);
  });

  it('writes every permitted field, translated headers first', async () => {
    const { buffer } = await writeContainersXlsx({ containers: [container(1)], granted: ALL_FIELDS, t });
    const { header, rows } = await readBack(buffer as Buffer);
    expect(header.slice(0, 2)).toEqual(['Location', 'location:fields.code']);
    expect(header).toContain('Price');
    expect(header).toContain('Charge');
    expect(rows[1]?.map((c) => c.value)).toContain('SECRET-CHARGE');
    expect(header).toHaveLength(exportColumns(ALL_FIELDS).length);
  });

  it('leaves the picture out: an image is no text for a cell (no column of data:image/svg+xml)', async () => {
    const pictured = { ...container(1), picture: 'data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E' };
    const { buffer, columns } = await writeContainersXlsx({ containers: [pictured], granted: ALL_FIELDS, t });
    expect(columns).not.toContain('picture');
    const { rows } = await readBack(buffer as Buffer);
    const texts = rows.flat().map((c) => String(c.value ?? ''));
    expect(texts.filter((v) => v.startsWith('data:'))).toEqual([]);
  });

  it("writes the shared labels of the owner's language when no translator is given", async () => {
    const cell = (rows: ExcelJS.Cell[][], key: string) =>
      rows[1]?.[exportColumns(ALL_FIELDS).findIndex((c) => c.key === key)]?.value;
    const german = await readBack(
      (await writeContainersXlsx({ containers: [container(1)], granted: ALL_FIELDS, language: 'de' }))
        .buffer as Buffer,
    );
    expect(german.header.slice(0, 3)).toEqual(['Lagerort-Code', 'Behältercode', 'Behälterplatzcode']);
    expect(german.header).toContain('Preis');
    expect(german.header.every((h) => typeof h === 'string' && !h.includes(':'))).toBe(true);
    expect(cell(german.rows, 'obligatory')).toBe('Ja');
    expect(cell(german.rows, 'deliveryStatus')).toBe('In Lieferung');
    // Hidden fields stay absent whatever the language.
    const staffInPolish = await readBack(
      (await writeContainersXlsx({ containers: [container(1)], granted: STAFF, language: 'pl' }))
        .buffer as Buffer,
    );
    expect(staffInPolish.header).toContain('Nazwa artykułu');
    expect(staffInPolish.header).not.toContain('Cena');
    expect(staffInPolish.rows.flat().map((c) => c.value)).not.toContain(12.34);
    // An unknown language falls back to the default, de.
    const unknown = await readBack(
      (await writeContainersXlsx({ containers: [], granted: STAFF, language: 'xx' })).buffer as Buffer,
    );
    expect(unknown.header).toContain('Artikelbezeichnung');
  });

  it('writes numbers as numbers with two decimals, dates as dates, yes/no and states translated', async () => {
    const { buffer } = await writeContainersXlsx({
      containers: slowly([container(1)]),
      granted: ALL_FIELDS,
      t,
      timeZone: 'Europe/Berlin',
    });
    const { rows, header } = await readBack(buffer as Buffer);
    const cell = (key: string) => rows[1]?.[exportColumns(ALL_FIELDS).findIndex((c) => c.key === key)];
    expect(header).toHaveLength(rows[1]?.length ?? 0);
    expect(cell('price')?.value).toBe(12.34);
    expect(cell('price')?.numFmt).toBe('0.00');
    expect(cell('numberOfScans')?.value).toBe(7);
    expect(cell('numberOfScans')?.numFmt).toBe('0');
    expect(cell('deliveryNoteDate')?.value).toEqual(new Date('2025-03-04T00:00:00Z'));
    expect(cell('deliveryNoteDate')?.numFmt).toBe('yyyy-mm-dd');
    // 22:15 UTC is 00:15 the next day in Berlin (summer time): Excel shows the wall clock.
    expect(cell('lastScannedDate')?.value).toEqual(new Date('2025-07-01T00:15:00Z'));
    expect(cell('obligatory')?.value).toBe('Yes');
    expect(cell('deliveryStatus')?.value).toBe('In delivery');
  });

  it('leaves absent values empty and keeps the file valid with control characters in text', async () => {
    const { buffer } = await writeContainersXlsx({
      containers: [
        container(1, { articleName: 'Bad\u0000name\u0007', price: undefined, deliveryNoteDate: null }),
      ],
      granted: ALL_FIELDS,
      t,
    });
    const { rows } = await readBack(buffer as Buffer);
    const cell = (key: string) => rows[1]?.[exportColumns(ALL_FIELDS).findIndex((c) => c.key === key)];
    expect(cell('articleName')?.value).toBe('Badname');
    expect(cell('price')?.value).toBeNull();
    expect(cell('deliveryNoteDate')?.value).toBeNull();
  });

  it('streams into a caller stream and reports the bytes written', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (c: Buffer) => chunks.push(c));
    const result = await writeContainersXlsx({ containers: [container(1)], granted: STAFF, t, output });
    expect(result.buffer).toBeUndefined();
    const bytes = Buffer.concat(chunks);
    expect(result.size).toBe(bytes.byteLength);
    expect((await readBack(bytes)).rows).toHaveLength(2);
  });

  it('writes an empty export as a header row only', async () => {
    const { buffer, rowCount } = await writeContainersXlsx({ containers: [], granted: STAFF, t });
    expect(rowCount).toBe(0);
    expect((await readBack(buffer as Buffer)).rows).toHaveLength(1);
  });

  it('stops when aborted (server shutdown) and when the source fails', async () => {
    const controller = new AbortController();
    async function* endless() {
      for (let n = 0; ; n++) {
        if (n === 1500) controller.abort(new Error('shutting down'));
        yield container(n);
      }
    }
    await expect(
      writeContainersXlsx({ containers: endless(), granted: STAFF, t, signal: controller.signal }),
    ).rejects.toThrow('shutting down');
    async function* failing() {
      yield container(1);
      throw new Error('database went away');
    }
    await expect(writeContainersXlsx({ containers: failing(), granted: STAFF, t })).rejects.toThrow(
      'database went away',
    );
  });

  it('writes 5,000 rows from an async source (100,000: npm run bench:export)', async () => {
    async function* many() {
      for (let n = 0; n < 5_000; n++) yield container(n);
    }
    const { rowCount, buffer } = await writeContainersXlsx({ containers: many(), granted: ALL_FIELDS, t });
    expect(rowCount).toBe(5_000);
    const { sheet } = await readBack(buffer as Buffer);
    expect(sheet.rowCount).toBe(5_001);
  });
});
