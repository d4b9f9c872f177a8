import { enc, publicPaths } from './public-paths';

/**
 * Every URL of the app, in one place (spec section 2). `path` is the router pattern, `to()` builds a
 * concrete URL. Components never write a URL by hand. The public ones are defined in public-paths.ts
 * (what the entry needs) and included here.
 */
export const paths = {
  ...publicPaths,
  dashboard: { path: '/', to: () => '/' },
  concern: { path: '/concern/:code', to: (code: string) => `/concern/${enc(code)}` },
  concernContacts: {
    path: '/concern/:code/contacts',
    to: (code: string) => `/concern/${enc(code)}/contacts`,
  },
  branch: { path: '/branch/:code', to: (code: string) => `/branch/${enc(code)}` },
  branchContacts: { path: '/branch/:code/contacts', to: (code: string) => `/branch/${enc(code)}/contacts` },
  branchMap: { path: '/branch/:code/map', to: (code: string) => `/branch/${enc(code)}/map` },
  location: {
    path: '/location/:code?',
    to: (code?: string | null, containerId?: string | null) =>
      `/location${code ? `/${enc(code)}` : ''}${containerId ? `?container=${enc(containerId)}` : ''}`,
  },
  locationUpdate: {
    path: '/locationupdate/:code?',
    to: (code?: string) => `/locationupdate${code ? `/${enc(code)}` : ''}`,
  },
  locationContacts: {
    path: '/location/:code/contacts',
    to: (code: string) => `/location/${enc(code)}/contacts`,
  },
  locationGallery: {
    path: '/location/:code/gallery',
    to: (code: string) => `/location/${enc(code)}/gallery`,
  },
  locationCalendar: {
    path: '/location/:code/appointments',
    to: (code: string) => `/location/${enc(code)}/appointments`,
  },
  locationProtocol: {
    path: '/location/:code/protocol',
    to: (code: string) => `/location/${enc(code)}/protocol`,
  },
  locationLists: {
    path: '/location/:code/lists',
    to: (code: string) => `/location/${enc(code)}/lists`,
  },
  locationReplenishment: {
    path: '/location/:code/replenishment',
    to: (code: string) => `/location/${enc(code)}/replenishment`,
  },
  worklist: { path: '/worklist', to: () => '/worklist' },
  roles: { path: '/admin/roles', to: () => '/admin/roles' },
  role: { path: '/admin/role/:id', to: (id: string) => `/admin/role/${enc(id)}` },
  users: { path: '/admin/users', to: () => '/admin/users' },
  user: { path: '/admin/user/:id', to: (id: string) => `/admin/user/${enc(id)}` },
  newUser: { path: '/admin/newUser', to: () => '/admin/newUser' },
  protocol: { path: '/admin/protocol', to: () => '/admin/protocol' },
  exports: { path: '/admin/export', to: () => '/admin/export' },
  administration: { path: '/admin', to: () => '/admin' },
  concernSso: { path: '/admin/concern/:code/sso', to: (code: string) => `/admin/concern/${enc(code)}/sso` },
  app: { path: '/app', to: () => '/app' },
  /** A count (stocktake) on /app: start, scan, finish, hand over (ADR 0062). */
  appCount: { path: '/app/count', to: () => '/app/count' },
  reviews: { path: '/reviews', to: (tab?: 'mine') => (tab ? `/reviews?tab=${tab}` : '/reviews') },
  profile: { path: '/profile/:id', to: (id: string) => `/profile/${enc(id)}` },
} as const;
