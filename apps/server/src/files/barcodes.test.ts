import { BarcodeListRow } from '@falcon/api-client';
import { describe, expect, it } from 'vitest';
import {
  barcodeCounts,
  barcodesToLookUp,
  checkBarcodes,
  isValidEan13,
  type ParsedBarcodeList,
  parseBarcodeList,
} from './barcodes';
import { contentHash } from './hash';
import { ean13, text, xlsx, zip } from './testing';

const A = ean13('400000000001');
const B = ean13('400000000002');
const C = ean13('400000000003');
/** The containers of the location the list is uploaded to. */
const location = new Map([
  [A, 'K0000001'],
  [B, 'K0000002'],
  [C, 'K0000003'],
]);
const wrongCheckDigit = (code: string) => `${code.slice(0, 12)}${(Number(code[12]) + 1) % 10}`;

const parsed = async (bytes: Uint8Array, name?: string): Promise<ParsedBarcodeList> => {
  const result = await parseBarcodeList(bytes, name);
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  return result.value;
};

describe('isValidEan13', () => {
  it('checks the check digit', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('400638133393a')).toBe(false);
  });
});

describe('barcode lists', () => {
  it('reports exactly the row with a wrong check digit, by its line in the file', async () => {
    const list = await parsed(text(`Barcode\n${A}\n  ${B}  \n${wrongCheckDigit(C)}\n`), 'liste.csv');
    const rows = checkBarcodes(list.rows, location);
    expect(rows).toEqual([
      { line: 2, barcode: A, valid: true, error: null, containerId: 'K0000001' },
      { line: 3, barcode: B, valid: true, error: null, containerId: 'K0000002' },
      { line: 4, barcode: wrongCheckDigit(C), valid: false, error: 'invalid_barcode', containerId: null },
    ]);
    expect(barcodeCounts(rows)).toEqual({ rowCount: 3, invalidCount: 1 });
  });

  it('marks a well-formed barcode of another location invalid', async () => {
    const foreign = ean13('400000009999');
    const rows = checkBarcodes((await parsed(text(`${A}\n${foreign}\n`))).rows, location);
    expect(rows.map((r) => [r.barcode, r.error])).toEqual([
      [A, null],
      [foreign, 'invalid_barcode'],
    ]);
  });

  it('gives rows exactly in the shape of the contract', async () => {
    const rows = checkBarcodes((await parsed(text(`${A}\nnonsense\n`))).rows, location);
    for (const row of rows) expect(BarcodeListRow.strict().parse(row)).toEqual(row);
  });

  it('takes the first column of a csv (any delimiter), skips blank lines, keeps line numbers', async () => {
    const list = await parsed(
      text(`EAN-13;Artikel;Menge\r\n${A};Schraube M6;4\r\n\r\n"${B}";"Mutter; M6";2\r\n`),
    );
    expect(list.rows).toEqual([
      { line: 2, barcode: A },
      { line: 4, barcode: B },
    ]);
    const tabs = await parsed(text(`${C}\tx\n`));
    expect(tabs.rows).toEqual([{ line: 1, barcode: C }]);
  });

  it('joins the digit groups printed under the bars', async () => {
    const spaced = `${A.slice(0, 1)} ${A.slice(1, 7)} ${A.slice(7)}`;
    expect((await parsed(text(`${spaced}\n`))).rows).toEqual([{ line: 1, barcode: A }]);
  });

  it('reads xlsx: text and number cells, header row, leading zeros Excel dropped', async () => {
    const upc = ean13('003600029145');
    const list = await parsed(
      await xlsx([['Barcode'], [A], [Number(B)], [Number(upc)], [null], [C]]),
      'l.xlsx',
    );
    expect(list.rows).toEqual([
      { line: 2, barcode: A },
      { line: 3, barcode: B },
      { line: 4, barcode: upc },
      { line: 6, barcode: C },
    ]);
    expect(list.sniffed.format).toBe('xlsx');
    expect(list.filename).toBe('l.xlsx');
  });

  it('fingerprints the list, not the file: the same barcodes as csv and xlsx match', async () => {
    const csv = await parsed(text(`barcode\n${A}\n${B}\n`));
    const sheet = await parsed(await xlsx([['EAN'], [A], [B]]));
    const other = await parsed(text(`${B}\n${A}\n`));
    expect(csv.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(sheet.fingerprint).toBe(csv.fingerprint);
    expect(other.fingerprint).not.toBe(csv.fingerprint);
    expect(contentHash(text('x'))).toBe('2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881');
  });

  it('lists the distinct well-formed barcodes the route has to look up', async () => {
    const list = await parsed(text(`${A}\n${A}\n${wrongCheckDigit(B)}\n${C}\n`));
    expect(barcodesToLookUp(list.rows)).toEqual([A, C]);
  });

  it('refuses an empty list, a list of only a header, and a png', async () => {
    for (const bytes of [text('\n\n'), text('Barcode\n')])
      expect(await parseBarcodeList(bytes)).toMatchObject({ ok: false, error: { error: 'upload_failed' } });
  });

  it('refuses a list longer than 20,000 rows', async () => {
    const many = Array.from({ length: 20_002 }, () => A).join('\n');
    expect(await parseBarcodeList(text(many))).toMatchObject({
      ok: false,
      error: { error: 'upload_failed', details: { maxRows: 20_000 } },
    });
  });

  it('refuses an xlsx that unpacks to more than 10 MB (a zip bomb) before parsing it', async () => {
    const bomb = zip([
      {
        name: '[Content_Types].xml',
        data: text(
          '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
        ),
      },
      { name: 'xl/workbook.xml', data: text('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(40 * 1024 * 1024, ' ') },
    ]);
    expect(bomb.byteLength).toBeLessThan(100_000);
    expect(await parseBarcodeList(bomb)).toMatchObject({ ok: false, error: { error: 'payload_too_large' } });
  });
});
