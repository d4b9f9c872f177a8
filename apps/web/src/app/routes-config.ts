import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router-dom';
import { publicPaths } from '../config/public-paths';
import type { Namespace } from '../lib/i18n';
import { pages, type RouteModule } from './route-pages';

/**
 * The translation namespaces each route module needs beyond the eager ones (EAGER_NAMESPACES); they
 * load in parallel with the route's code, so the page renders translated and the login route never
 * downloads them. Here the public routes; the signed-in ones are SIGNED_IN_ROUTE_NAMESPACES
 * (routes-signed-in.ts). `routes-config.test.ts` reads each route's imports and fails when one is missing.
 */
export const PUBLIC_ROUTE_NAMESPACES = {
  // The signed-in frame's texts: /error is where a signed-in user's refused visit lands.
  forbidden: ['frame'],
  'legal-notice': ['legal'],
  login: [],
  // The server's answer (success toast or the refusal) is in its messages; the page's own texts in signin.
  'login-sso': ['messages', 'signin'],
  'not-found': [],
  privacy: ['legal'],
  terms: ['legal'],
} as const satisfies Record<string, readonly Namespace[]>;

/**
 * Namespaces a public route's screen loads itself, after its first paint, instead of with the route
 * (`routes-config.test.ts` accepts them there): the login page needs the server's messages only once an
 * attempt was made, and loads them alongside the sign-in request (features/auth LoginPage). The second
 * step's and the company account's texts (signin) are no namespace of the route at all: their components
 * are loaded on demand and bring them (LoginPage's lazy imports).
 */
export const ON_DEMAND_NAMESPACES = {
  login: ['messages'],
} as const satisfies Partial<Record<keyof typeof PUBLIC_ROUTE_NAMESPACES, readonly Namespace[]>>;

// One chunk per route module (vite.config.ts names them route-<file>-<hash>.js).
const page = pages(
  import.meta.glob<RouteModule>(
    './routes/{forbidden,legal-notice,login,login-sso,not-found,privacy,terms}.tsx',
  ),
  PUBLIC_ROUTE_NAMESPACES,
);

/**
 * The routes open without signing in: all the router knows at start. The signed-in ones (and their
 * guards) are their own chunk, patched in on the first visit to any other path (discoverSignedInRoutes).
 */
export const publicRoutes: RouteObject[] = [
  { path: publicPaths.login.path, handle: { layout: 'Empty', public: true }, lazy: page('login') },
  { path: publicPaths.loginSso.path, handle: { layout: 'Empty', public: true }, lazy: page('login-sso') },
  // Legal pages are readable without signing in (linked from the login page's footer).
  {
    path: publicPaths.legalNotice.path,
    handle: { layout: 'Empty', public: true },
    lazy: page('legal-notice'),
  },
  { path: publicPaths.privacy.path, handle: { layout: 'Empty', public: true }, lazy: page('privacy') },
  { path: publicPaths.terms.path, handle: { layout: 'Empty', public: true }, lazy: page('terms') },
  // Decision: the error page needs no sign-in (a guard bounce to /error must not loop to login). It is
  // where guards and 403 answers lead, so it says "no access" (issue 13); unknown paths say not found.
  { path: publicPaths.error.path, handle: { layout: 'Empty', public: true }, lazy: page('forbidden') },
  { path: '*', handle: { layout: 'Empty', public: true }, lazy: page('not-found') },
];

/** Whether a path is one of the public routes' (no signed-in routes needed to show it). */
export const isPublicPath = (pathname: string): boolean =>
  publicRoutes.some((route) => route.path === pathname);

let signedIn: Promise<RouteObject[]> | null = null;
/** The signed-in routes' chunk, loaded once (main.tsx starts it at once for a URL that needs it). */
export const loadSignedInRoutes = (): Promise<RouteObject[]> => {
  signedIn ??= import('./routes-signed-in').then(
    (module) => module.signedInRoutes,
    (error: unknown) => {
      signedIn = null; // a later navigation tries again
      throw error;
    },
  );
  return signedIn;
};

/** The id of the root route, under which the signed-in routes are patched in. */
export const ROOT_ROUTE_ID = 'root';

/**
 * react-router's route discovery, one per router: a path the known routes match only by the catch-all
 * (or not at all) loads the signed-in routes and adds them under the root once; then the router matches
 * again (the catch-all still answers every path neither table names).
 */
export const discoverSignedInRoutes = (): PatchRoutesOnNavigationFunction => {
  let patched = false;
  return async ({ patch, signal }) => {
    if (patched) return;
    const routes = await loadSignedInRoutes();
    if (patched || signal.aborted) return;
    patch(ROOT_ROUTE_ID, routes);
    patched = true;
  };
};
