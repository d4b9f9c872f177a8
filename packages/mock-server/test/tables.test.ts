import { describe, expect, it } from 'vitest';
import { readTable, withoutHeader } from '../src/tables';
import { writeXlsx, XLSX_TYPE } from '../src/xlsx';

describe('the mock reads the lists users upload', () => {
  it('reads back an xlsx of its own export: header, text with markup characters, numbers; no trailing empty cell', async () => {
    const bytes = writeXlsx(
      'Barcodes',
      ['Barcode', 'Menge'],
      [
        ['4006381333931', 12],
        ['Ölwanne & Co <1>', null],
      ],
    );
    const rows = await readTable(
      new File([bytes as Uint8Array<ArrayBuffer>], 'list.xlsx', { type: XLSX_TYPE }),
    );
    expect(withoutHeader(rows).map((r) => r.cells.slice(0, 2))).toEqual([
      ['4006381333931', '12'],
      ['Ölwanne & Co <1>'],
    ]);
  });

  it('writes the same export byte for byte twice', () => {
    const a = writeXlsx('S', ['A'], [['x']]);
    const b = writeXlsx('S', ['A'], [['x']]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('reads a semicolon-separated text list', async () => {
    const rows = await readTable(new File(['Barcode;Menge\n123;4\n'], 'list.csv', { type: 'text/csv' }));
    expect(withoutHeader(rows).map((r) => r.cells)).toEqual([['123', '4']]);
  });
});
