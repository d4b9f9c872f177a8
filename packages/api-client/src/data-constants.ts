// Constants of the data screens, without zod (constants.ts holds the languages and message keys).

export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const MAX_PAGE_SIZE = 200;

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
