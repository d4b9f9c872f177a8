import {
  type Actor,
  checkPasswordPair,
  checkRoleChangeable,
  grantablePermissions,
  newRoleOwner,
  personalDataChange,
  protocolEntry,
  ROUTE_PERMISSIONS,
  sessionView,
  slicePage,
  type UserInput,
  userFieldsOf,
} from '@falcon/api-client';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Auth } from '../auth/sessions';
import { throttledCheck, throttleKeys } from '../auth/throttle';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { forbidden, HttpError, invalid, notFound } from '../errors';
import { newId } from '../ids';
import { writeProtocol } from '../services/protocol';
import { assigneeFilter, reviewViews } from '../services/reviews';
import { locationTableScope, reviewScope } from '../services/scope';
import { containerCounts } from '../services/tree';
import {
  actorFor,
  administeredUser,
  administeredUsers,
  checkGrant,
  checkRoleInput,
  type LoadedRole,
  type LoadedUser,
  loadUsers,
  onUniqueViolation,
  ownedRole,
  roleCountsFor,
  roleIsAssignable,
  roleView,
  userSummary,
  userView,
  visibleRoles,
} from '../services/user-admin';
import { defineRoutes } from './define';

// --- users ------------------------------------------------------------------------------------

const USER_SORT: Record<string, (u: LoadedUser) => string> = {
  username: (u) => u.row.username.toLowerCase(),
  firstname: (u) => u.row.firstname.toLowerCase(),
  lastname: (u) => u.row.lastname.toLowerCase(),
  email: (u) => (u.row.email ?? '').toLowerCase(),
  region: (u) => (u.row.region ?? '').toLowerCase(),
  lastLogin: (u) => u.row.lastLogin?.toISOString() ?? '',
  createdAt: (u) => u.row.createdAt.toISOString(),
};

const checkUserInput = async (db: Db, auth: Auth, body: UserInput, existing?: LoadedUser) => {
  const [clash] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(sql`lower(${t.users.username}) = lower(${body.username})`);
  if (clash && clash.id !== existing?.row.id)
    throw new HttpError(409, 'username_already_exists', undefined, { field: 'username' });
  if (!existing && !body.password) invalid('password', 'a password is required');
  const pair = checkPasswordPair(body.password, body.passwordRepeat);
  if (pair) throw new HttpError(400, pair.error, undefined, { field: pair.field });
  if (body.employeeKey) {
    const [employee] = await db
      .select({ key: t.employees.key })
      .from(t.employees)
      .where(eq(t.employees.key, body.employeeKey));
    if (!employee) invalid('employeeKey', 'unknown employee');
  }
  return checkGrant(db, auth, body);
};

/** Writes roles, direct permissions and scope of a user (replacing what it had). */
const writeGrants = async (tx: Db, userId: string, roleIds: string[], body: UserInput) => {
  await tx.delete(t.userRoles).where(eq(t.userRoles.userId, userId));
  await tx.delete(t.userPermissions).where(eq(t.userPermissions.userId, userId));
  await tx.delete(t.userScope).where(eq(t.userScope.userId, userId));
  const roles = [...new Set(roleIds)];
  if (roles.length) await tx.insert(t.userRoles).values(roles.map((roleId) => ({ userId, roleId })));
  const perms = [...new Set(body.permissions)];
  if (perms.length) await tx.insert(t.userPermissions).values(perms.map((code) => ({ userId, code })));
  const scope = body.scope.all
    ? []
    : [
        ...[...new Set(body.scope.concerns)].map((code) => ({ userId, kind: 'concern' as const, code })),
        ...[...new Set(body.scope.branches)].map((code) => ({ userId, kind: 'branch' as const, code })),
        ...[...new Set(body.scope.locations)].map((code) => ({ userId, kind: 'location' as const, code })),
      ];
  if (scope.length) await tx.insert(t.userScope).values(scope);
};

const userFields = (body: UserInput) => ({ ...userFieldsOf(body), scopeAll: body.scope.all });

const reload = async (db: Db, id: string) => {
  const [user] = await loadUsers(db, [id]);
  return userView(user as LoadedUser);
};

/** A user as its protocol entries record it. */
const userState = (username: string, u: { roles: string[]; scope: unknown }) => ({
  username,
  roles: u.roles,
  scope: u.scope,
});

export const usersRoutes = defineRoutes('users', {
  list: async ({ db, auth, body }) => {
    const f = body.filterMap;
    const has = (value: string | null, wanted: string | undefined) =>
      !wanted || (value ?? '').toLowerCase().includes(wanted.toLowerCase());
    const rows = (await administeredUsers(db, auth)).filter(
      (u) =>
        has(u.row.username, f.username) &&
        has(`${u.row.firstname} ${u.row.lastname}`, f.name) &&
        has(u.row.region, f.region) &&
        (!f.role || u.roles.some((r) => r.toLowerCase() === f.role?.toLowerCase())),
    );
    const key = USER_SORT[body.sortField ?? 'username'] ?? USER_SORT.username;
    const dir = body.sortAsc ? 1 : -1;
    rows.sort((a, b) => key!(a).localeCompare(key!(b)) * dir || a.row.id.localeCompare(b.row.id));
    const page = slicePage(rows, body.page, body.size);
    return { ...page, items: page.items.map(userSummary) };
  },

  create: async ({ db, auth, body, ctx }) => {
    const roles = await checkUserInput(db, auth, body);
    const now = ctx.now();
    const passwordHash = await hashPassword(body.password as string);
    const id = newId('U');
    await onUniqueViolation(
      () =>
        db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          await tx.insert(t.users).values({ id, ...userFields(body), passwordHash, createdAt: now });
          await writeGrants(
            tx,
            id,
            roles.map((r) => r.row.id),
            body,
          );
          await writeProtocol(
            tx,
            protocolEntry.userCreated(
              auth.user.username,
              id,
              userState(body.username, { roles: roles.map((r) => r.row.rolename), scope: body.scope }),
            ),
            now,
          );
        }),
      'username_already_exists',
      'username',
    );
    return reload(db, id);
  },

  getByUsername: async ({ db, auth, params }) =>
    userView(await administeredUser(db, auth, { username: params.username })),

  /** The own profile needs no permission; anyone else needs PERM_CREATEUSER and to be administered. */
  getById: async ({ db, auth, params }) => {
    if (params.id === auth.user.id) return reload(db, auth.user.id);
    if (!auth.permissions.has(ROUTE_PERMISSIONS.createUser)) forbidden();
    return userView(await administeredUser(db, auth, { id: params.id }));
  },

  update: async ({ db, auth, params, body, ctx }) => {
    const user = await administeredUser(db, auth, { username: params.username });
    const roles = await checkUserInput(db, auth, body, user);
    const now = ctx.now();
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    await onUniqueViolation(
      () =>
        db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          await tx
            .update(t.users)
            .set({ ...userFields(body), ...(passwordHash ? { passwordHash } : {}) })
            .where(eq(t.users.id, user.row.id));
          await writeGrants(
            tx,
            user.row.id,
            roles.map((r) => r.row.id),
            body,
          );
          // A new password set by an administrator ends the user's other sessions.
          if (passwordHash)
            await tx
              .delete(t.sessions)
              .where(and(eq(t.sessions.userId, user.row.id), ne(t.sessions.id, auth.sessionId)));
          await writeProtocol(
            tx,
            protocolEntry.userUpdated(
              auth.user.username,
              user.row.id,
              userState(user.row.username, user),
              userState(body.username, { roles: roles.map((r) => r.row.rolename), scope: body.scope }),
            ),
            now,
          );
        }),
      'username_already_exists',
      'username',
    );
    return reload(db, user.row.id);
  },

  remove: async ({ db, auth, params, ctx }) => {
    const user = await administeredUser(db, auth, { username: params.username });
    if (user.row.id === auth.user.id)
      throw new HttpError(409, 'deletion_error', 'You cannot delete yourself.', {
        field: 'username',
        reason: 'self',
      });
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.delete(t.users).where(eq(t.users.id, user.row.id));
      await writeProtocol(
        tx,
        protocolEntry.userDeleted(auth.user.username, user.row.id, userState(user.row.username, user)),
        ctx.now(),
      );
    });
    return { ok: true as const };
  },

  permissions: ({ auth }) => grantablePermissions(auth.permissions),
});

// --- roles ------------------------------------------------------------------------------------

/** A role the caller sees (another concern's answers 404 like a missing one), with the caller. */
const visibleRoleBy = async (db: Db, auth: Auth, match: (r: { id: string; rolename: string }) => boolean) => {
  const { actor, roles } = await visibleRoles(db, auth);
  const role = roles.find((r) => match(r.row));
  return role ? { actor, role } : notFound();
};
const byName = (name: string) => (r: { rolename: string }) => r.rolename.toLowerCase() === name.toLowerCase();

const rolesView = async (db: Db, auth: Auth, roles: LoadedRole[], actor: Actor) => {
  const counts = await roleCountsFor(db, auth);
  return roles.map((r) => roleView(r, actor, counts));
};

export const rolesRoutes = defineRoutes('roles', {
  list: async ({ db, auth, body }) => {
    const f = body.filterMap;
    const { actor, roles } = await visibleRoles(db, auth);
    const rows = roles.filter(
      (r) =>
        (!f.rolename || r.row.rolename.toLowerCase().includes(f.rolename.toLowerCase())) &&
        (!f.region || (r.row.region ?? '').toLowerCase().includes(f.region.toLowerCase())),
    );
    const field = (body.sortField ?? 'rolename') as 'rolename' | 'region' | 'firstname' | 'lastname';
    const key = (r: (typeof rows)[number]) => String(r.row[field] ?? r.row.rolename).toLowerCase();
    rows.sort((a, b) => key(a).localeCompare(key(b)) * (body.sortAsc ? 1 : -1));
    const page = slicePage(rows, body.page, body.size);
    return { ...page, items: await rolesView(db, auth, page.items, actor) };
  },

  all: async ({ db, auth }) => {
    const { actor, roles } = await visibleRoles(db, auth);
    return rolesView(
      db,
      auth,
      roles.filter((r) => roleIsAssignable(actor, r)),
      actor,
    );
  },

  create: async ({ db, auth, body, ctx }) => {
    const actor = await actorFor(db, auth);
    const owner = newRoleOwner(actor);
    if (owner === undefined) forbidden('scope');
    await checkRoleInput(db, actor, body);
    const id = newId('R');
    const permissions = [...new Set(body.permissions)];
    const secondFactorRequired = body.secondFactorRequired ?? false;
    await onUniqueViolation(
      () =>
        db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          await tx.insert(t.roles).values({
            id,
            rolename: body.rolename,
            firstname: body.firstname ?? null,
            lastname: body.lastname ?? null,
            region: body.region ?? null,
            builtIn: false,
            concernCode: owner ?? null,
            secondFactorRequired,
          });
          if (permissions.length)
            await tx.insert(t.rolePermissions).values(permissions.map((code) => ({ roleId: id, code })));
          await writeProtocol(
            tx,
            protocolEntry.roleCreated(auth.user.username, id, {
              rolename: body.rolename,
              permissions,
              secondFactorRequired,
              concernCode: owner ?? null,
            }),
            ctx.now(),
          );
          if (secondFactorRequired)
            await writeProtocol(
              tx,
              protocolEntry.roleSecondFactorPolicy(auth.user.username, id, body.rolename, true, null),
              ctx.now(),
            );
        }),
      'rolename_already_exists',
      'rolename',
    );
    const { role } = await visibleRoleBy(db, auth, (r) => r.id === id);
    return (await rolesView(db, auth, [role], actor))[0];
  },

  getById: async ({ db, auth, params }) => {
    const { actor, role } = await visibleRoleBy(db, auth, (r) => r.id === params.id);
    return (await rolesView(db, auth, [role], actor))[0];
  },

  update: async ({ db, auth, params, body, ctx }) => {
    const { actor, role } = await visibleRoleBy(db, auth, byName(params.rolename));
    checkRoleChangeable(actor, ownedRole(role));
    await checkRoleInput(db, actor, body, role.row);
    const permissions = [...new Set(body.permissions)];
    // Missing: the policy stays as it is (a client that does not know it changes nothing).
    const wasRequired = role.row.secondFactorRequired;
    const secondFactorRequired = body.secondFactorRequired ?? wasRequired;
    await onUniqueViolation(
      () =>
        db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          await tx
            .update(t.roles)
            .set({
              rolename: body.rolename,
              firstname: body.firstname ?? null,
              lastname: body.lastname ?? null,
              region: body.region ?? null,
              secondFactorRequired,
            })
            .where(eq(t.roles.id, role.row.id));
          await tx.delete(t.rolePermissions).where(eq(t.rolePermissions.roleId, role.row.id));
          if (permissions.length)
            await tx
              .insert(t.rolePermissions)
              .values(permissions.map((code) => ({ roleId: role.row.id, code })));
          await writeProtocol(
            tx,
            protocolEntry.roleUpdated(
              auth.user.username,
              role.row.id,
              {
                rolename: role.row.rolename,
                permissions: role.permissions,
                secondFactorRequired: wasRequired,
              },
              { rolename: body.rolename, permissions, secondFactorRequired },
            ),
            ctx.now(),
          );
          if (secondFactorRequired !== wasRequired)
            await writeProtocol(
              tx,
              protocolEntry.roleSecondFactorPolicy(
                auth.user.username,
                role.row.id,
                body.rolename,
                secondFactorRequired,
                wasRequired,
              ),
              ctx.now(),
            );
        }),
      'rolename_already_exists',
      'rolename',
    );
    const { role: saved } = await visibleRoleBy(db, auth, (r) => r.id === role.row.id);
    return (await rolesView(db, auth, [saved], actor))[0];
  },

  remove: async ({ db, auth, params, ctx }) => {
    const { actor, role } = await visibleRoleBy(db, auth, byName(params.rolename));
    if (role.row.builtIn)
      throw new HttpError(409, 'deletion_error', 'Built-in roles cannot be deleted.', {
        field: 'rolename',
        reason: 'built_in',
      });
    checkRoleChangeable(actor, ownedRole(role));
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.delete(t.roles).where(eq(t.roles.id, role.row.id));
      await writeProtocol(
        tx,
        protocolEntry.roleDeleted(auth.user.username, role.row.id, {
          rolename: role.row.rolename,
          permissions: role.permissions,
          secondFactorRequired: role.row.secondFactorRequired,
        }),
        ctx.now(),
      );
    });
    return { ok: true as const };
  },
});

// --- administration and start page ---------------------------------------------------------------

const countOf = async (
  db: Db,
  table:
    | typeof t.concerns
    | typeof t.branches
    | typeof t.locations
    | typeof t.containers
    | typeof t.users
    | typeof t.roles,
) => {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

export const adminRoutes = defineRoutes('admin', {
  overview: async ({ db, ctx }) => {
    const [concerns, branches, locations, containers, users, roles, [pending], jobs] = await Promise.all([
      countOf(db, t.concerns),
      countOf(db, t.branches),
      countOf(db, t.locations),
      countOf(db, t.containers),
      countOf(db, t.users),
      countOf(db, t.roles),
      db.select({ n: count() }).from(t.reviewRequests).where(eq(t.reviewRequests.state, 'pending')),
      db
        .select({ state: t.exportJobs.state, n: count() })
        .from(t.exportJobs)
        .where(inArray(t.exportJobs.state, ['queued', 'running', 'failed']))
        .groupBy(t.exportJobs.state),
    ]);
    const jobsIn = (state: string) => jobs.find((j) => j.state === state)?.n ?? 0;
    return {
      counts: { concerns, branches, locations, containers, users, roles },
      pendingRequests: pending?.n ?? 0,
      exports: { queued: jobsIn('queued'), running: jobsIn('running'), failed: jobsIn('failed') },
      version: ctx.version,
      startedAt: ctx.startedAt,
    };
  },

  dashboard: async ({ db, auth }) => {
    const locations = await db
      .select({
        code: t.locations.code,
        name: t.locations.name,
        branchCode: t.locations.branchCode,
        branchName: t.branches.name,
        concernCode: t.locations.concernCode,
        concernName: t.concerns.name,
      })
      .from(t.locations)
      .innerJoin(t.branches, eq(t.branches.code, t.locations.branchCode))
      .innerJoin(t.concerns, eq(t.concerns.code, t.locations.concernCode))
      .where(locationTableScope(auth.scope));
    const counts = await containerCounts(
      db,
      locations.map((l) => l.code),
    );
    const mine = eq(t.reviewRequests.requestedBy, auth.user.username);
    const [[myPending], [toReview], recent] = await Promise.all([
      db
        .select({ n: count() })
        .from(t.reviewRequests)
        .where(and(mine, eq(t.reviewRequests.state, 'pending'))),
      auth.permissions.has('PERM_REVIEWREQUESTS')
        ? db
            .select({ n: count() })
            .from(t.reviewRequests)
            .where(and(eq(t.reviewRequests.state, 'pending'), reviewScope(auth.scope), assigneeFilter(auth)))
        : [{ n: 0 }],
      db
        .select()
        .from(t.reviewRequests)
        .where(mine)
        .orderBy(desc(t.reviewRequests.requestedAt), desc(t.reviewRequests.id))
        .limit(5),
    ]);
    return {
      locations: locations
        .map((l) => ({ ...l, ...(counts.get(l.code) ?? { containerCount: 0, alarmingCount: 0 }) }))
        .sort((a, b) => b.alarmingCount - a.alarmingCount || a.code.localeCompare(b.code)),
      myPendingRequests: myPending?.n ?? 0,
      toReview: toReview?.n ?? 0,
      recentRequests: await reviewViews(db, recent),
    };
  },
});

// --- profile (A) ------------------------------------------------------------------------------

export const profileRoutes = defineRoutes('profile', {
  changePassword: async ({ db, auth, body, ctx, request }) => {
    const pair = checkPasswordPair(body.newPassword, body.newPasswordRepeat, 'newPasswordRepeat');
    if (pair) throw new HttpError(400, pair.error, undefined, { field: pair.field });
    const [row] = await db
      .select({ hash: t.users.passwordHash })
      .from(t.users)
      .where(eq(t.users.id, auth.user.id));
    // Guessing the old password through a session someone left open is throttled like sign-in, on the
    // same keys: both checks draw on one budget per (address, username).
    const checked = await throttledCheck(
      db,
      throttleKeys(auth.user.username, request.ip),
      ctx.now(),
      ctx.throttle,
      () => verifyPassword(row?.hash ?? null, body.oldPassword),
    );
    if (!checked.ok) throw new HttpError(400, 'wrong_password', undefined, { field: 'oldPassword' });
    await db
      .update(t.users)
      .set({ passwordHash: await hashPassword(body.newPassword) })
      .where(eq(t.users.id, auth.user.id));
    // Other sessions of the user end: a changed password locks out whoever else held it.
    await db
      .delete(t.sessions)
      .where(and(eq(t.sessions.userId, auth.user.id), ne(t.sessions.id, auth.sessionId)));
    await writeProtocol(db, protocolEntry.passwordChanged(auth.user));
    return { ok: true as const };
  },

  update: async ({ db, auth, body }) => {
    const u = auth.user;
    const { before, after: personal } = personalDataChange(u, body);
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.update(t.users).set(personal).where(eq(t.users.id, u.id));
      await writeProtocol(tx, protocolEntry.profileUpdated(u, before, personal));
    });
    return sessionView({ ...auth, user: { ...u, ...personal } });
  },

  setLanguage: async ({ db, auth, body }) => {
    await db.update(t.users).set({ language: body.language }).where(eq(t.users.id, auth.user.id));
    return sessionView({ ...auth, user: { ...auth.user, language: body.language } });
  },
});
