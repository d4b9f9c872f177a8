import { describe, expect, it } from 'vitest';
import { parseBarcodeList } from './barcodes';
import { xlsx, zip } from './testing';
import { checkZip } from './zip';

const limits = { maxUnpackedBytes: 1024 * 1024, maxEntries: 10 };

describe('checkZip', () => {
  it('measures what the entries really unpack to, whatever the headers claim', () => {
    const archive = zip([{ name: 'a.xml', data: Buffer.alloc(2 * 1024 * 1024, 'a') }]);
    // Claim 10 bytes uncompressed in the central directory.
    const central = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    archive.writeUInt32LE(10, central + 24);
    expect(checkZip(archive, limits)).toEqual({ ok: false, reason: 'unpacks to too much data' });
  });

  it('passes an ordinary archive and counts its entries', () => {
    const archive = zip([
      { name: 'a.xml', data: Buffer.from('<a/>') },
      { name: 'b.xml', data: Buffer.from('<b/>') },
    ]);
    expect(checkZip(archive, limits)).toEqual({ ok: true, unpackedBytes: 8, entries: 2 });
  });

  it('refuses archives with too many entries, and bytes that are no archive', () => {
    const many = zip(Array.from({ length: 11 }, (_, i) => ({ name: `${i}.xml`, data: Buffer.from('x') })));
    expect(checkZip(many, limits)).toMatchObject({ ok: false, reason: 'too many entries' });
    expect(checkZip(Buffer.from('PK\u0003\u0004 not really'), limits)).toMatchObject({ ok: false });
  });
});

describe('a damaged spreadsheet', () => {
  it('is refused as a failed upload, not a crash', async () => {
    const bytes = await xlsx([['4006381333931']]);
    const damaged = Buffer.from(bytes);
    // The start (the entries file-type recognises) intact, the sheet data after it broken.
    damaged.fill(0x41, 3000, 5000);
    expect(await parseBarcodeList(damaged)).toMatchObject({
      ok: false,
      error: { error: 'upload_failed', field: 'file', status: 400 },
    });
  });
});
