/** Builders of real upload bytes for the tests (never imported by production code). */
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import sharp from 'sharp';

export const png = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

export const jpeg = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 200, b: 30 } } })
    .jpeg()
    .toBuffer();

export const webp = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 30, b: 200 } } })
    .webp()
    .toBuffer();

export const gif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .gif()
    .toBuffer();

/** A small PNG whose header claims `width` x `height`: a decompression bomb as the decoder sees it. */
export const pngClaiming = async (width: number, height: number): Promise<Buffer> => {
  const bytes = Buffer.from(await png(8, 8));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows the 13 data bytes.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
};

/** An xlsx with one sheet holding `rows` (numbers stay numbers, as Excel keeps them). */
export const xlsx = async (rows: readonly (readonly (string | number | null)[])[]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Liste');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** A zip with deflated entries (for archives exceljs would not write, such as zip bombs). */
export const zip = (entries: readonly { name: string; data: Buffer }[]): Buffer => {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name);
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(dir, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, end]);
};

/** EAN-13 with the right check digit for the 12 digits given. */
export const ean13 = (first12: string): string => {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
};

export const text = (value: string) => Buffer.from(value, 'utf8');
