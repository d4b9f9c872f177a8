import { MESSAGE_KEYS, type MessageKey } from './constants';
import type { ErrorBody } from './contract/common';

const messageKeys: ReadonlySet<string> = new Set(MESSAGE_KEYS);

/** The `{ error, message, details? }` body of the contract, checked by hand: this module stays free of zod. */
const asErrorBody = (body: unknown): ErrorBody | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message, details } = body as Record<string, unknown>;
  if (typeof error !== 'string' || !messageKeys.has(error) || typeof message !== 'string') return undefined;
  if (details !== undefined && (typeof details !== 'object' || details === null)) return undefined;
  return { error: error as MessageKey, message, details: details as ErrorBody['details'] };
};

/** A failed call: HTTP status (0 when the network failed), the message key and the server's details. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    message: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
  }

  get field(): string | undefined {
    return this.details?.field;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** Reads the `{ error, message, details }` body of a failed response, whatever the server sent. */
export const errorFromResponse = async (response: Response): Promise<ApiError> => {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = asErrorBody(body);
  if (parsed) return new ApiError(response.status, parsed.error, parsed.message, parsed.details);
  const fallback: MessageKey =
    response.status === 401
      ? 'unauthorized'
      : response.status === 403
        ? 'forbidden'
        : response.status === 404
          ? 'not_found'
          : 'unspecifiedNetworkError';
  return new ApiError(response.status, fallback, response.statusText || fallback);
};
