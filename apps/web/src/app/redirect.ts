import { publicPaths } from '../config/public-paths';

/** A signed-out visit goes to login, which brings the visitor back to the requested path and query. */
export const signInRedirect = (target: { pathname: string; search: string }): string =>
  publicPaths.login.to(`${target.pathname}${target.search}`);

/** The login page's ?redirect=, kept to paths inside the app (no open redirect to another site). */
export const safeRedirect = (value: string | null): string => {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === publicPaths.login.path || value.startsWith(`${publicPaths.login.path}?`)) return '/';
  return value;
};
