/**
 * Every query key of the app, from one factory: a key starts with the kind of thing it holds, so a
 * change invalidates by prefix (`queryKeys.roles.all` after a role is saved covers every roles page and
 * the roles list) without a feature knowing another's screens (features never import each other, but a
 * review's approval changes a container and the dashboard). Query options, with their calls, live in the
 * feature that reads them (`features/<f>/api/queries.ts`) or, when more than one reads them, in
 * lib/queries.ts.
 */
/** Where a container search looks: one location, a whole branch or a whole concern. */
export type SearchScope = 'location' | 'branch' | 'concern';

export const queryKeys = {
  concerns: {
    all: ['concerns'] as const,
    list: () => ['concerns', 'list'] as const,
  },
  concern: (code: string) => ['concern', code] as const,
  /** A concern's single sign-on settings (administrators). */
  sso: (code: string) => ['sso', code] as const,
  branch: {
    all: (code: string) => ['branch', code] as const,
    detail: (code: string) => ['branch', code, 'detail'] as const,
    map: (code: string) => ['branch', code, 'map'] as const,
    positions: (code: string) => ['branch', code, 'positions'] as const,
    /** Its default lead and safety time (its locations inherit them). */
    replenishmentSettings: (code: string) => ['branch', code, 'replenishment'] as const,
  },
  location: {
    all: (code: string) => ['location', code] as const,
    detail: (code: string) => ['location', code, 'detail'] as const,
    racks: (code: string) => ['location', code, 'racks'] as const,
    admins: (code: string) => ['location', code, 'admins'] as const,
    protocol: (code: string, page: number, size: number) =>
      ['location', code, 'protocol', page, size] as const,
    allImages: (code: string) => ['location', code, 'images'] as const,
    images: (code: string, page: number) => ['location', code, 'images', page] as const,
    appointments: (code: string) => ['location', code, 'appointments'] as const,
    /** The container type-ahead of the location's search box. */
    suggest: (code: string, query: string) => ['location', code, 'suggest', query] as const,
    /** Its containers by reach band, week by week, and its suggested filling quantities. */
    reachBands: (code: string) => ['location', code, 'reachbands'] as const,
    sizing: (code: string, request: object) => ['location', code, 'sizing', request] as const,
    replenishmentSettings: (code: string) => ['location', code, 'replenishment'] as const,
  },
  /** A container search of a location, a branch or a concern (its request is part of the key). */
  search: (scope: SearchScope, code: string, request: object) => ['search', scope, code, request] as const,
  container: {
    all: (id: string) => ['container', id] as const,
    detail: (id: string) => ['container', id, 'detail'] as const,
    requests: (id: string) => ['container', id, 'requests'] as const,
    documents: (id: string) => ['container', id, 'documents'] as const,
    /** Its weeks of the last 12 months and its sizing (a request sent for it refreshes both). */
    history: (id: string) => ['container', id, 'history'] as const,
    sizing: (id: string, windowWeeks: number) => ['container', id, 'sizing', windowWeeks] as const,
  },
  /** The reorder worklist (a page of it by its request) and its count on the dashboard. */
  worklist: {
    all: ['worklist'] as const,
    page: (request: object) => ['worklist', 'page', request] as const,
    count: () => ['worklist', 'count'] as const,
  },
  article: (code: string) => ['article', code] as const,
  /** Counts (stocktake) of a location on /app. */
  stocktake: {
    all: (code: string) => ['stocktake', code] as const,
    list: (code: string) => ['stocktake', code, 'list'] as const,
    detail: (code: string, id: string) => ['stocktake', code, 'detail', id] as const,
  },
  /** The container a barcode names (the scanner). */
  barcode: (barcode: string) => ['barcode', barcode] as const,
  employee: (key: string) => ['employee', key] as const,
  cblTree: () => ['cbl', 'tree'] as const,
  dashboard: () => ['dashboard'] as const,
  users: {
    all: ['users'] as const,
    page: (request: object) => ['users', 'page', request] as const,
  },
  user: (id: string) => ['user', id] as const,
  /** The own e-mail notification settings (profile). */
  notifications: () => ['notifications'] as const,
  /** The employees of a kind in the caller's scope (the user form's employee link). */
  employees: (kind: 'inhousestaff' | 'fieldservice') => ['employees', kind] as const,
  roles: {
    all: ['roles'] as const,
    list: () => ['roles', 'list'] as const,
    page: (request: object) => ['roles', 'page', request] as const,
  },
  role: (id: string) => ['role', id] as const,
  permissions: () => ['permissions'] as const,
  adminOverview: () => ['admin', 'overview'] as const,
  exports: {
    all: ['exports'] as const,
    page: (page: number, size: number) => ['exports', page, size] as const,
  },
  protocol: (request: object) => ['protocol', request] as const,
  reviews: {
    all: ['reviews'] as const,
    inbox: (request: object) => ['reviews', 'inbox', request] as const,
    mine: () => ['reviews', 'mine'] as const,
  },
  inventoryLists: {
    location: (locationCode: string) => ['inventorylists', locationCode] as const,
    page: (locationCode: string, page: number, size: number) =>
      ['inventorylists', locationCode, page, size] as const,
    detail: (id: string) => ['inventorylist', id] as const,
  },
  barcodeLists: {
    location: (locationCode: string) => ['barcodelists', locationCode] as const,
    page: (locationCode: string, page: number, size: number) =>
      ['barcodelists', locationCode, page, size] as const,
    detail: (id: string) => ['barcodelist', id] as const,
  },
};
