import {
  type Actor,
  actorOf,
  administersUser,
  checkGrants,
  checkRoleForm,
  userSummary as domainUserSummary,
  userView as domainUserView,
  type LocationPath,
  ROUTE_PERMISSIONS,
  type Role,
  type RoleInput,
  roleAssignable,
  roleChangeable,
  roleUserCounts,
  roleVisible,
  type Scope,
  type StoredUser,
  type TreeResolver,
  type User,
  type UserInput,
  type UserSummary,
} from '@falcon/api-client';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { fail, notFound } from '../errors';

// User and role administration (B): who administers whom, what may be granted.

type UserRow = typeof t.users.$inferSelect;
type RoleRow = typeof t.roles.$inferSelect;

/** A user with its roles, direct permissions and scope, as administration shows it. */
export interface LoadedUser {
  row: UserRow;
  roles: string[];
  permissions: string[];
  effective: string[];
  scope: Scope;
}

export interface LoadedRole {
  row: RoleRow;
  permissions: string[];
}

const loadRoles = async (db: Db): Promise<LoadedRole[]> => {
  const [roles, perms] = await Promise.all([
    db.select().from(t.roles).orderBy(asc(t.roles.rolename)),
    db.select().from(t.rolePermissions),
  ]);
  const byRole = new Map<string, string[]>();
  for (const p of perms) byRole.set(p.roleId, [...(byRole.get(p.roleId) ?? []), p.code]);
  return roles.map((row) => ({ row, permissions: (byRole.get(row.id) ?? []).sort() }));
};

/** Users with their grants; all of them, or those with the given ids. */
export const loadUsers = async (db: Db, ids?: string[]): Promise<LoadedUser[]> => {
  if (ids && !ids.length) return [];
  const users = await db
    .select()
    .from(t.users)
    .where(ids ? inArray(t.users.id, ids) : undefined)
    .orderBy(asc(t.users.username));
  if (!users.length) return [];
  const userIds = users.map((u) => u.id);
  const [roles, userRoles, perms, scopes] = await Promise.all([
    loadRoles(db),
    db.select().from(t.userRoles).where(inArray(t.userRoles.userId, userIds)),
    db.select().from(t.userPermissions).where(inArray(t.userPermissions.userId, userIds)),
    db.select().from(t.userScope).where(inArray(t.userScope.userId, userIds)),
  ]);
  const roleById = new Map(roles.map((r) => [r.row.id, r]));
  return users.map((row) => {
    const held = userRoles.filter((ur) => ur.userId === row.id).map((ur) => roleById.get(ur.roleId));
    const roleNames = held.flatMap((r) => (r ? [r.row.rolename] : [])).sort();
    const direct = perms
      .filter((p) => p.userId === row.id)
      .map((p) => p.code)
      .sort();
    const effective = new Set(direct);
    for (const r of held) for (const code of r?.permissions ?? []) effective.add(code);
    const own = scopes.filter((s) => s.userId === row.id);
    const codes = (kind: 'concern' | 'branch' | 'location') =>
      own
        .filter((s) => s.kind === kind)
        .map((s) => s.code)
        .sort();
    return {
      row,
      roles: roleNames,
      permissions: direct,
      effective: [...effective].sort(),
      scope: {
        all: row.scopeAll,
        concerns: codes('concern'),
        branches: codes('branch'),
        locations: codes('location'),
      },
    };
  });
};

/** The stored fields of a loaded user, dates as ISO strings. */
const storedUser = (r: UserRow): StoredUser => ({
  ...r,
  lastLogin: r.lastLogin ? r.lastLogin.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

export const userView = (u: LoadedUser): User => domainUserView(storedUser(u.row), u);

export const userSummary = (u: LoadedUser): UserSummary => domainUserSummary(storedUser(u.row), u.roles);

/** Where branches and locations sit in the tree, to decide whether one scope lies within another. */
const treeResolver = async (db: Db, scopes: Scope[]): Promise<TreeResolver> => {
  const branchCodes = [...new Set(scopes.flatMap((s) => s.branches))];
  const locationCodes = [...new Set(scopes.flatMap((s) => s.locations))];
  const [branches, locations] = await Promise.all([
    branchCodes.length
      ? db
          .select({ code: t.branches.code, concernCode: t.branches.concernCode })
          .from(t.branches)
          .where(inArray(t.branches.code, branchCodes))
      : [],
    locationCodes.length
      ? db
          .select({
            code: t.locations.code,
            branchCode: t.locations.branchCode,
            concernCode: t.locations.concernCode,
          })
          .from(t.locations)
          .where(inArray(t.locations.code, locationCodes))
      : [],
  ]);
  const branchConcern = new Map(branches.map((b) => [b.code, b.concernCode]));
  const locationPath = new Map<string, LocationPath>(
    locations.map((l) => [
      l.code,
      { concernCode: l.concernCode, branchCode: l.branchCode, locationCode: l.code },
    ]),
  );
  return {
    branchConcern: (code: string) => branchConcern.get(code),
    locationPath: (code: string) => locationPath.get(code),
  };
};

/** The caller as the ownership rules see it (its concerns resolved from its scope). */
export const actorFor = async (db: Db, auth: Auth): Promise<Actor> =>
  actorOf(
    { scope: auth.scope, employeeKey: auth.user.employeeKey, permissions: auth.permissions },
    await treeResolver(db, [auth.scope]),
  );

const callerOf = (auth: Auth) => ({ scope: auth.scope, employeeKey: auth.user.employeeKey });
const personOf = (u: LoadedUser) => ({ scope: u.scope, employeeKey: u.row.employeeKey });

/** The users a caller administers (`administersUser` of the domain rules). */
export const administeredUsers = async (db: Db, auth: Auth, ids?: string[]): Promise<LoadedUser[]> => {
  const users = await loadUsers(db, ids);
  if (auth.scope.all) return users;
  const resolve = await treeResolver(db, [auth.scope, ...users.map((u) => u.scope)]);
  return users.filter((u) => administersUser(callerOf(auth), personOf(u), resolve));
};

/** The id of a user by username (any case) or id, whoever administers it. */
const userIdBy = async (db: Db, by: { username?: string; id?: string }): Promise<string | undefined> => {
  const [row] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(
      by.id !== undefined
        ? eq(t.users.id, by.id)
        : sql`lower(${t.users.username}) = lower(${by.username ?? ''})`,
    );
  return row?.id;
};

/** A user the caller administers, by username or id; anyone else answers 404 like a missing one. */
export const administeredUser = async (
  db: Db,
  auth: Auth,
  by: { username?: string; id?: string },
): Promise<LoadedUser> => {
  const id = await userIdBy(db, by);
  const [user] = id ? await administeredUsers(db, auth, [id]) : [];
  return user ?? notFound();
};

/**
 * Tenant check of kind `user`: the own user, or one the caller administers. By id without
 * PERM_CREATEUSER the handler answers (`users.getById` serves the own profile without the
 * permission and 403 for anyone else, existing or not: the permission comes before the tenant,
 * as on every endpoint).
 */
export const userInReach = async (
  db: Db,
  auth: Auth,
  by: { username?: string; id?: string },
): Promise<boolean> => {
  if (by.id !== undefined && !auth.permissions.has(ROUTE_PERMISSIONS.createUser)) return true;
  const id = await userIdBy(db, by);
  if (!id) return false;
  if (id === auth.user.id) return true;
  return (await administeredUsers(db, auth, [id])).length > 0;
};

export const ownedRole = (r: LoadedRole) => ({ concernCode: r.row.concernCode, permissions: r.permissions });

/** Roles a caller sees (`roleVisible` of the domain rules); another concern's are missing to it. */
export const visibleRoles = async (db: Db, auth: Auth): Promise<{ actor: Actor; roles: LoadedRole[] }> => {
  const [actor, roles] = await Promise.all([actorFor(db, auth), loadRoles(db)]);
  return { actor, roles: roles.filter((r) => roleVisible(actor, ownedRole(r))) };
};

export const roleIsAssignable = (actor: Actor, r: LoadedRole) => roleAssignable(actor, ownedRole(r));

export interface RoleCounts {
  /** Users per role (lower-case name). */
  users: ReadonlyMap<string, number>;
  /** Of them, those without a second factor (a confirmed TOTP or a passkey). */
  withoutSecondFactor: ReadonlyMap<string, number>;
}

/** The users among `ids` with a second factor: a confirmed TOTP secret or a passkey. */
const usersWithFactor = async (db: Db, ids: string[]): Promise<Set<string>> => {
  if (!ids.length) return new Set();
  const [totp, keys] = await Promise.all([
    db
      .select({ userId: t.totpFactors.userId })
      .from(t.totpFactors)
      .where(and(inArray(t.totpFactors.userId, ids), isNotNull(t.totpFactors.secret))),
    db.selectDistinct({ userId: t.passkeys.userId }).from(t.passkeys).where(inArray(t.passkeys.userId, ids)),
  ]);
  return new Set([...totp, ...keys].map((r) => r.userId));
};

/** Role user counts within the caller's reach (the users it administers), and those without a factor. */
export const roleCountsFor = async (db: Db, auth: Auth): Promise<RoleCounts> => {
  const users = await administeredUsers(db, auth);
  const withFactor = await usersWithFactor(
    db,
    users.map((u) => u.row.id),
  );
  return {
    users: roleUserCounts(users),
    withoutSecondFactor: roleUserCounts(users.filter((u) => !withFactor.has(u.row.id))),
  };
};

export const roleView = (r: LoadedRole, actor: Actor, counts: RoleCounts): Role => ({
  id: r.row.id,
  rolename: r.row.rolename,
  firstname: r.row.firstname,
  lastname: r.row.lastname,
  region: r.row.region,
  permissions: r.permissions,
  userCount: counts.users.get(r.row.rolename.toLowerCase()) ?? 0,
  builtIn: r.row.builtIn,
  concernCode: r.row.concernCode,
  editable: roleChangeable(actor, ownedRole(r)),
  secondFactorRequired: r.row.secondFactorRequired,
  usersWithoutSecondFactor: counts.withoutSecondFactor.get(r.row.rolename.toLowerCase()) ?? 0,
});

const unknownTreeCodes = async (db: Db, scope: Scope): Promise<string | undefined> => {
  const known = async (
    table: typeof t.concerns | typeof t.branches | typeof t.locations,
    codes: string[],
  ) => {
    if (!codes.length) return undefined;
    const rows = await db.select({ code: table.code }).from(table).where(inArray(table.code, codes));
    const found = new Set(rows.map((r) => r.code));
    return codes.find((c) => !found.has(c));
  };
  return (
    (await known(t.concerns, scope.concerns)) ??
    (await known(t.branches, scope.branches)) ??
    (await known(t.locations, scope.locations))
  );
};

/** The grants of a user form (the shared rule `checkGrants`) over the database; the chosen roles. */
export const checkGrant = async (
  db: Db,
  auth: Auth,
  input: Pick<UserInput, 'roles' | 'permissions' | 'scope' | 'employeeKey'>,
): Promise<LoadedRole[]> => {
  const [{ actor, roles }, resolve] = await Promise.all([
    visibleRoles(db, auth),
    treeResolver(db, [input.scope]),
  ]);
  const chosen = await checkGrants(input, {
    actor,
    caller: callerOf(auth),
    role: (name) => {
      const role = roles.find((r) => r.row.rolename.toLowerCase() === name.toLowerCase());
      return role && { ...ownedRole(role), loaded: role };
    },
    resolve,
    unknownTreeCode: () => unknownTreeCodes(db, input.scope),
  });
  return chosen.map((c) => c.loaded);
};

export const checkRoleInput = async (
  db: Db,
  actor: Actor,
  body: RoleInput,
  existing?: RoleRow,
): Promise<void> => {
  const [clash] = await db
    .select({ id: t.roles.id })
    .from(t.roles)
    .where(sql`lower(${t.roles.rolename}) = lower(${body.rolename})`);
  checkRoleForm(actor, body, existing, clash !== undefined && clash.id !== existing?.id);
};

/** A unique violation (a concurrent create with the same name) answers like the check before it. */
export const onUniqueViolation = async <T>(
  work: () => Promise<T>,
  key: 'username_already_exists' | 'rolename_already_exists',
  field: string,
): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if ((e.code ?? e.cause?.code) === '23505') return fail(409, key, field);
    throw error;
  }
};
