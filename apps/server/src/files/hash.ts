import { createHash } from 'node:crypto';

/** sha-256 of the uploaded bytes (hex): the same file uploaded twice. */
export const contentHash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * sha-256 of a list's parsed rows (hex): the same list uploaded twice even when re-saved, saved
 * as xlsx instead of csv, or with another header. Use this one for `duplicateOf`.
 */
export const rowsFingerprint = (rows: readonly (readonly (string | number | null)[])[]): string => {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(`${row.map((c) => String(c ?? '')).join('\u001f')}\n`);
  return hash.digest('hex');
};
