import {
  type Actor,
  actorOf,
  administersUser,
  checkGrants,
  checkPasswordPair,
  checkRoleChangeable,
  checkRoleForm,
  userView as domainUserView,
  grantablePermissions,
  inboxAssigneeKey,
  newRoleOwner,
  personalDataChange,
  protocolEntry,
  ROUTE_PERMISSIONS,
  type Role,
  type RoleInput,
  roleAssignable,
  roleChangeable,
  roleUserCounts,
  roleVisible,
  sessionView,
  slicePage,
  type User,
  type UserInput,
  type UserSummary,
  userFieldsOf,
  userSummary,
} from '@falcon/api-client';
import type { DatasetRole, DatasetUser } from '@falcon/demo-data';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb } from '../db';
import { forbidden, invalid, MockError, notFound } from '../errors';
import { MOCK_VERSION } from './org';
import { type HandlerContext, route } from './route';
import { throttledCheck } from './throttle';
import { locationView } from './views';

// --- users ------------------------------------------------------------------------------------

const userView = (db: MockDb, u: DatasetUser): User =>
  domainUserView(u, { ...u, effective: db.grants.effectivePermissionsOf(u) });

const summaryView = (u: DatasetUser): UserSummary => userSummary(u, u.roles);

/** A user as its protocol entries record it. */
const userState = (u: DatasetUser) => ({ username: u.username, roles: u.roles, scope: u.scope });

const resolver = (db: MockDb) => ({ branchConcern: db.branchConcern, locationPath: db.locationPath });

const callerOf = (auth: Auth) => ({ scope: auth.scope, employeeKey: auth.user.employeeKey });

/** The caller as the ownership rules see it. */
const actorFor = (db: MockDb, auth: Auth): Actor =>
  actorOf({ ...callerOf(auth), permissions: auth.permissions }, resolver(db));

/** Users a caller administers (`administersUser` of the domain rules). */
const administers = (db: MockDb, auth: Auth, u: DatasetUser) =>
  administersUser(callerOf(auth), u, resolver(db));

export const administered = (db: MockDb, auth: Auth, u: DatasetUser | undefined): DatasetUser => {
  if (!u || !administers(db, auth, u)) return notFound();
  return u as DatasetUser;
};

/** The grants of a user form (the shared rule `checkGrants`) over this database. */
const checkGrant = (db: MockDb, auth: Auth, input: UserInput) =>
  checkGrants(input, {
    actor: actorFor(db, auth),
    caller: callerOf(auth),
    role: (name) => db.grants.roleByName(name),
    resolve: resolver(db),
    unknownTreeCode: () =>
      input.scope.concerns.find((c) => !db.concerns.has(c)) ??
      input.scope.branches.find((b) => !db.branches.has(b)) ??
      input.scope.locations.find((l) => !db.locations.has(l)),
  });

const checkUserInput = async (db: MockDb, auth: Auth, body: UserInput, existing?: DatasetUser) => {
  const clash = db.grants.userByName(body.username);
  if (clash && clash !== existing)
    throw new MockError(409, 'username_already_exists', undefined, { field: 'username' });
  if (!existing && !body.password) invalid('password', 'a password is required');
  const pair = checkPasswordPair(body.password, body.passwordRepeat);
  if (pair) throw new MockError(400, pair.error, undefined, { field: pair.field });
  if (body.employeeKey && !db.employees.has(body.employeeKey)) invalid('employeeKey', 'unknown employee');
  await checkGrant(db, auth, body);
};

const applyUserInput = (db: MockDb, u: DatasetUser, body: UserInput) => {
  Object.assign(u, userFieldsOf(body));
  u.roles = [...new Set(body.roles.map((r) => db.grants.roleByName(r)?.rolename ?? r))];
  u.permissions = [...new Set(body.permissions)];
  u.scope = structuredClone(body.scope);
  if (body.password) u.password = body.password;
};

const sortRows = <T>(rows: T[], field: string | undefined, asc: boolean, fallback: keyof T) => {
  const key = (field ?? fallback) as keyof T;
  const dir = asc ? 1 : -1;
  return rows.sort((a, b) => String(a[key] ?? '').localeCompare(String(b[key] ?? '')) * dir);
};

export const usersHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'users', 'list', ({ db, auth, body }) => {
    const f = body.filterMap;
    const has = (value: string | null, wanted: string | undefined) =>
      !wanted || (value ?? '').toLowerCase().includes(wanted.toLowerCase());
    const rows = [...db.grants.users.values()].filter(
      (u) =>
        administers(db, auth, u) &&
        has(u.username, f.username) &&
        has(`${u.firstname} ${u.lastname}`, f.name) &&
        has(u.region, f.region) &&
        (!f.role || u.roles.includes(f.role)),
    );
    sortRows(rows, body.sortField, body.sortAsc, 'username');
    const page = slicePage(rows, body.page, body.size);
    return { ...page, items: page.items.map(summaryView) };
  }),

  // Before `user/:username`: the literal segment must win.
  route(ctx, 'users', 'create', async ({ db, auth, body }) => {
    await checkUserInput(db, auth, body);
    const user: DatasetUser = {
      id: db.nextId('U'),
      username: '',
      password: '',
      firstname: '',
      lastname: '',
      email: null,
      phone: null,
      region: null,
      useRegion: false,
      language: 'de',
      roles: [],
      permissions: [],
      scope: { all: false, concerns: [], branches: [], locations: [] },
      employeeKey: null,
      sessionTimeoutMinutes: 60,
      createdAt: db.now(),
      lastLogin: null,
      active: true,
    };
    applyUserInput(db, user, body);
    db.grants.users.set(user.id, user);
    db.protocol.log(protocolEntry.userCreated(auth.user.username, user.id, userState(user)));
    return userView(db, user);
  }),

  route(ctx, 'users', 'getByUsername', ({ db, auth, params }) =>
    userView(db, administered(db, auth, db.grants.userByName(params.username))),
  ),

  route(ctx, 'users', 'getById', ({ db, auth, params }) => {
    if (params.id === auth.user.id) return userView(db, auth.user);
    if (!auth.permissions.has(ROUTE_PERMISSIONS.createUser)) forbidden();
    return userView(db, administered(db, auth, db.grants.users.get(params.id)));
  }),

  route(ctx, 'users', 'update', async ({ db, auth, params, body }) => {
    const user = administered(db, auth, db.grants.userByName(params.username));
    await checkUserInput(db, auth, body, user);
    const before = structuredClone(userState(user));
    applyUserInput(db, user, body);
    if (body.password && user.id !== auth.user.id) db.sessions.closeAllOf(user.id);
    db.protocol.log(protocolEntry.userUpdated(auth.user.username, user.id, before, userState(user)));
    return userView(db, user);
  }),

  route(ctx, 'users', 'remove', ({ db, auth, params }) => {
    const user = administered(db, auth, db.grants.userByName(params.username));
    if (user.id === auth.user.id)
      throw new MockError(409, 'deletion_error', 'You cannot delete yourself.', {
        field: 'username',
        reason: 'self',
      });
    db.grants.users.delete(user.id);
    db.sessions.closeAllOf(user.id);
    db.protocol.log(protocolEntry.userDeleted(auth.user.username, user.id, userState(user)));
    return { ok: true as const };
  }),

  route(ctx, 'users', 'permissions', ({ auth }) => grantablePermissions(auth.permissions)),
];

// --- roles ------------------------------------------------------------------------------------

interface RoleCounts {
  users: ReadonlyMap<string, number>;
  withoutSecondFactor: ReadonlyMap<string, number>;
}

const roleView = (r: DatasetRole, actor: Actor, counts: RoleCounts): Role => ({
  id: r.id,
  rolename: r.rolename,
  firstname: r.firstname,
  lastname: r.lastname,
  region: r.region,
  permissions: [...r.permissions],
  userCount: counts.users.get(r.rolename.toLowerCase()) ?? 0,
  builtIn: r.builtIn,
  concernCode: r.concernCode,
  editable: roleChangeable(actor, r),
  secondFactorRequired: r.secondFactorRequired ?? false,
  usersWithoutSecondFactor: counts.withoutSecondFactor.get(r.rolename.toLowerCase()) ?? 0,
});

/** Role views with user counts among the users the caller administers. */
const rolesView = (db: MockDb, auth: Auth, roles: DatasetRole[]) => {
  const actor = actorFor(db, auth);
  const users = [...db.grants.users.values()].filter((u) => administers(db, auth, u));
  const counts = {
    users: roleUserCounts(users),
    withoutSecondFactor: roleUserCounts(users.filter((u) => !db.secondFactors.hasFactor(u.id))),
  };
  return roles.map((r) => roleView(r, actor, counts));
};

/** A role the caller sees; another concern's answers 404 like a missing one (tenant kind `role`). */
const visibleRole = (db: MockDb, auth: Auth, r: DatasetRole | undefined): DatasetRole => {
  if (!r || !roleVisible(actorFor(db, auth), r)) return notFound();
  return r as DatasetRole;
};

const checkRoleInput = (db: MockDb, actor: Actor, body: RoleInput, existing?: DatasetRole) => {
  const clash = db.grants.roleByName(body.rolename);
  checkRoleForm(actor, body, existing, clash !== undefined && clash !== existing);
};

export const rolesHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'roles', 'list', ({ db, auth, body }) => {
    const f = body.filterMap;
    const actor = actorFor(db, auth);
    const rows = [...db.grants.roles.values()].filter(
      (r) =>
        roleVisible(actor, r) &&
        (!f.rolename || r.rolename.toLowerCase().includes(f.rolename.toLowerCase())) &&
        (!f.region || (r.region ?? '').toLowerCase().includes(f.region.toLowerCase())),
    );
    sortRows(rows, body.sortField, body.sortAsc, 'rolename');
    const page = slicePage(rows, body.page, body.size);
    return { ...page, items: rolesView(db, auth, page.items) };
  }),
  route(ctx, 'roles', 'all', ({ db, auth }) => {
    const actor = actorFor(db, auth);
    return rolesView(
      db,
      auth,
      [...db.grants.roles.values()].filter((r) => roleAssignable(actor, r)),
    );
  }),
  // Before `role/:rolename`: the literal segment must win.
  route(ctx, 'roles', 'create', ({ db, auth, body }) => {
    const actor = actorFor(db, auth);
    const owner = newRoleOwner(actor);
    if (owner === undefined) forbidden('scope');
    checkRoleInput(db, actor, body);
    const role: DatasetRole = {
      id: db.nextId('R'),
      rolename: body.rolename,
      firstname: body.firstname ?? null,
      lastname: body.lastname ?? null,
      region: body.region ?? null,
      permissions: [...new Set(body.permissions)],
      builtIn: false,
      concernCode: owner ?? null,
      secondFactorRequired: body.secondFactorRequired ?? false,
    };
    db.grants.roles.set(role.id, role);
    db.protocol.log(
      protocolEntry.roleCreated(auth.user.username, role.id, {
        ...role,
        secondFactorRequired: role.secondFactorRequired ?? false,
      }),
    );
    if (role.secondFactorRequired)
      db.protocol.log(
        protocolEntry.roleSecondFactorPolicy(auth.user.username, role.id, role.rolename, true, null),
      );
    return rolesView(db, auth, [role])[0];
  }),
  route(
    ctx,
    'roles',
    'getById',
    ({ db, auth, params }) => rolesView(db, auth, [visibleRole(db, auth, db.grants.roles.get(params.id))])[0],
  ),
  route(ctx, 'roles', 'update', ({ db, auth, params, body }) => {
    const role = visibleRole(db, auth, db.grants.roleByName(params.rolename));
    const actor = actorFor(db, auth);
    checkRoleChangeable(actor, role);
    checkRoleInput(db, actor, body, role);
    const wasRequired = role.secondFactorRequired ?? false;
    const before = {
      rolename: role.rolename,
      permissions: [...role.permissions],
      secondFactorRequired: wasRequired,
    };
    if (role.rolename !== body.rolename)
      for (const u of db.grants.users.values())
        u.roles = u.roles.map((r) => (r === role.rolename ? body.rolename : r));
    role.rolename = body.rolename;
    role.firstname = body.firstname ?? null;
    role.lastname = body.lastname ?? null;
    role.region = body.region ?? null;
    role.permissions = [...new Set(body.permissions)];
    // Missing: the policy stays as it is.
    role.secondFactorRequired = body.secondFactorRequired ?? wasRequired;
    db.protocol.log(
      protocolEntry.roleUpdated(auth.user.username, role.id, before, {
        ...role,
        secondFactorRequired: role.secondFactorRequired,
      }),
    );
    if (role.secondFactorRequired !== wasRequired)
      db.protocol.log(
        protocolEntry.roleSecondFactorPolicy(
          auth.user.username,
          role.id,
          role.rolename,
          role.secondFactorRequired,
          wasRequired,
        ),
      );
    return rolesView(db, auth, [role])[0];
  }),
  route(ctx, 'roles', 'remove', ({ db, auth, params }) => {
    const role = visibleRole(db, auth, db.grants.roleByName(params.rolename));
    if (role.builtIn)
      throw new MockError(409, 'deletion_error', 'Built-in roles cannot be deleted.', {
        field: 'rolename',
        reason: 'built_in',
      });
    checkRoleChangeable(actorFor(db, auth), role);
    db.grants.roles.delete(role.id);
    for (const u of db.grants.users.values()) u.roles = u.roles.filter((r) => r !== role.rolename);
    db.protocol.log(protocolEntry.roleDeleted(auth.user.username, role.id, role));
    return { ok: true as const };
  }),
];

// --- profile ----------------------------------------------------------------------------------

export const profileHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'profile', 'changePassword', ({ db, auth, body }) => {
    const pair = checkPasswordPair(body.newPassword, body.newPasswordRepeat, 'newPasswordRepeat');
    if (pair) throw new MockError(400, pair.error, undefined, { field: pair.field });
    if (!throttledCheck(db, auth.user.username, () => auth.user.password === body.oldPassword))
      throw new MockError(400, 'wrong_password', undefined, { field: 'oldPassword' });
    auth.user.password = body.newPassword;
    db.sessions.closeAllOf(auth.user.id, auth.token);
    db.protocol.log(protocolEntry.passwordChanged(auth.user));
    return { ok: true as const };
  }),
  route(ctx, 'profile', 'update', ({ db, auth, body }) => {
    const u = auth.user;
    const { before, after: personal } = personalDataChange(u, body);
    Object.assign(u, personal);
    db.protocol.log(protocolEntry.profileUpdated(u, before, personal));
    return sessionView(auth);
  }),
  route(ctx, 'profile', 'setLanguage', ({ auth, body }) => {
    auth.user.language = body.language;
    return sessionView(auth);
  }),
];

// --- administration and dashboard --------------------------------------------------------------

export const adminHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'admin', 'overview', ({ db }) => ({
    counts: {
      concerns: db.concerns.size,
      branches: db.branches.size,
      locations: db.locations.size,
      containers: db.containers.size,
      users: db.grants.users.size,
      roles: db.grants.roles.size,
    },
    pendingRequests: db.reviews.requests.filter((r) => r.state === 'pending').length,
    exports: {
      queued: db.files.exports.filter((e) => e.state === 'queued').length,
      running: db.files.exports.filter((e) => e.state === 'running').length,
      failed: db.files.exports.filter((e) => e.state === 'failed').length,
    },
    version: MOCK_VERSION,
    startedAt: db.startedAt,
  })),
  route(ctx, 'admin', 'dashboard', ({ db, auth }) => {
    const locations = db
      .visibleLocations(auth.scope)
      .map((l) => {
        const view = locationView(db, l);
        return {
          code: l.code,
          name: l.name,
          branchCode: l.branchCode,
          branchName: view.parentBranch.name,
          concernCode: l.concernCode,
          concernName: view.parentBranch.parentConcern.name,
          containerCount: view.containerCount,
          alarmingCount: view.alarmingCount,
        };
      })
      .sort((a, b) => b.alarmingCount - a.alarmingCount || a.code.localeCompare(b.code));
    const mine = db.reviews.requests.filter((r) => r.requestedBy === auth.user.username);
    const assignee = inboxAssigneeKey(auth.user.employeeKey);
    return {
      locations,
      myPendingRequests: mine.filter((r) => r.state === 'pending').length,
      // The inbox as it opens: assigned to the caller when they are linked to an employee.
      toReview: auth.permissions.has('PERM_REVIEWREQUESTS')
        ? db.reviews.requests.filter(
            (r) =>
              r.state === 'pending' &&
              db.canSeeLocation(auth.scope, r.locationCode) &&
              (assignee === null || r.assigneeKey === assignee),
          ).length
        : 0,
      recentRequests: [...mine].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt)).slice(0, 5),
    };
  }),
];
