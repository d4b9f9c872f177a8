import type { MessageKey } from './constants';
import type { ErrorBody } from './contract/common';

// The failure both implementations of the contract (the real server and the mock) throw from a
// handler; each turns it into `{ error, message, details }` with its status. Free of zod.

/** English texts for the message keys; the UI translates the key, the text is for logs and tools. */
const MESSAGES: Partial<Record<MessageKey, string>> = {
  login_failed: 'Login failed! Please try again.',
  unauthorized: 'Please sign in.',
  forbidden: 'You are not allowed to do this.',
  csrf_header_missing: 'The X-Requested-With header is missing.',
  not_found: 'Not found.',
  location_not_found: 'Location not found.',
  container_not_found: 'Container not found.',
  validation_error: 'The request is invalid.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This content type is not accepted.',
  too_many_requests: 'Too many attempts. Please wait and try again.',
  service_unavailable: 'The service is unavailable. Please try again shortly.',
  username_already_exists: 'Username already exists.',
  rolename_already_exists: 'Role name already exists.',
  role_read_only: 'This role is maintained by the supplier; it can be viewed and assigned, not changed.',
  permission_not_held: 'You can grant only permissions you hold yourself.',
  scope_required: 'A customer user needs a scope: a concern, branches or locations.',
  passwords_different: 'Passwords are different.',
  wrong_password: 'The current password is wrong.',
  invalid_barcode: 'Invalid barcode.',
  upload_again_required: 'This list was uploaded before; confirm to upload it again.',
  upload_failed: 'The upload failed.',
  request_already_reviewed: 'The request has been reviewed already.',
  request_not_applicable: 'The change can no longer be applied; the request can only be rejected.',
  deletion_error: 'It could not be deleted.',
  deactivate_error: 'The container could not be deactivated.',
  internal_error: 'Something went wrong.',
};

export const messageOf = (key: MessageKey): string => MESSAGES[key] ?? key;

/** A failure with a status and a message key, thrown by a handler. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    message?: string,
    readonly details?: ErrorBody['details'],
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? messageOf(key));
  }

  get body(): ErrorBody {
    return this.details
      ? { error: this.key, message: this.message, details: this.details }
      : { error: this.key, message: this.message };
  }
}

export const fail = (status: number, key: MessageKey, field?: string, message?: string): never => {
  throw new HttpError(status, key, message, field === undefined ? undefined : { field });
};
export const notFound = (key: MessageKey = 'not_found'): never => fail(404, key);
export const invalid = (field: string, message?: string): never =>
  fail(400, 'validation_error', field, message);
export const forbidden = (field?: string): never => fail(403, 'forbidden', field);
