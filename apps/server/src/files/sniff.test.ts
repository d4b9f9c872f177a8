import { UPLOAD_LIMITS } from '@falcon/api-client';
import { describe, expect, it } from 'vitest';
import { checkUpload, tooLarge, XLSX_MIME } from './sniff';
import { gif, jpeg, png, text, webp, xlsx, zip } from './testing';

const padTo = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);

describe('checkUpload: content type by magic bytes', () => {
  it('refuses a png uploaded as a barcode list (whatever it was called)', async () => {
    const result = await checkUpload('barcodeList', await png());
    expect(result).toMatchObject({
      ok: false,
      error: {
        error: 'unsupported_media_type',
        field: 'file',
        status: 415,
        details: { detected: 'image/png' },
      },
    });
  });

  it('accepts jpeg, png and webp as gallery images and branch maps, and nothing else', async () => {
    for (const [bytes, mime] of [
      [await jpeg(), 'image/jpeg'],
      [await png(), 'image/png'],
      [await webp(), 'image/webp'],
    ] as const) {
      expect(await checkUpload('image', bytes)).toMatchObject({ ok: true, value: { mime } });
      expect(await checkUpload('branchMap', bytes)).toMatchObject({ ok: true, value: { mime } });
    }
    expect(await checkUpload('image', await gif())).toMatchObject({
      ok: false,
      error: { error: 'unsupported_media_type' },
    });
    expect(await checkUpload('image', text('4006381333931\n'))).toMatchObject({ ok: false });
  });

  it('accepts csv, plain text and xlsx barcode lists', async () => {
    expect(await checkUpload('barcodeList', text('barcode\n4006381333931\n'))).toMatchObject({
      ok: true,
      value: { format: 'txt', mime: 'text/plain', text: 'barcode\n4006381333931\n' },
    });
    expect(await checkUpload('barcodeList', text('4006381333931;1\n'))).toMatchObject({
      ok: true,
      value: { format: 'csv', mime: 'text/csv' },
    });
    expect(await checkUpload('barcodeList', await xlsx([['4006381333931']]))).toMatchObject({
      ok: true,
      value: { format: 'xlsx', mime: XLSX_MIME },
    });
  });

  it('takes inventory lists as csv or xlsx only: a text without columns has no quantities', async () => {
    expect((await checkUpload('inventoryList', text('4006381333931;3\n'))).ok).toBe(true);
    expect((await checkUpload('inventoryList', await xlsx([['4006381333931', 3]]))).ok).toBe(true);
    expect(await checkUpload('inventoryList', text('4006381333931\n'))).toMatchObject({
      ok: false,
      error: { error: 'unsupported_media_type' },
    });
  });

  it('refuses binaries that are not on the list: a zip that is no spreadsheet, a pdf, NUL bytes', async () => {
    const notXlsx = zip([{ name: 'readme.txt', data: text('hello') }]);
    const pdf = text('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    const nul = Buffer.from('4006381333931\n\u0000\u0000\n');
    for (const bytes of [notXlsx, pdf, nul])
      expect(await checkUpload('barcodeList', bytes)).toMatchObject({
        ok: false,
        error: { error: 'unsupported_media_type', status: 415 },
      });
  });

  it('reads text lists written as UTF-16 or as Windows-1252 (German Excel "CSV")', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Barcode;Menge\n4006381333931;2\n', 'utf16le'),
    ]);
    expect(await checkUpload('inventoryList', utf16)).toMatchObject({
      ok: true,
      value: { format: 'csv', encoding: 'utf-16le', text: 'Barcode;Menge\n4006381333931;2\n' },
    });
    const latin = Buffer.from('Barcode;Menge;Bemerkung\n4006381333931;2;Behälter beschädigt\n', 'latin1');
    expect(await checkUpload('inventoryList', latin)).toMatchObject({
      ok: true,
      value: { encoding: 'windows-1252', text: expect.stringContaining('Behälter beschädigt') },
    });
  });

  it('refuses an image one byte over the 10 MB limit and takes one of exactly 10 MB', async () => {
    const head = await png();
    expect(await checkUpload('image', padTo(head, UPLOAD_LIMITS.imageBytes + 1))).toMatchObject({
      ok: false,
      error: { error: 'payload_too_large', status: 413, details: { maxBytes: 10 * 1024 * 1024 } },
    });
    expect((await checkUpload('image', padTo(head, UPLOAD_LIMITS.imageBytes))).ok).toBe(true);
  });

  it('applies the contract limit of each kind: 15 MB maps, 5 MB lists', async () => {
    const head = await png();
    expect((await checkUpload('branchMap', padTo(head, UPLOAD_LIMITS.imageBytes + 1))).ok).toBe(true);
    expect((await checkUpload('branchMap', padTo(head, UPLOAD_LIMITS.mapBytes + 1))).ok).toBe(false);
    const list = Buffer.alloc(UPLOAD_LIMITS.listBytes + 1, '4006381333931\n');
    expect(await checkUpload('barcodeList', list)).toMatchObject({ error: { error: 'payload_too_large' } });
  });

  it('gives routes whose multipart reader stopped early the same error', () => {
    expect(tooLarge('branchMap')).toEqual({
      ok: false,
      error: {
        error: 'payload_too_large',
        field: 'file',
        status: 413,
        message: 'The file is larger than 15728640 bytes.',
        details: { maxBytes: UPLOAD_LIMITS.mapBytes },
      },
    });
  });

  it('refuses an empty file as a failed upload', async () => {
    expect(await checkUpload('barcodeList', Buffer.alloc(0))).toMatchObject({
      ok: false,
      error: { error: 'upload_failed', field: 'file', status: 400 },
    });
  });
});
