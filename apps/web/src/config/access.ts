import { ACTION_PERMISSIONS, hasAll, OPTIONAL_LOCATION_PAGES, ROUTE_GUARDS } from '@falcon/api-client/lite';

/**
 * Who may open what, in one place: the router's guards (app/guards.ts) and the user menu
 * (features/shell) both read this table, so the menu offers exactly the pages the guards let through.
 */

/**
 * The codes each guarded route needs (spec section 6, all-of): the contract's table, where the Protocol
 * entry, the /admin/protocol guard and the protocol endpoint share one code (PROTOCOL_PERMISSION).
 */
export const GUARDS = ROUTE_GUARDS;

export type GuardName = keyof typeof GUARDS;

type Granted = readonly string[] | undefined;

/** Whether the guard `name` lets these permissions through. */
const mayOpen = (granted: Granted, name: GuardName): boolean => hasAll(granted ?? [], GUARDS[name]);

export type MenuEntry =
  | 'administration'
  | 'userManagement'
  | 'roles'
  | 'profile'
  | 'protocol'
  | 'exports'
  | 'reviews'
  | 'myRequests'
  | 'mobileApp'
  | 'worklist';

/**
 * The reorder worklist and a location's replenishment page: who may see a container's reach (the
 * worklist's order and reason are reaches and stock-out days; without it the list says nothing).
 */
export const WORKLIST_PERMISSION = OPTIONAL_LOCATION_PAGES.replenishment[0];

/**
 * The user menu's links, in menu order (spec section 6). Each guarded page is offered exactly when its
 * guard lets the user in: User management with PERM_CREATEUSER (the spec's "or PERM_REMOVEUSER" would
 * offer a page that answers with the error page), Roles to whoever may open the role administration (a
 * customer admin has no Administration page to reach it from). "My requests" is every user's: the page
 * needs no permission and lists what the user asked for.
 */
export const menuEntries = (granted: Granted): MenuEntry[] => {
  const entries: MenuEntry[] = [];
  if (mayOpen(granted, 'administration')) entries.push('administration');
  if (mayOpen(granted, 'userAdministration')) entries.push('userManagement');
  if (mayOpen(granted, 'roleAdministration')) entries.push('roles');
  entries.push('profile');
  if (mayOpen(granted, 'protocolAdministration')) entries.push('protocol');
  if (mayOpen(granted, 'exportAdministration')) entries.push('exports');
  if (hasAll(granted ?? [], [ACTION_PERMISSIONS.reviewRequests])) entries.push('reviews');
  entries.push('myRequests');
  if (hasAll(granted ?? [], [WORKLIST_PERMISSION])) entries.push('worklist');
  entries.push('mobileApp');
  return entries;
};
