import { unzipSync } from 'fflate';

/**
 * The entries of a zip archive, to look inside a downloaded xlsx (fflate: the same reader the mock
 * uses for uploads; the server checks what an upload unpacks to with its own bounded inflation).
 */
export const unzip = (bytes: Uint8Array): Map<string, Uint8Array> =>
  new Map(Object.entries(unzipSync(bytes)));
