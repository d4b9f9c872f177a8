import type { Language, Scope } from '@falcon/api-client';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { randomToken, sha256 } from '../ids';
import type { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'falcon_session';
/** A session ends this long after sign-in however active it is (SESSION_MAX_HOURS). */
export const DEFAULT_SESSION_MAX_MS = 12 * 3_600_000;
/** last_seen_at is written at most this often: sliding expiry without a write per request. */
const TOUCH_AFTER_MS = 15_000;

interface AuthUser {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  language: Language;
  sessionTimeoutMinutes: number;
  employeeKey: string | null;
}

/** Who is calling: the session's user with its effective permissions and scope. */
export interface Auth {
  sessionId: string;
  user: AuthUser;
  permissions: ReadonlySet<string>;
  roles: string[];
  scope: Scope;
  impersonatedBy: string | null;
}

/** Rows (k, v) of a user's roles, permissions (via roles and direct) and scope entries. */
const grantRows = (userId: SQL | string) => sql`
    select 'role' as k, r.rolename as v from ${t.userRoles} ur join ${t.roles} r on r.id = ur.role_id where ur.user_id = ${userId}
    union all
    select 'perm', rp.code from ${t.userRoles} ur join ${t.rolePermissions} rp on rp.role_id = ur.role_id where ur.user_id = ${userId}
    union all
    select 'perm', code from ${t.userPermissions} where user_id = ${userId}
    union all
    select kind, code from ${t.userScope} where user_id = ${userId}
  `;

const grantsFrom = (
  rows: readonly { k: string; v: string }[],
  scopeAll: boolean,
): Pick<Auth, 'permissions' | 'roles' | 'scope'> => {
  const permissions = new Set<string>();
  const roles: string[] = [];
  const scope: Scope = { all: scopeAll, concerns: [], branches: [], locations: [] };
  for (const { k, v } of rows) {
    if (k === 'perm') permissions.add(v);
    else if (k === 'role') roles.push(v);
    else if (k === 'concern') scope.concerns.push(v);
    else if (k === 'branch') scope.branches.push(v);
    else if (k === 'location') scope.locations.push(v);
  }
  roles.sort();
  return { permissions, roles, scope };
};

/** Roles, effective permissions and scope of a user, in one round trip. */
export const loadGrants = async (
  db: Db,
  userId: string,
  scopeAll: boolean,
): Promise<Pick<Auth, 'permissions' | 'roles' | 'scope'>> => {
  const result = (await db.execute(grantRows(userId))) as unknown as { rows: { k: string; v: string }[] };
  return grantsFrom(result.rows, scopeAll);
};

const userColumns = {
  id: t.users.id,
  username: t.users.username,
  firstname: t.users.firstname,
  lastname: t.users.lastname,
  email: t.users.email,
  phone: t.users.phone,
  language: t.users.language,
  sessionTimeoutMinutes: t.users.sessionTimeoutMinutes,
  employeeKey: t.users.employeeKey,
  scopeAll: t.users.scopeAll,
};

/** Starts a session: the token goes to the cookie, only its hash into the database. */
export const openSession = async (
  db: Db,
  userId: string,
  impersonatedBy: string | null,
  now: Date,
): Promise<string> => {
  const token = randomToken();
  await db
    .insert(t.sessions)
    .values({ id: sha256(token), userId, impersonatedBy, createdAt: now, lastSeenAt: now });
  return token;
};

export const closeSession = async (db: Db, sessionId: string): Promise<void> => {
  await db.delete(t.sessions).where(eq(t.sessions.id, sessionId));
};

/**
 * Session, user and grants in one round trip, as a named prepared statement (parsed and planned
 * once per connection): every API call starts here, and planning it cost more than running it.
 */
const buildSessionQuery = (db: Db) =>
  db
    .select({
      session: {
        createdAt: t.sessions.createdAt,
        lastSeenAt: t.sessions.lastSeenAt,
        impersonatedBy: t.sessions.impersonatedBy,
      },
      user: userColumns,
      grants: sql<
        { k: string; v: string }[] | string
      >`(select coalesce(json_agg(json_build_object('k', g.k, 'v', g.v)), '[]'::json) from (${grantRows(sql`${t.users.id}`)}) g)`,
    })
    .from(t.sessions)
    // A deactivated user's sessions end (its row changing is announced to every instance: migration 0008).
    .innerJoin(t.users, and(eq(t.users.id, t.sessions.userId), eq(t.users.active, true)))
    .where(eq(t.sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('falcon_session_auth');
const sessionQueries = new WeakMap<Db, ReturnType<typeof buildSessionQuery>>();
const sessionQuery = (db: Db) => {
  let query = sessionQueries.get(db);
  if (!query) {
    query = buildSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
};

/** What a session check keeps of a session (session-cache.ts): its grants and when it was last seen. */
export interface KeptSession {
  auth: Auth;
  createdAt: number;
  lastSeenAt: number;
  timeoutMs: number;
}

const loadSession = async (db: Db, id: string): Promise<{ value: KeptSession; userId: string } | null> => {
  const [row] = await sessionQuery(db).execute({ id });
  if (!row) return null;
  const { scopeAll, ...user } = row.user;
  const grants = typeof row.grants === 'string' ? JSON.parse(row.grants) : row.grants;
  const { permissions, roles, scope } = grantsFrom(grants, scopeAll);
  // Shared by the requests of a kept session: nobody may change it.
  Object.freeze(roles);
  for (const list of [scope.concerns, scope.branches, scope.locations]) Object.freeze(list);
  const auth: Auth = Object.freeze({
    sessionId: id,
    user: Object.freeze(user),
    impersonatedBy: row.session.impersonatedBy,
    permissions,
    roles,
    scope: Object.freeze(scope),
  });
  return {
    userId: user.id,
    value: {
      auth,
      createdAt: row.session.createdAt.getTime(),
      lastSeenAt: row.session.lastSeenAt.getTime(),
      timeoutMs: user.sessionTimeoutMinutes * 60_000,
    },
  };
};

/**
 * The caller of a token, or null when unknown or expired: idle longer than the user's timeout (sliding
 * expiry), or older than the absolute lifetime `maxAgeMs` since sign-in, however active. With a `cache`
 * the session is read from the database at most once per its time to live (and again when it changes).
 */
export const authOf = async (
  db: Db,
  token: string | undefined,
  now: Date,
  maxAgeMs = DEFAULT_SESSION_MAX_MS,
  cache?: SessionCache<KeptSession>,
): Promise<Auth | null> => {
  if (!token || token.length > 200) return null;
  const id = sha256(token);
  const at = now.getTime();
  let kept = cache ? await cache.get(id, () => loadSession(db, id)) : (await loadSession(db, id))?.value;
  if (!kept) return null;
  if (cache && at - kept.lastSeenAt > kept.timeoutMs) {
    // Another instance may have seen the session since this one kept it: ask the database before ending it.
    cache.forget(id);
    kept = (await loadSession(db, id))?.value;
    if (!kept) return null;
  }
  if (at - kept.lastSeenAt > kept.timeoutMs || at - kept.createdAt > maxAgeMs) {
    cache?.forget(id);
    await closeSession(db, id);
    return null;
  }
  if (at - kept.lastSeenAt > TOUCH_AFTER_MS) {
    // Kept sessions are shared: the first request after TOUCH_AFTER_MS writes, the others do not.
    kept.lastSeenAt = at;
    await db
      .update(t.sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(t.sessions.id, id), lt(t.sessions.lastSeenAt, now)));
  }
  return kept.auth;
};
