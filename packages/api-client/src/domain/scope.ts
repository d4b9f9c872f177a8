import type { Scope } from '../contract/admin';

/** Where a location sits in the tree: enough to decide scope. */
export interface LocationPath {
  concernCode: string;
  branchCode: string;
  locationCode: string;
}

export const FULL_SCOPE: Scope = { all: true, concerns: [], branches: [], locations: [] };
export const EMPTY_SCOPE: Scope = { all: false, concerns: [], branches: [], locations: [] };

export const locationInScope = (scope: Scope, path: LocationPath): boolean =>
  scope.all ||
  scope.concerns.includes(path.concernCode) ||
  scope.branches.includes(path.branchCode) ||
  scope.locations.includes(path.locationCode);

/** A branch is visible when the scope names it, its concern, or any of its locations. */
export const branchVisible = (
  scope: Scope,
  branch: { concernCode: string; branchCode: string; locationCodes: readonly string[] },
): boolean =>
  scope.all ||
  scope.concerns.includes(branch.concernCode) ||
  scope.branches.includes(branch.branchCode) ||
  branch.locationCodes.some((code) => scope.locations.includes(code));

/** A concern is visible when the scope reaches into it at all. */
export const concernVisible = (
  scope: Scope,
  concern: { concernCode: string; branchCodes: readonly string[]; locationCodes: readonly string[] },
): boolean =>
  scope.all ||
  scope.concerns.includes(concern.concernCode) ||
  concern.branchCodes.some((code) => scope.branches.includes(code)) ||
  concern.locationCodes.some((code) => scope.locations.includes(code));

/**
 * True when every part of `inner` lies inside `outer` (a KD_ADMIN grants only within its own scope).
 * `resolve` gives the tree path of a branch or location code.
 */
export const scopeWithin = (
  inner: Scope,
  outer: Scope,
  resolve: {
    branchConcern: (branchCode: string) => string | undefined;
    locationPath: (locationCode: string) => LocationPath | undefined;
  },
): boolean => {
  if (outer.all) return true;
  if (inner.all) return false;
  const concernsOk = inner.concerns.every((c) => outer.concerns.includes(c));
  const branchesOk = inner.branches.every((b) => {
    const concern = resolve.branchConcern(b);
    return concern !== undefined && (outer.branches.includes(b) || outer.concerns.includes(concern));
  });
  const locationsOk = inner.locations.every((l) => {
    const path = resolve.locationPath(l);
    return path !== undefined && locationInScope(outer, path);
  });
  return concernsOk && branchesOk && locationsOk;
};
