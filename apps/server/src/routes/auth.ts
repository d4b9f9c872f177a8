import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { verifyPassword } from '../auth/password';
import { type Auth, authOf, closeSession, openSession, SESSION_COOKIE, sessionView } from '../auth/sessions';
import { clearFailures, lockedFor, recordFailure, throttleKeys } from '../auth/throttle';
import type { AppContext } from '../context';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { writeProtocol } from '../services/protocol';
import { defineRoutes } from './define';

const setSessionCookie = (reply: FastifyReply, ctx: AppContext, token: string) =>
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.sessionSecure,
  });

const clearSessionCookie = (reply: FastifyReply, ctx: AppContext) =>
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.sessionSecure,
  });

/** An active user by username (any case); a deactivated one cannot sign in and answers like an unknown one. */
export const userByName = async (db: AppContext['db'], username: string) => {
  const [user] = await db
    .select({ id: t.users.id, username: t.users.username, passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(and(eq(sql`lower(${t.users.username})`, username.trim().toLowerCase()), eq(t.users.active, true)))
    .limit(1);
  return user;
};

/** The session of a freshly opened token (the handler answers with it). */
const sessionOfToken = async (ctx: AppContext, token: string): Promise<Auth> => {
  const auth = await authOf(ctx.db, token, ctx.now());
  if (!auth) throw new HttpError(500, 'internal_error');
  return auth;
};

export const authRoutes = defineRoutes('auth', {
  signin: async ({ db, ctx, body, request, reply, optionalAuth }) => {
    const now = ctx.now();
    const keys = throttleKeys(body.username, request.ip);
    const wait = await lockedFor(db, [keys.user, keys.ip], now);
    if (wait > 0) {
      await writeProtocol(db, {
        username: body.username,
        type: 'signin_failed',
        objectType: 'user',
        objectId: null,
        locationCode: null,
        summary: `sign-in refused for ${body.username}: too many failed attempts`,
      });
      // The same answer whether or not the user exists: no user enumeration.
      throw new HttpError(429, 'too_many_requests', undefined, undefined, { 'Retry-After': String(wait) });
    }
    const user = await userByName(db, body.username);
    const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
    if (!user || !ok) {
      await recordFailure(db, keys.user, ctx.throttle.usernameMax, now, ctx.throttle);
      await recordFailure(db, keys.ip, ctx.throttle.ipMax, now, ctx.throttle);
      await writeProtocol(db, {
        username: body.username,
        type: 'signin_failed',
        objectType: 'user',
        objectId: user?.id ?? null,
        locationCode: null,
        summary: `sign-in failed for ${body.username}`,
      });
      throw new HttpError(401, 'login_failed');
    }
    await clearFailures(db, keys.user);
    // A new session id on every sign-in (no session fixation); the previous one ends.
    if (optionalAuth) await closeSession(db, optionalAuth.sessionId);
    const token = await openSession(db, user.id, null, now);
    await db.update(t.users).set({ lastLogin: now }).where(eq(t.users.id, user.id));
    await writeProtocol(db, {
      username: user.username,
      type: 'signin',
      objectType: 'user',
      objectId: user.id,
      locationCode: null,
      summary: `${user.username} signed in`,
    });
    setSessionCookie(reply, ctx, token);
    return sessionView(await sessionOfToken(ctx, token));
  },

  impersonate: async ({ db, ctx, body, auth, reply }) => {
    const target = await userByName(db, body.username);
    if (!target) throw new HttpError(404, 'not_found', undefined, { field: 'username' });
    const by = auth.impersonatedBy ?? auth.user.username;
    const token = await openSession(db, target.id, by, ctx.now());
    await closeSession(db, auth.sessionId);
    await writeProtocol(db, {
      username: auth.user.username,
      type: 'impersonate',
      objectType: 'user',
      objectId: target.id,
      locationCode: null,
      summary: `${auth.user.username} continues as ${target.username}`,
      after: { impersonatedBy: by, username: target.username },
    });
    setSessionCookie(reply, ctx, token);
    return sessionView(await sessionOfToken(ctx, token));
  },

  signout: async ({ db, ctx, optionalAuth, reply }) => {
    if (optionalAuth) {
      await closeSession(db, optionalAuth.sessionId);
      await writeProtocol(db, {
        username: optionalAuth.user.username,
        type: 'signout',
        objectType: 'user',
        objectId: optionalAuth.user.id,
        locationCode: null,
        summary: `${optionalAuth.user.username} signed out`,
      });
    }
    clearSessionCookie(reply, ctx);
    return { ok: true as const };
  },

  session: ({ auth }) => sessionView(auth),
});
