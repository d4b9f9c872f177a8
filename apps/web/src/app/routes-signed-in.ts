import { APP_SHELL } from '@falcon/api-client/lite';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params, RouteObject } from 'react-router-dom';
import { redirect } from 'react-router-dom';
import { WORKLIST_PERMISSION } from '../config/access';
import { paths } from '../config/paths';
import type { Namespace } from '../lib/i18n';
import { refreshSession } from '../lib/session-refresh';
import { state } from '../lib/store';
import type { RouteHandle } from './guards';
import { signInRedirect } from './redirect';
import { pages, type RouteModule } from './route-pages';

/**
 * The translation namespaces each signed-in route module needs beyond the eager ones (see
 * PUBLIC_ROUTE_NAMESPACES in routes-config.ts); `routes-config.test.ts` keeps both tables true.
 */
export const SIGNED_IN_ROUTE_NAMESPACES = {
  administration: ['admin'],
  'branch-contacts': ['org'],
  'branch-map': ['org'],
  branch: ['location', 'org'],
  'concern-contacts': ['org'],
  'concern-sso': ['admin'],
  concern: ['location', 'org'],
  dashboard: ['dashboard'],
  exports: ['admin'],
  'location-calendar': ['lists', 'location'],
  'location-contacts': ['lists', 'location', 'org'],
  'location-gallery': ['lists', 'location'],
  'location-lists': ['lists', 'location'],
  'location-protocol': ['lists', 'location'],
  'location-replenishment': ['lists', 'location', 'replenishment'],
  location: ['lists', 'location'],
  'mobile-app': ['scanner'],
  'mobile-count': ['scanner'],
  // The security section's enrolment and recovery codes are the second step's texts (signin).
  profile: ['admin', 'profile', 'notifications', 'signin'],
  protocol: ['admin'],
  reviews: ['reviews'],
  role: ['admin'],
  roles: ['admin'],
  user: ['admin'],
  users: ['admin'],
  worklist: ['replenishment'],
} as const satisfies Record<string, readonly Namespace[]>;

// One chunk per route module (vite.config.ts names them route-<file>-<hash>.js); the public ones are
// routes-config.ts's.
const page = pages(
  import.meta.glob<RouteModule>([
    './routes/*.tsx',
    '!./routes/{forbidden,legal-notice,login,login-sso,not-found,privacy,terms}.tsx',
  ]),
  SIGNED_IN_ROUTE_NAMESPACES,
);

/** Starts a screen's data while its code downloads (after the sign-in check); settles when it is there or failed. */
type Prefetch = (params: Params) => Promise<unknown>;

/** Runs before the route's code loads: sign-in, permission and own-profile guards (spec sections 2, 5, 6). */
const guardLoader =
  (handle: RouteHandle, prefetch?: Prefetch) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const target = { pathname: url.pathname, search: url.search, hash: url.hash, params };
    // Signed out: to login at once. The permission rules (and the api-client's permission catalogue)
    // load only for a signed-in visit.
    let to = state.session?.username
      ? (await import('./guards')).accessRedirect(handle, target, state.session)
      : signInRedirect(target);
    // Refused with the permissions this tab knows: they may have grown since it last read them (an
    // administrator granted a role), so re-read the session once and decide on the fresh set (issue 13).
    if (to && state.session?.username) {
      const { accessRedirect } = await import('./guards');
      await refreshSession();
      to = state.session?.username ? accessRedirect(handle, target, state.session) : signInRedirect(target);
    }
    if (to) throw redirect(to);
    const started = prefetch?.(params);
    // A page the server sent prerendered (ADR 0068) stays until the app renders this one with its data, in
    // its place: the first render waits for the screen's main read, so nothing shows twice or blinks.
    if (started && document.getElementById(APP_SHELL.elementId)) await started;
    return null;
  };

const route = (
  path: string,
  handle: RouteHandle,
  lazy: RouteObject['lazy'],
  prefetch?: Prefetch,
): RouteObject => ({
  path,
  handle,
  loader: guardLoader(handle, prefetch),
  lazy,
});

/**
 * A screen's main read, started by its route's loader with TanStack Query's `ensureQueryData` while the
 * route's code downloads (the screen's own `useQuery` of the same key takes that answer). Not awaited
 * (but under a prerendered page): the screen shows its own loading and error states. The query options and the client load with it.
 */
const ensure =
  (start: (params: Params, client: QueryClient) => Promise<unknown> | null): Prefetch =>
  (params) =>
    import('../lib/query-client')
      .then(({ queryClient }) => start(params, queryClient))
      // A failure shows where the screen reads it (its own request gets the same answer).
      .catch(() => {});
const shared = () => import('../lib/queries');
const prefetchDashboard = ensure(async (_, client) =>
  client.ensureQueryData((await import('../features/dashboard/api/queries')).dashboardQuery()),
);
const prefetchConcern = ensure(({ code }, client) =>
  code ? shared().then((m) => client.ensureQueryData(m.concernQuery(code))) : null,
);
const prefetchBranch = ensure(({ code }, client) =>
  code ? shared().then((m) => client.ensureQueryData(m.branchQuery(code))) : null,
);
const prefetchUser = ensure(({ id }, client) =>
  id ? shared().then((m) => client.ensureQueryData(m.userQuery(id))) : null,
);
const prefetchRole = ensure(({ id }, client) =>
  id && id !== 'new'
    ? import('../features/admin/api/queries').then((m) => client.ensureQueryData(m.roleQuery(id)))
    : null,
);
// The location (its header: the page's largest text). Not the racks: see features/location/api/queries.ts.
const prefetchLocation = ensure(({ code }, client) =>
  code
    ? import('../features/location/api/queries').then((m) => client.ensureQueryData(m.locationQuery(code)))
    : null,
);

/** The replenishment pages: reach is what they are about (field visibility); without it they answer /error. */
const REPLENISHMENT = [WORKLIST_PERMISSION];

const fixed: RouteHandle = { layout: 'FixedHeight' };
const plain: RouteHandle = { layout: 'Default' };

/** Every signed-in route of spec section 2, each its own chunk. */
export const signedInRoutes: RouteObject[] = [
  route(paths.dashboard.path, plain, page('dashboard'), prefetchDashboard),
  route(paths.concern.path, plain, page('concern'), prefetchConcern),
  route(paths.concernContacts.path, plain, page('concern-contacts'), prefetchConcern),
  route(paths.branch.path, plain, page('branch'), prefetchBranch),
  route(paths.branchContacts.path, plain, page('branch-contacts'), prefetchBranch),
  route(paths.branchMap.path, fixed, page('branch-map'), prefetchBranch),
  route(paths.location.path, fixed, page('location'), prefetchLocation),
  route(paths.locationUpdate.path, fixed, page('location'), prefetchLocation),
  route(paths.locationContacts.path, plain, page('location-contacts'), prefetchLocation),
  route(paths.locationGallery.path, plain, page('location-gallery'), prefetchLocation),
  route(paths.locationCalendar.path, fixed, page('location-calendar'), prefetchLocation),
  route(paths.locationProtocol.path, plain, page('location-protocol'), prefetchLocation),
  // Decision (issue 6): the barcode and inventory lists of a location get their own sub-page.
  route(paths.locationLists.path, plain, page('location-lists'), prefetchLocation),
  route(
    paths.locationReplenishment.path,
    { ...plain, permissions: REPLENISHMENT },
    page('location-replenishment'),
    prefetchLocation,
  ),
  route(paths.worklist.path, { ...plain, permissions: REPLENISHMENT }, page('worklist')),
  route(paths.roles.path, { ...plain, guard: 'roleAdministration' }, page('roles')),
  route(paths.role.path, { ...plain, guard: 'roleAdministration' }, page('role'), prefetchRole),
  route(paths.users.path, { ...plain, guard: 'userAdministration' }, page('users')),
  route(paths.user.path, { ...plain, guard: 'userAdministration' }, page('user'), prefetchUser),
  route(paths.newUser.path, { ...plain, guard: 'newUser' }, page('user')),
  route(paths.protocol.path, { ...plain, guard: 'protocolAdministration' }, page('protocol')),
  route(paths.exports.path, { ...plain, guard: 'exportAdministration' }, page('exports')),
  route(paths.administration.path, { ...plain, guard: 'administration' }, page('administration')),
  route(paths.concernSso.path, { ...plain, guard: 'administration' }, page('concern-sso')),
  route(paths.app.path, plain, page('mobile-app')),
  route(paths.appCount.path, plain, page('mobile-count')),
  route(paths.reviews.path, plain, page('reviews')),
  route(paths.profile.path, { ...plain, ownProfile: true }, page('profile'), prefetchUser),
];
