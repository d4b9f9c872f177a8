import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { publicPaths } from '../config/public-paths';
import { apiEvents } from '../lib/api';
import { RootLayout } from './layouts/RootLayout';
import { RouteError } from './layouts/RouteError';
import { discoverSignedInRoutes, publicRoutes, ROOT_ROUTE_ID } from './routes-config';

/**
 * What shows while the first page's code loads (its routes are lazy): an empty, busy page, as the
 * frame's progress bar follows at once. Without it React Router warns "No `HydrateFallback` element
 * provided" on every load (issue 14). It takes no room: below a prerendered page (ADR 0066, 0068) it
 * would add a scroll bar that narrows the page while the app loads, moving what the user sees.
 */
function HydrateFallback() {
  return <div aria-busy="true" />;
}

export const rootRoutes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback,
    children: publicRoutes,
  },
];

/** What every router of the app takes besides its routes (the browser's, and the tests' memory routers). */
export const routerOptions = () => ({ patchRoutesOnNavigation: discoverSignedInRoutes() });

export const createRouter = () => {
  const router = createBrowserRouter(rootRoutes, routerOptions());
  // Spec section 8: a 403 goes to the Error route (which says "no access"). The server refused because
  // the permissions changed since this tab last read them: re-read the session, so menus, guards and
  // buttons follow the permissions as they are now (issue 13).
  apiEvents.forbidden = () => {
    void import('../lib/session-refresh').then((module) => module.refreshSession());
    void router.navigate(publicPaths.error.to());
  };
  return router;
};
