import { ROUTE_GUARDS } from '@falcon/api-client';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { redirect } from 'react-router-dom';
import { paths } from '../config/paths';
import { state } from '../lib/store';
import { accessRedirect, type RouteHandle } from './guards';

type LazyRoute = RouteObject['lazy'];

/** Runs before the route's code loads: sign-in, permission and own-profile guards (spec sections 2, 5, 6). */
export const guardLoader =
  (handle: RouteHandle) =>
  ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const to = accessRedirect(handle, { pathname: url.pathname, search: url.search, params }, state.session);
    if (to) throw redirect(to);
    return null;
  };

const route = (path: string, handle: RouteHandle, lazy: LazyRoute): RouteObject => ({
  path,
  handle,
  loader: guardLoader(handle),
  lazy,
});

const fixed: RouteHandle = { layout: 'FixedHeight' };
const plain: RouteHandle = { layout: 'Default' };

/** Every route of spec section 2, each its own chunk. */
export const appRoutes: RouteObject[] = [
  route(paths.login.path, { layout: 'Empty', public: true }, () => import('./routes/login')),
  route(paths.dashboard.path, plain, () => import('./routes/dashboard')),
  route(paths.concern.path, plain, () => import('./routes/concern')),
  route(paths.concernContacts.path, plain, () => import('./routes/concern-contacts')),
  route(paths.branch.path, plain, () => import('./routes/branch')),
  route(paths.branchContacts.path, plain, () => import('./routes/branch-contacts')),
  route(paths.branchMap.path, fixed, () => import('./routes/branch-map')),
  route(paths.location.path, fixed, () => import('./routes/location')),
  route(paths.locationUpdate.path, fixed, () => import('./routes/location')),
  route(paths.locationContacts.path, plain, () => import('./routes/location-contacts')),
  route(paths.locationGallery.path, plain, () => import('./routes/location-gallery')),
  route(paths.locationCalendar.path, fixed, () => import('./routes/location-calendar')),
  route(paths.locationProtocol.path, plain, () => import('./routes/location-protocol')),
  // Decision (issue 6): the barcode and inventory lists of a location get their own sub-page.
  route(paths.locationLists.path, plain, () => import('./routes/location-lists')),
  route(
    paths.roles.path,
    { ...plain, permissions: ROUTE_GUARDS.roleAdministration },
    () => import('./routes/roles'),
  ),
  route(
    paths.role.path,
    { ...plain, permissions: ROUTE_GUARDS.roleAdministration },
    () => import('./routes/role'),
  ),
  route(
    paths.users.path,
    { ...plain, permissions: ROUTE_GUARDS.userAdministration },
    () => import('./routes/users'),
  ),
  route(
    paths.user.path,
    { ...plain, permissions: ROUTE_GUARDS.userAdministration },
    () => import('./routes/user'),
  ),
  route(paths.newUser.path, { ...plain, permissions: ROUTE_GUARDS.newUser }, () => import('./routes/user')),
  route(
    paths.protocol.path,
    { ...plain, permissions: ROUTE_GUARDS.protocolAdministration },
    () => import('./routes/protocol'),
  ),
  route(
    paths.exports.path,
    { ...plain, permissions: ROUTE_GUARDS.exportAdministration },
    () => import('./routes/exports'),
  ),
  route(
    paths.administration.path,
    { ...plain, permissions: ROUTE_GUARDS.administration },
    () => import('./routes/administration'),
  ),
  route(paths.app.path, plain, () => import('./routes/mobile-app')),
  route(paths.reviews.path, plain, () => import('./routes/reviews')),
  route(paths.profile.path, { ...plain, ownProfile: true }, () => import('./routes/profile')),
  // Legal pages are readable without signing in (linked from the login page's footer).
  route(paths.legalNotice.path, { layout: 'Empty', public: true }, () => import('./routes/legal-notice')),
  route(paths.privacy.path, { layout: 'Empty', public: true }, () => import('./routes/privacy')),
  route(paths.terms.path, { layout: 'Empty', public: true }, () => import('./routes/terms')),
  // Decision: the not-found page needs no sign-in (a guard bounce from /error must not loop to login).
  route(paths.error.path, { layout: 'Empty', public: true }, () => import('./routes/not-found')),
  route('*', { layout: 'Empty', public: true }, () => import('./routes/not-found')),
];
