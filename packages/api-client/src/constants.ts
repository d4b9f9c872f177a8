// Plain constants of the contract, without zod: the browser's first bundle imports these.

/** Interface languages (spec section 1), from @falcon/locales: `cz` is what the API sends; i18next uses `cs`. */
export { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@falcon/locales';

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
  'stocktake_finished',
  'stocktake_open',
  'stocktake_handed_over',
  'logout_warning',
  'internal_error',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

// The data screens' constants (paging, uploads, protocol, review requests) are in data-constants.ts: a
// page that needs only the languages and message keys above does not carry them.
