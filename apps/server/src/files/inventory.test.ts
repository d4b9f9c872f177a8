import { InventoryRow } from '@falcon/api-client';
import { describe, expect, it } from 'vitest';
import {
  checkInventory,
  codesToLookUp,
  inventoryCounts,
  inventoryLookup,
  type ParsedInventoryList,
  parseInventoryList,
  parseQuantity,
} from './inventory';
import { ean13, text, xlsx } from './testing';

const A = ean13('400000000001');
const B = ean13('400000000002');
const C = ean13('400000000003');
const lookup = inventoryLookup([
  { id: 'K0000001', barcode: A, code: 'KB-0000001' },
  { id: 'K0000002', barcode: B, code: 'KB-0000002' },
  { id: 'K0000003', barcode: C, code: 'KB-0000003' },
]);

const parsed = async (bytes: Uint8Array): Promise<ParsedInventoryList> => {
  const result = await parseInventoryList(bytes, 'inventur.csv');
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  return result.value;
};

describe('parseQuantity', () => {
  it('takes non-negative numbers with a decimal point or comma', () => {
    expect(['3', '0', '2,5', '2.5', ' 12 ', '1000'].map(parseQuantity)).toEqual([3, 0, 2.5, 2.5, 12, 1000]);
    expect(parseQuantity(7.25)).toBe(7.25);
  });

  it('refuses text, negatives, exponents, hex and empty cells', () => {
    expect(['abc', '-1', '1e3', '0x10', '', '1,2,3'].map(parseQuantity)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(parseQuantity(-2)).toBeNull();
  });

  it('refuses "1.000" and "1,000": a thousand or one depending on the language', () => {
    expect(parseQuantity('1.000')).toBeNull();
    expect(parseQuantity('1,000')).toBeNull();
    expect(parseQuantity('1.0005')).toBe(1.0005);
  });
});

describe('inventory lists', () => {
  it('validates every row as the contract shows it', async () => {
    const list = await parsed(
      text(
        [
          'Barcode;Menge;Kommentar',
          `${A};3;`,
          'KB-0000002;2,5;Regal 4 leer',
          `${C};abc`,
          '4000000099999;1',
          `${A};4`,
          ';5',
        ].join('\n'),
      ),
    );
    const rows = checkInventory(list.rows, lookup);
    expect(rows).toEqual([
      { line: 2, barcode: A, quantity: 3, containerId: 'K0000001', errors: ['duplicate_barcode'] },
      { line: 3, barcode: 'KB-0000002', quantity: 2.5, containerId: 'K0000002', errors: [] },
      { line: 4, barcode: C, quantity: null, containerId: 'K0000003', errors: ['invalid_quantity'] },
      { line: 5, barcode: '4000000099999', quantity: 1, containerId: null, errors: ['invalid_barcode'] },
      { line: 6, barcode: A, quantity: 4, containerId: 'K0000001', errors: ['duplicate_barcode'] },
      { line: 7, barcode: '', quantity: 5, containerId: null, errors: ['invalid_barcode'] },
    ]);
    for (const row of rows) expect(InventoryRow.strict().parse(row)).toEqual(row);
    expect(inventoryCounts(rows)).toEqual({ rowCount: 6, errorCount: 5 });
    expect(list.rows[1]?.comment).toBe('Regal 4 leer');
  });

  it('counts a container once: its barcode and its code on two rows are a duplicate', async () => {
    const rows = checkInventory((await parsed(text(`${B};1\nKB-0000002;1\n${C};1\n`))).rows, lookup);
    expect(rows.map((r) => r.errors)).toEqual([['duplicate_barcode'], ['duplicate_barcode'], []]);
  });

  it('reads xlsx with number cells and keeps a container code in the first row (no header)', async () => {
    const list = await parsed(
      await xlsx([
        ['KB-0000001', 3],
        [Number(B), 0],
        [C, '7'],
      ]),
    );
    const rows = checkInventory(list.rows, lookup);
    expect(rows.map((r) => [r.line, r.barcode, r.quantity, r.containerId, r.errors.length])).toEqual([
      [1, 'KB-0000001', 3, 'K0000001', 0],
      [2, B, 0, 'K0000002', 0],
      [3, C, 7, 'K0000003', 0],
    ]);
    expect(codesToLookUp(list.rows)).toEqual(['KB-0000001', B, C]);
  });

  it('refuses a wrong check digit even if some container carried that number', async () => {
    const bad = `${A.slice(0, 12)}${(Number(A[12]) + 1) % 10}`;
    const rows = checkInventory((await parsed(text(`${bad};1\n`))).rows, new Map([[bad, 'K9']]));
    expect(rows[0]?.errors).toEqual(['invalid_barcode']);
  });

  it('refuses a single-column text as an inventory list, and an empty one', async () => {
    expect(await parseInventoryList(text(`${A}\n${B}\n`))).toMatchObject({
      ok: false,
      error: { error: 'unsupported_media_type', field: 'file' },
    });
    expect(await parseInventoryList(text('Barcode;Menge\n'))).toMatchObject({
      ok: false,
      error: { error: 'upload_failed' },
    });
  });
});
