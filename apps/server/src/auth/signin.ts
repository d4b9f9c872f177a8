import { protocolEntry, type Session, sessionView } from '@falcon/api-client';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { writeProtocol } from '../services/protocol';
import { CHALLENGE_TTL_MS, type Challenge, type ChallengeStage, challengeOf } from './second-factor';
import { type Auth, authOf, closeSession, openSession, SESSION_COOKIE } from './sessions';
import type { ThrottleKeys } from './throttle';

/** The sign-in between password and second factor (auth/second-factor.ts): only the auth endpoints read it. */
export const PENDING_COOKIE = 'falcon_pending';
const PENDING_PATH = '/api/rest/v2/auth';

export const setSessionCookie = (reply: FastifyReply, ctx: AppContext, token: string) =>
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.sessionSecure,
  });

export const clearSessionCookie = (reply: FastifyReply, ctx: AppContext) =>
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.sessionSecure,
  });

export const setPendingCookie = (reply: FastifyReply, ctx: AppContext, token: string) =>
  reply.setCookie(PENDING_COOKIE, token, {
    path: PENDING_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.sessionSecure,
    maxAge: Math.round(CHALLENGE_TTL_MS / 1000),
  });

export const clearPendingCookie = (reply: FastifyReply, ctx: AppContext) =>
  reply.clearCookie(PENDING_COOKIE, {
    path: PENDING_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.sessionSecure,
  });

/** The pending sign-in of the request in one of `stages`; 401 second_factor_expired when there is none. */
export const pendingSignIn = async (
  ctx: AppContext,
  request: FastifyRequest,
  stages: readonly ChallengeStage[],
): Promise<Challenge> => {
  const row = await challengeOf(ctx.db, request.cookies[PENDING_COOKIE], ctx.now());
  if (!row || !stages.includes(row.stage)) throw new HttpError(401, 'second_factor_expired');
  return row;
};

/** Second-step attempts back off per user (whoever holds the password) and per address, as sign-in does. */
export const secondFactorKeys = (userId: string, address: string): ThrottleKeys => ({
  pair: `2fa:${userId}`,
  address: `addr:${address}`,
});

/** An active user by id (a deactivated one answers like an unknown one). */
export const activeUser = async (db: Db, id: string | null) => {
  if (!id) return undefined;
  const [user] = await db
    .select({ id: t.users.id, username: t.users.username })
    .from(t.users)
    .where(and(eq(t.users.id, id), eq(t.users.active, true)))
    .limit(1);
  return user;
};

/** An active user by username (any case); a deactivated one cannot sign in and answers like an unknown one. */
export const userByName = async (db: Db, username: string) => {
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

/**
 * The user is who they say (password, and the second factor where one is due): a new session id (no
 * session fixation; the previous one ends), the last login, the protocol, the cookie.
 */
export const completeSignIn = async (
  ctx: AppContext,
  reply: FastifyReply,
  user: { id: string; username: string },
  previous: Auth | null,
): Promise<Session> => {
  const { db } = ctx;
  const now = ctx.now();
  if (previous) await closeSession(db, previous.sessionId);
  const token = await openSession(db, user.id, null, now);
  await db.update(t.users).set({ lastLogin: now }).where(eq(t.users.id, user.id));
  await writeProtocol(db, protocolEntry.signedIn(user));
  setSessionCookie(reply, ctx, token);
  return sessionView(await sessionOfToken(ctx, token));
};
