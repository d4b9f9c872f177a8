import { createHash, randomBytes } from 'node:crypto';

/** Sortable, unique ids: prefix + time (base36) + random; safe across server instances. */
export const newId = (prefix: string): string =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

export const randomToken = (): string => randomBytes(32).toString('base64url');
