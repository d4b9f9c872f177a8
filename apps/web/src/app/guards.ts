import { hasAll, type Session } from '@falcon/api-client';
import type { LayoutName } from '@falcon/ui';
import { paths } from '../config/paths';

/** Route meta (spec section 2): the layout, and who may open the route. */
export interface RouteHandle {
  layout?: LayoutName;
  /** Open without sign-in. */
  public?: boolean;
  /** Every one of these codes is needed (spec section 6: all-of); failure goes to /error. */
  permissions?: readonly string[];
  /** Spec section 5: /profile/:id only for the signed-in user's own id. */
  ownProfile?: boolean;
}

interface Target {
  pathname: string;
  search: string;
  params: Record<string, string | undefined>;
}

/** Where a visit must go instead, or null when it may proceed. */
export const accessRedirect = (
  handle: RouteHandle,
  target: Target,
  session: Pick<Session, 'username' | 'userId' | 'permissions'> | null,
): string | null => {
  if (handle.public) return null;
  if (!session?.username) return paths.login.to(`${target.pathname}${target.search}`);
  if (handle.permissions && !hasAll(session.permissions, handle.permissions)) return paths.error.to();
  if (handle.ownProfile && target.params.id !== session.userId) return paths.error.to();
  return null;
};

/** The login page's ?redirect=, kept to paths inside the app (no open redirect to another site). */
export const safeRedirect = (value: string | null): string => {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === paths.login.path || value.startsWith(`${paths.login.path}?`)) return '/';
  return value;
};
