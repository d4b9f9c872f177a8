import type { Scope } from '../contract/admin';
import { forbidden, HttpError, invalid } from '../http-error';
import { type Granted, hasAll, unknownCodes } from './permissions';
import { type LocationPath, scopeWithin } from './scope';

// Who owns users and roles, and who may administer them: one set of rules for the server, the
// mock and the UI (ARCHITECTURE.md "Roles"). Internal people are the supplier's own: an
// unrestricted scope (ADMIN) or a link to an employee (in-house staff, field service). Everyone
// else is a customer user and belongs to the one concern its scope lies in.

/** Where branch and location codes sit in the tree (unknown codes give undefined). */
export interface TreeResolver {
  branchConcern: (branchCode: string) => string | undefined;
  locationPath: (locationCode: string) => LocationPath | undefined;
}

/** What ownership needs to know of a user. */
export interface Person {
  scope: Scope;
  employeeKey: string | null;
}

/** The supplier's own people: unrestricted, or linked to an in-house or field-service employee. */
export const isInternal = (person: Person): boolean => person.scope.all || person.employeeKey !== null;

export const isEmptyScope = (scope: Scope): boolean =>
  !scope.all && scope.concerns.length === 0 && scope.branches.length === 0 && scope.locations.length === 0;

/** The concerns a restricted scope reaches into, sorted; codes the tree does not know are left out. */
export const scopeConcerns = (scope: Scope, resolve: TreeResolver): string[] => {
  const found = new Set<string>(scope.concerns);
  for (const code of scope.branches) {
    const concern = resolve.branchConcern(code);
    if (concern !== undefined) found.add(concern);
  }
  for (const code of scope.locations) {
    const path = resolve.locationPath(code);
    if (path) found.add(path.concernCode);
  }
  return [...found].sort();
};

/** The caller as the ownership rules see it. */
export interface Actor {
  /** Unrestricted scope: every user and role. */
  all: boolean;
  internal: boolean;
  /** The concerns its scope reaches into (a customer user's: exactly its own). */
  concerns: readonly string[];
  permissions: Granted;
}

export const actorOf = (person: Person & { permissions: Granted }, resolve: TreeResolver): Actor => ({
  all: person.scope.all,
  internal: isInternal(person),
  concerns: person.scope.all ? [] : scopeConcerns(person.scope, resolve),
  permissions: person.permissions,
});

// --- users --------------------------------------------------------------------------------------

/**
 * Whether `actor` administers `target` (reads, changes, moves, sets the password of, deletes it).
 * An unrestricted actor administers everyone. Otherwise the target's scope must be non-empty and
 * lie inside the actor's: an empty scope lies inside nobody's (it used to count as inside every
 * scope, so any customer admin could capture such a user). A customer admin never administers
 * the supplier's own people.
 */
export const administersUser = (actor: Person, target: Person, resolve: TreeResolver): boolean => {
  if (actor.scope.all) return true;
  if (target.scope.all || isEmptyScope(target.scope)) return false;
  if (!isInternal(actor) && isInternal(target)) return false;
  return scopeWithin(target.scope, actor.scope, resolve);
};

/**
 * What is wrong with the scope a customer user would get: empty, or spread over several concerns.
 * Internal people may have any scope.
 */
export const customerScopeProblem = (
  target: Person,
  resolve: TreeResolver,
): 'empty' | 'several_concerns' | null => {
  if (isInternal(target)) return null;
  if (isEmptyScope(target.scope)) return 'empty';
  if (scopeConcerns(target.scope, resolve).length > 1) return 'several_concerns';
  return null;
};

/**
 * 400 naming the field `scope`: `scope_required` for an empty one; a scope over several concerns
 * (only an internal administrator can send one) is a `validation_error` with `reason` (no key of
 * its own: every message key weighs on the sign-in page's download).
 */
export const checkCustomerScope = (target: Person, resolve: TreeResolver): void => {
  const problem = customerScopeProblem(target, resolve);
  if (problem === 'empty') throw new HttpError(400, 'scope_required', undefined, { field: 'scope' });
  if (problem === 'several_concerns')
    throw new HttpError(
      400,
      'validation_error',
      'A customer user belongs to one concern: its scope must lie within it.',
      { field: 'scope', reason: 'several_concerns' },
    );
};

/** Codes of `requested` the actor does not hold: it grants only what it holds itself. */
export const notHeld = (actor: { permissions: Granted }, requested: readonly string[]): string[] => {
  const held = actor.permissions instanceof Set ? actor.permissions : new Set(actor.permissions);
  return requested.filter((code) => !held.has(code));
};

/** 400 permission_not_held (a 400, not a 403: the form stays open with the message) naming the field. */
export const checkHeld = (
  actor: { permissions: Granted },
  requested: readonly string[],
  field: 'permissions' | 'roles',
): void => {
  const missing = notHeld(actor, requested);
  if (missing.length)
    throw new HttpError(400, 'permission_not_held', `You do not hold ${missing.join(', ')}.`, {
      field,
      missing,
    });
};

/** Only the supplier's people link a user to one of its employees (that makes the user internal). */
export const checkEmployeeLink = (actor: Person, employeeKey: string | null): void => {
  if (employeeKey !== null && !isInternal(actor))
    throw new HttpError(403, 'forbidden', undefined, { field: 'employeeKey' });
};

// --- roles --------------------------------------------------------------------------------------

/** What ownership needs to know of a role: its owner (null = global) and its permissions. */
export interface OwnedRole {
  concernCode: string | null;
  permissions: readonly string[];
}

/**
 * Roles a caller sees: an unrestricted caller all; otherwise the roles owned by a concern it
 * reaches, and global roles (built-in, or made by internal staff) whose every permission it holds.
 * A role owned by another concern is as good as missing (404).
 */
export const roleVisible = (actor: Actor, role: OwnedRole): boolean =>
  actor.all ||
  (role.concernCode === null
    ? hasAll(actor.permissions, role.permissions)
    : actor.concerns.includes(role.concernCode));

/** Global roles are changed and deleted only by internal administrators; a concern's roles by its admins too. */
export const roleChangeable = (actor: Actor, role: OwnedRole): boolean =>
  roleVisible(actor, role) && (role.concernCode === null ? actor.internal : true);

/** Roles a caller may give a user: visible, and holding nothing the caller lacks. */
export const roleAssignable = (actor: Actor, role: OwnedRole): boolean =>
  roleVisible(actor, role) && (actor.all || hasAll(actor.permissions, role.permissions));

/**
 * The owner of a role the caller makes: internal staff make global roles (null); a customer admin
 * makes roles of its concern; a customer user without exactly one concern cannot make any (undefined).
 */
export const newRoleOwner = (actor: Actor): string | null | undefined => {
  if (actor.internal) return null;
  return actor.concerns.length === 1 ? actor.concerns[0] : undefined;
};

/** 403 role_read_only when the caller sees the role but may not change or delete it. */
export const checkRoleChangeable = (actor: Actor, role: OwnedRole): void => {
  if (!roleChangeable(actor, role))
    throw new HttpError(403, 'role_read_only', undefined, { field: 'rolename' });
};

/**
 * How many of the users a caller administers hold each role, by role name (lower case): a
 * customer admin's counts are those of its concern, not of every customer.
 */
export const roleUserCounts = (users: Iterable<{ roles: readonly string[] }>): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const user of users)
    for (const role of new Set(user.roles.map((r) => r.toLowerCase())))
      counts.set(role, (counts.get(role) ?? 0) + 1);
  return counts;
};

/**
 * A role form (roles.create, roles.update): the name free (409 rolename_already_exists), a built-in
 * role keeps its name, known permission codes only, and only codes the caller holds.
 */
export const checkRoleForm = (
  actor: Actor,
  body: { rolename: string; permissions: readonly string[] },
  existing: { rolename: string; builtIn: boolean } | undefined,
  nameTaken: boolean,
): void => {
  if (nameTaken) throw new HttpError(409, 'rolename_already_exists', undefined, { field: 'rolename' });
  if (existing?.builtIn && existing.rolename !== body.rolename)
    invalid('rolename', 'built-in roles keep their name');
  const unknown = unknownCodes(body.permissions);
  if (unknown.length) invalid('permissions', `unknown permission ${unknown[0]}`);
  checkHeld(actor, body.permissions, 'permissions');
};

// --- granting -----------------------------------------------------------------------------------

/** What checking a user form's grants needs to look up (the backends bring their storage). */
export interface GrantLookups<R extends OwnedRole> {
  actor: Actor;
  /** The caller: its scope and employee link. */
  caller: Person;
  /** A role by name (any case), or undefined when unknown. */
  role: (name: string) => R | undefined;
  /** Resolves the codes of the caller's and the form's scope. */
  resolve: TreeResolver;
  /** The first code of the form's scope that names nothing, checked once the scope is within the caller's. */
  unknownTreeCode: () => string | undefined | Promise<string | undefined>;
}

/**
 * The grants of a user form, checked in one order by the server and the mock: known permission
 * codes (400); each role known and visible (400 `roles`), and held when the caller may not simply
 * assign it (400 permission_not_held); the direct permissions held; an employee link only from the
 * supplier's people (403); a scope within the caller's (403 `scope`: foreign and unknown codes are
 * alike to a restricted caller), naming only known codes (400); a customer user's scope non-empty
 * in one concern (400). Returns the chosen roles.
 */
export const checkGrants = async <R extends OwnedRole>(
  input: {
    roles: readonly string[];
    permissions: readonly string[];
    scope: Scope;
    employeeKey: string | null;
  },
  lookups: GrantLookups<R>,
): Promise<R[]> => {
  const unknown = unknownCodes(input.permissions);
  if (unknown.length) invalid('permissions', `unknown permission ${unknown[0]}`);
  const { actor } = lookups;
  const chosen: R[] = [];
  for (const name of input.roles) {
    const role = lookups.role(name);
    if (!role || !roleVisible(actor, role)) return invalid('roles', `unknown role ${name}`);
    if (!roleAssignable(actor, role)) checkHeld(actor, role.permissions, 'roles');
    chosen.push(role);
  }
  checkHeld(actor, input.permissions, 'permissions');
  checkEmployeeLink(lookups.caller, input.employeeKey);
  if (!lookups.caller.scope.all && !scopeWithin(input.scope, lookups.caller.scope, lookups.resolve))
    forbidden('scope');
  const missing = await lookups.unknownTreeCode();
  if (missing) invalid('scope', `unknown code ${missing}`);
  checkCustomerScope({ scope: input.scope, employeeKey: input.employeeKey }, lookups.resolve);
  return chosen;
};
