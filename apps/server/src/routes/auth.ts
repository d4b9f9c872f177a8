import { protocolEntry, sessionView } from '@falcon/api-client';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { verifyPassword } from '../auth/password';
import { type Auth, authOf, closeSession, openSession, SESSION_COOKIE } from '../auth/sessions';
import { throttledCheck, throttleKeys } from '../auth/throttle';
import type { AppContext } from '../context';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { writeProtocol } from '../services/protocol';
import { passwordSignInOff } from '../services/sso';
import { defineRoutes } from './define';

export const setSessionCookie = (reply: FastifyReply, ctx: AppContext, token: string) =>
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
const userByName = async (db: AppContext['db'], username: string) => {
  const [user] = await db
    .select({ id: t.users.id, username: t.users.username, passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(and(eq(sql`lower(${t.users.username})`, username.trim().toLowerCase()), eq(t.users.active, true)))
    .limit(1);
  return user;
};

/** The session of a freshly opened token (the handler answers with it). */
export const sessionOfToken = async (ctx: AppContext, token: string): Promise<Auth> => {
  const auth = await authOf(ctx.db, token, ctx.now(), ctx.sessionMaxMs);
  if (!auth) throw new HttpError(500, 'internal_error');
  return auth;
};

export const authRoutes = defineRoutes('auth', {
  signin: async ({ db, ctx, body, request, reply, optionalAuth }) => {
    const now = ctx.now();
    const user = await userByName(db, body.username);
    // Throttled per (address, username) and per address, the same whether or not the user exists (no
    // enumeration). During a back-off the password is not even checked: 429, counted, not protocolled.
    const result = await throttledCheck(db, throttleKeys(body.username, request.ip), now, ctx.throttle, () =>
      verifyPassword(user?.passwordHash ?? null, body.password),
    ).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 429) ctx.metrics.signInRefused();
      throw error;
    });
    if (!user || !result.ok) {
      const backoff = result.ok ? 0 : result.backoffSeconds;
      ctx.metrics.signInFailed(backoff > 0);
      await writeProtocol(
        db,
        protocolEntry.signInFailed(
          body.username,
          user?.id ?? null,
          backoff ? { address: request.ip, seconds: backoff } : undefined,
        ),
      );
      throw new HttpError(401, 'login_failed');
    }
    // A concern that signs in through its own provider may have switched passwords off (ADR 0064);
    // said only after the right password, so it tells a stranger nothing.
    if (await passwordSignInOff(db, user.id)) throw new HttpError(403, 'sso_required');
    // A new session id on every sign-in (no session fixation); the previous one ends.
    if (optionalAuth) await closeSession(db, optionalAuth.sessionId);
    const token = await openSession(db, user.id, null, now);
    await db.update(t.users).set({ lastLogin: now }).where(eq(t.users.id, user.id));
    await writeProtocol(db, protocolEntry.signedIn(user));
    setSessionCookie(reply, ctx, token);
    return sessionView(await sessionOfToken(ctx, token));
  },

  impersonate: async ({ db, ctx, body, auth, reply }) => {
    const target = await userByName(db, body.username);
    if (!target) throw new HttpError(404, 'not_found', undefined, { field: 'username' });
    const by = auth.impersonatedBy ?? auth.user.username;
    const token = await openSession(db, target.id, by, ctx.now());
    await closeSession(db, auth.sessionId);
    await writeProtocol(db, protocolEntry.impersonated(auth.user.username, target, by));
    setSessionCookie(reply, ctx, token);
    return sessionView(await sessionOfToken(ctx, token));
  },

  signout: async ({ db, ctx, optionalAuth, reply }) => {
    if (optionalAuth) {
      await closeSession(db, optionalAuth.sessionId);
      await writeProtocol(db, protocolEntry.signedOut(optionalAuth.user));
    }
    clearSessionCookie(reply, ctx);
    return { ok: true as const };
  },

  session: ({ auth }) => sessionView(auth),
});
