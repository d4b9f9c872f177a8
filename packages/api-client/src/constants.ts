// Plain constants of the contract, without zod: the browser's first bundle imports these.

/** Interface languages (spec section 1). `cz` is what the product shows and sends; i18next uses `cs`. */
export const LANGUAGES = ['de', 'en', 'cz', 'pl', 'hu', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const MAX_PAGE_SIZE = 200;

/** Message keys of spec section 8, plus the generic ones every API needs. */
export const MESSAGE_KEYS = [
  'login_failed',
  'login_successful',
  'invalid_credentials',
  'unspecifiedNetworkError',
  'container_not_found',
  'location_not_found',
  'not_found',
  'unauthorized',
  'forbidden',
  'validation_error',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'service_unavailable',
  'csrf_header_missing',
  'deactivate_error',
  'deactivate_success',
  'change_quantity_error',
  'change_quantity_success',
  'order_error',
  'order_success',
  'scan_error',
  'scan_success',
  'upload_failed',
  'upload_error',
  'upload_successful',
  'upload_again_required',
  'deletion_error',
  'deletion_success',
  'user_save_error',
  'user_save_success',
  'username_already_exists',
  'rolename_already_exists',
  'role_save_success',
  'role_read_only',
  'permission_not_held',
  'scope_required',
  'passwords_different',
  'wrong_password',
  'invalid_barcode',
  'camera_permission_required',
  'excel_export_success',
  'request_already_reviewed',
  'request_not_applicable',
  'logout_warning',
  'internal_error',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** Upload limits: the server enforces them, the client checks before sending. */
export const UPLOAD_LIMITS = {
  imageBytes: 10 * 1024 * 1024,
  mapBytes: 15 * 1024 * 1024,
  listBytes: 5 * 1024 * 1024,
} as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const LIST_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

export const PROTOCOL_TYPES = [
  'signin',
  'signin_failed',
  'signout',
  'impersonate',
  'permission_denied',
  'create',
  'update',
  'delete',
  'request',
  'review_approved',
  'review_rejected',
  'upload',
  'export',
] as const;

/** The kinds of review request a container action or an inventory transfer creates. */
export const REVIEW_TYPES = [
  'scan',
  'deactivate',
  'changequantity',
  'additionalorder',
  'inventorytransfer',
] as const;
