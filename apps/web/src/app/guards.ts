import { hasAll, type Session } from '@falcon/api-client';
import type { LayoutName } from '@falcon/ui';
import { GUARDS, type GuardName } from '../config/access';
import { paths } from '../config/paths';
import { signInRedirect } from './redirect';

/** Route meta (spec section 2): the layout, and who may open the route. */
export interface RouteHandle {
  layout?: LayoutName;
  /** Open without sign-in. */
  public?: boolean;
  /** Every one of these codes is needed (spec section 6: all-of); failure goes to /error. */
  permissions?: readonly string[];
  /**
   * The same by name (config/access.ts, which the user menu reads too): routes-config names the guard,
   * so the entry does not import the permission catalogue; this module (and the catalogue) loads with
   * the first guarded visit.
   */
  guard?: GuardName;
  /** Spec section 5: /profile/:id only for the signed-in user's own id. */
  ownProfile?: boolean;
}

interface Target {
  pathname: string;
  search: string;
  /** The fragment (`#notifications`), kept through the sign-in. */
  hash?: string;
  params: Record<string, string | undefined>;
}

/** Where a visit must go instead, or null when it may proceed. */
export const accessRedirect = (
  handle: RouteHandle,
  target: Target,
  session: Pick<Session, 'username' | 'userId' | 'permissions'> | null,
): string | null => {
  if (handle.public) return null;
  if (!session?.username) return signInRedirect(target);
  const required = handle.permissions ?? (handle.guard ? GUARDS[handle.guard] : undefined);
  if (required && !hasAll(session.permissions, required)) return paths.error.to();
  if (handle.ownProfile && target.params.id !== session.userId) return paths.error.to();
  return null;
};
