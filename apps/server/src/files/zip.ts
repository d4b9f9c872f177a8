import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  /** Total bytes all entries may unpack to. */
  maxUnpackedBytes: number;
  maxEntries: number;
}

export type ZipCheck = { ok: true; unpackedBytes: number; entries: number } | { ok: false; reason: string };

/**
 * Measures what a zip (an xlsx) really unpacks to, inflating each entry with a hard output cap,
 * so a zip bomb is refused before a spreadsheet library expands it in memory. Sizes declared in
 * the headers are not trusted.
 */
export const checkZip = (bytes: Uint8Array, limits: ZipLimits): ZipCheck => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  const stop = Math.max(0, end - 0xffff);
  while (end >= stop && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < stop) return { ok: false, reason: 'not a zip archive' };
  const count = view.getUint16(end + 10, true);
  if (count > limits.maxEntries) return { ok: false, reason: 'too many entries' };
  let p = view.getUint32(end + 16, true);
  let total = 0;
  try {
    for (let i = 0; i < count; i++) {
      if (view.getUint32(p, true) !== 0x02014b50) return { ok: false, reason: 'broken central directory' };
      const flags = view.getUint16(p + 8, true);
      const method = view.getUint16(p + 10, true);
      const compressed = view.getUint32(p + 20, true);
      const nameLength = view.getUint16(p + 28, true);
      const extra = view.getUint16(p + 30, true);
      const comment = view.getUint16(p + 32, true);
      const local = view.getUint32(p + 42, true);
      p += 46 + nameLength + extra + comment;
      if (flags & 1) return { ok: false, reason: 'encrypted entry' };
      if (compressed === 0xffffffff || local === 0xffffffff)
        return { ok: false, reason: 'zip64 is not supported' };
      if (view.getUint32(local, true) !== 0x04034b50) return { ok: false, reason: 'broken local header' };
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = bytes.subarray(start, start + compressed);
      const budget = limits.maxUnpackedBytes - total;
      if (method === 0) total += data.byteLength;
      else if (method === 8)
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, budget + 1) }).byteLength;
      else return { ok: false, reason: `compression method ${method} is not supported` };
      if (total > limits.maxUnpackedBytes) return { ok: false, reason: 'unpacks to too much data' };
    }
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    return { ok: false, reason: tooLarge ? 'unpacks to too much data' : 'corrupt archive' };
  }
  return { ok: true, unpackedBytes: total, entries: count };
};
