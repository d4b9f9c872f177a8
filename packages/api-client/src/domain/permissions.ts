import {
  ACTION_PERMISSIONS,
  ALL_PERMISSION_CODES,
  FIELD_GROUPS,
  FIELD_PERMISSIONS,
  FILTER_PERMISSIONS,
  PERMISSION_CATALOGUE,
  type PermissionCode,
  PROTOCOL_PERMISSION,
  ROUTE_PERMISSIONS,
} from '../permissions';

export type Granted = Iterable<string> | ReadonlySet<string>;

const toSet = (granted: Granted): ReadonlySet<string> =>
  granted instanceof Set ? granted : new Set(granted);

/** True when every listed code is granted (the spec: the client tests all-of, despite its any-name). */
export const hasAll = (granted: Granted, required: readonly string[] | undefined): boolean => {
  if (!required || required.length === 0) return true;
  const set = toSet(granted);
  return required.every((code) => set.has(code));
};

export const hasAny = (granted: Granted, candidates: readonly string[]): boolean => {
  const set = toSet(granted);
  return candidates.some((code) => set.has(code));
};

/** The codes each guarded route needs (spec section 6). */
export const ROUTE_GUARDS = {
  roleAdministration: [ROUTE_PERMISSIONS.createRole],
  userAdministration: [ROUTE_PERMISSIONS.createUser],
  newUser: [ROUTE_PERMISSIONS.createUser],
  protocolAdministration: [PROTOCOL_PERMISSION],
  administration: [ROUTE_PERMISSIONS.sysAdmin],
  exportAdministration: [ROUTE_PERMISSIONS.exportSearchResultToExcel],
} as const satisfies Record<string, readonly PermissionCode[]>;

export type UserMenuEntry =
  | 'administration'
  | 'userManagement'
  | 'profile'
  | 'protocol'
  | 'exports'
  | 'mobileApp'
  | 'reviews'
  | 'logout';

/** The user-menu entries a user sees, in menu order (spec section 6). */
export const userMenuEntries = (granted: Granted): UserMenuEntry[] => {
  const set = toSet(granted);
  const entries: UserMenuEntry[] = [];
  if (set.has(ROUTE_PERMISSIONS.sysAdmin)) entries.push('administration');
  if (set.has(ROUTE_PERMISSIONS.createUser) || set.has(ROUTE_PERMISSIONS.removeUser))
    entries.push('userManagement');
  entries.push('profile');
  if (set.has(PROTOCOL_PERMISSION)) entries.push('protocol');
  if (set.has(ROUTE_PERMISSIONS.exportSearchResultToExcel)) entries.push('exports');
  if (set.has(ACTION_PERMISSIONS.reviewRequests)) entries.push('reviews');
  entries.push('mobileApp', 'logout');
  return entries;
};

/** A grantor may hand out only what it holds itself (KD_ADMIN), unless it holds everything. */
export const grantableCodes = (granted: Granted): PermissionCode[] => {
  const set = toSet(granted);
  return ALL_PERMISSION_CODES.filter((code) => set.has(code));
};

/** The permission catalogue a grantor sees (`users.permissions`): what it may grant, with its category and field groups. */
export const grantablePermissions = (
  granted: Granted,
): {
  code: PermissionCode;
  category: (typeof PERMISSION_CATALOGUE)[number]['category'];
  groups: string[];
}[] => {
  const grantable = new Set<string>(grantableCodes(granted));
  return PERMISSION_CATALOGUE.filter((p) => grantable.has(p.code)).map((p) => ({
    code: p.code,
    category: p.category,
    groups: Object.entries(FIELD_GROUPS)
      .filter(([, codes]) => (codes as readonly string[]).includes(p.code))
      .map(([group]) => group),
  }));
};

export const ungrantable = (granted: Granted, requested: readonly string[]): string[] => {
  const set = toSet(granted);
  return requested.filter((code) => !set.has(code));
};

export const unknownCodes = (requested: readonly string[]): string[] =>
  requested.filter((code) => !(ALL_PERMISSION_CODES as readonly string[]).includes(code));

/** Effective permissions: direct codes plus those of every role held. */
export const effectivePermissions = (
  direct: readonly string[],
  roleNames: readonly string[],
  rolePermissions: (rolename: string) => readonly string[] | undefined,
): string[] => {
  const all = new Set(direct);
  for (const role of roleNames) for (const code of rolePermissions(role) ?? []) all.add(code);
  return [...all].sort();
};

export { FIELD_PERMISSIONS, FILTER_PERMISSIONS, PROTOCOL_PERMISSION };

/**
 * A location's pages beyond detail, contacts, gallery and appointments, each open to whoever holds any of
 * its codes: the lists (who may up- or download a kind of list), replenishment (who may see a container's
 * reach: its worklist's order and reasons are reaches), the protocol and the rack layout's editing.
 */
export const OPTIONAL_LOCATION_PAGES = {
  lists: [
    ACTION_PERMISSIONS.uploadBarcodeLists,
    ACTION_PERMISSIONS.downloadBarcodeLists,
    ACTION_PERMISSIONS.uploadInventoryLists,
    ACTION_PERMISSIONS.transferInventoryList,
  ],
  replenishment: [FIELD_PERMISSIONS.reachInWeeks],
  protocol: [ACTION_PERMISSIONS.viewLocationProtocolEntries],
  editLayout: [ACTION_PERMISSIONS.editRackLayout],
} as const satisfies Record<string, readonly PermissionCode[]>;

export type LocationPage = keyof typeof OPTIONAL_LOCATION_PAGES;

/** Whether the user may open each of a location's optional pages. */
export const locationPagesFor = (granted: Granted): Record<LocationPage, boolean> => {
  const set = toSet(granted);
  return {
    lists: hasAny(set, OPTIONAL_LOCATION_PAGES.lists),
    replenishment: hasAny(set, OPTIONAL_LOCATION_PAGES.replenishment),
    protocol: hasAny(set, OPTIONAL_LOCATION_PAGES.protocol),
    editLayout: hasAny(set, OPTIONAL_LOCATION_PAGES.editLayout),
  };
};
