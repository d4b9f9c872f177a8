import type { MessageKey } from '@falcon/api-client';

/**
 * A rejected upload as a value: the route answers `{ error, message, details: { field } }` with
 * `status`. Keys are those of the contract's MESSAGE_KEYS (spec section 8 where one exists).
 */
export interface FileError {
  error: Extract<MessageKey, 'upload_failed' | 'payload_too_large' | 'unsupported_media_type'>;
  field: string;
  status: 400 | 413 | 415;
  /** English text for logs and the `message` of the error body; the UI translates `error`. */
  message: string;
  details?: Record<string, unknown>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: FileError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

const STATUS: Record<FileError['error'], FileError['status']> = {
  upload_failed: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
};

export const fail = (
  error: FileError['error'],
  message: string,
  details?: Record<string, unknown>,
  field = 'file',
): { ok: false; error: FileError } => ({
  ok: false,
  error: { error, field, status: STATUS[error], message, ...(details ? { details } : {}) },
});
