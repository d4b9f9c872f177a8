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
  'review_answered',
  'review_closed',
  'review_withdrawn',
  'rack_handled',
  'upload',
  'export',
] as const;

/**
 * The kinds of review request: a container action, an inventory transfer, a message about a container,
 * shelf or rack (answered or closed by the clerk), and a scan of every container of a rack.
 */
export const REVIEW_TYPES = [
  'scan',
  'deactivate',
  'changequantity',
  'additionalorder',
  'inventorytransfer',
  'message',
  'rackscan',
] as const;

/**
 * The states of a request: pending until the clerk approves or rejects it (an action), answers or
 * closes it (a message), or the requester withdraws it.
 */
/**
 * The most requests a container's list answers (pending first, then newest first): a container messaged
 * thousands of times must not make its panel (and the server) carry them all.
 */
export const CONTAINER_REQUESTS_SHOWN = 50;

export const REVIEW_STATES = ['pending', 'approved', 'rejected', 'answered', 'closed', 'withdrawn'] as const;

/** The delivery states of a container (spec section 3). */
export const DELIVERY_STATES = ['inaccess', 'indelivery', 'backorder'] as const;

/**
 * Sort fields of container search. `relevance` is the default (the spec's 'Relevanz'); the spec's
 * price pair maps to `price`, 'year built' to `lastScannedDate`, 'make A-Z' to `articleName`.
 */
export const SEARCH_SORT_FIELDS = [
  'relevance',
  'code',
  'articleCode',
  'articleName',
  'price',
  'fillingQuantity',
  'reachInWeeks',
  'consumption',
  'deliveryStatus',
  'lastScannedDate',
  'expectedDeliveryDate',
  'rackCode',
] as const;
/** The result-sort list of spec section 2, mapped onto container fields. */
export const RESULT_SORT_OPTIONS = [
  { key: 'relevance', sortField: 'relevance', sortAsc: false },
  { key: 'price_asc', sortField: 'price', sortAsc: true },
  { key: 'price_desc', sortField: 'price', sortAsc: false },
  { key: 'date_asc', sortField: 'lastScannedDate', sortAsc: true },
  { key: 'date_desc', sortField: 'lastScannedDate', sortAsc: false },
  { key: 'name_asc', sortField: 'articleName', sortAsc: true },
  { key: 'name_desc', sortField: 'articleName', sortAsc: false },
] as const satisfies readonly {
  key: string;
  sortField: (typeof SEARCH_SORT_FIELDS)[number];
  sortAsc: boolean;
}[];

/** Label stocks of the label PDFs (issue 17): two A4 sheets (Avery L7163, L7160) and a 100 x 50 mm thermal roll. */
export const LABEL_LAYOUTS = ['a4-l7163', 'a4-l7160', 'thermal-100x50'] as const;
export const LABEL_KINDS = ['container', 'shelf', 'rack'] as const;
/** Most containers one label request may name (a whole location or rack is not limited). */
export const MAX_LABEL_SELECTION = 5_000;
