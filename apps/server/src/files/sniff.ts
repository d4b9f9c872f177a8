import { contract } from '@falcon/api-client';
import { fileTypeFromBuffer } from 'file-type';
import { fail, ok, type Result } from './result';

export type UploadKind = 'image' | 'branchMap' | 'barcodeList' | 'inventoryList';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'xlsx' | 'csv' | 'txt';

const FORMAT_MIME: Record<SniffedFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  xlsx: XLSX_MIME,
  csv: 'text/csv',
  txt: 'text/plain',
};

const FORMAT_EXT: Record<SniffedFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  xlsx: 'xlsx',
  csv: 'csv',
  txt: 'txt',
};

export interface UploadRule {
  maxBytes: number;
  /** Content types accepted, as detected from the bytes. */
  accept: readonly string[];
}

/**
 * Limits and allowed types per upload, read from the contract so client and server agree.
 * Inventory lists need a quantity column, so plain text without any delimiter is refused for them.
 */
export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  image: contract.location.uploadImage.multipart,
  branchMap: contract.branch.uploadMap.multipart,
  barcodeList: contract.barcodeLists.upload.multipart,
  inventoryList: {
    maxBytes: contract.inventoryLists.upload.multipart.maxBytes,
    accept: ['text/csv', XLSX_MIME],
  },
};

export interface Sniffed {
  format: SniffedFormat;
  /** The detected content type: store and serve this, never the one the browser sent. */
  mime: string;
  /** The extension matching the content (for display names and downloads). */
  ext: string;
  /** Decoded text of csv/txt content (BOM removed), so parsers need not guess the encoding again. */
  text?: string;
  encoding?: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

// Controls that never occur in a text list (tab, LF, VT, FF, CR and DOS EOF are allowed).
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find them
const BINARY_CHARS = /[\u0000-\u0008\u000e-\u0019\u001b-\u001f\u007f-\u009f\ufffd]/;

const decode = (encoding: NonNullable<Sniffed['encoding']>, bytes: Uint8Array): string | null => {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
};

/**
 * Text has no magic bytes: it is text when it decodes (UTF-8, UTF-16 with BOM, else Windows-1252,
 * what German Excel writes as "CSV") and holds no NUL or other binary control characters.
 */
const decodeText = (bytes: Uint8Array): Pick<Sniffed, 'text' | 'encoding'> | null => {
  const [a, b] = [bytes[0], bytes[1]];
  let encoding: NonNullable<Sniffed['encoding']> =
    a === 0xff && b === 0xfe ? 'utf-16le' : a === 0xfe && b === 0xff ? 'utf-16be' : 'utf-8';
  let text = decode(encoding, bytes);
  if (text === null && encoding === 'utf-8' && !bytes.includes(0)) {
    encoding = 'windows-1252';
    text = decode(encoding, bytes);
  }
  if (text === null || BINARY_CHARS.test(text)) return null;
  return { text: text.replace(/^\uFEFF/, ''), encoding };
};

const textFormat = (text: string): SniffedFormat => (/[;,\t]/.test(text) ? 'csv' : 'txt');

/** What the bytes are, by magic bytes (never by file name); undefined when not a known format. */
const sniff = async (bytes: Uint8Array): Promise<Sniffed | undefined> => {
  // UTF-16 text starts with a BOM that file-type mistakes for an MPEG frame.
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!utf16) {
    const detected = await fileTypeFromBuffer(bytes);
    if (detected) {
      const format = (Object.keys(FORMAT_MIME) as SniffedFormat[]).find(
        (f) => FORMAT_MIME[f] === detected.mime,
      );
      return format ? { format, mime: detected.mime, ext: FORMAT_EXT[format] } : undefined;
    }
  }
  const decoded = decodeText(bytes);
  if (!decoded?.text) return undefined;
  const format = textFormat(decoded.text);
  return { format, mime: FORMAT_MIME[format], ext: FORMAT_EXT[format], ...decoded };
};

const describe = (accept: readonly string[]) =>
  accept
    .map((m) => (Object.keys(FORMAT_MIME) as SniffedFormat[]).find((f) => FORMAT_MIME[f] === m) ?? m)
    .join(', ');

/**
 * The error for a file over its kind's limit, for routes whose multipart reader stops at
 * `maxBytes + 1` (@fastify/multipart: `limits.fileSize`, then RequestFileTooLargeError or
 * `file.truncated`).
 */
export const tooLarge = (kind: UploadKind) => {
  const { maxBytes } = UPLOAD_RULES[kind];
  return fail('payload_too_large', `The file is larger than ${maxBytes} bytes.`, { maxBytes });
};

/**
 * Checks an upload before anything else reads it: size against the contract's limit, content
 * type by magic bytes against the allow-list of its kind.
 */
export const checkUpload = async (kind: UploadKind, bytes: Uint8Array): Promise<Result<Sniffed>> => {
  const rule = UPLOAD_RULES[kind];
  if (bytes.byteLength > rule.maxBytes) return tooLarge(kind);
  if (bytes.byteLength === 0) return fail('upload_failed', 'The file is empty.');
  const sniffed = await sniff(bytes);
  if (!sniffed || !rule.accept.includes(sniffed.mime))
    return fail('unsupported_media_type', `Only ${describe(rule.accept)} files are accepted.`, {
      accept: rule.accept,
      ...(sniffed ? { detected: sniffed.mime } : {}),
    });
  return ok(sniffed);
};
