import { publicPaths } from '../config/public-paths';

/**
 * A signed-out visit goes to login, which brings the visitor back to the requested path, query and
 * fragment (a mail's link to `/profile/<id>#notifications` lands at the notifications).
 */
export const signInRedirect = (target: { pathname: string; search: string; hash?: string }): string =>
  publicPaths.login.to(`${target.pathname}${target.search}${target.hash ?? ''}`);

/** The login page's ?redirect=, kept to paths inside the app (no open redirect to another site). */
export const safeRedirect = (value: string | null): string => {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === publicPaths.login.path || value.startsWith(`${publicPaths.login.path}?`)) return '/';
  return value;
};
