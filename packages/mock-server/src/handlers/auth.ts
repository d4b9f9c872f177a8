import { protocolEntry, sessionView } from '@falcon/api-client';
import { HttpResponse } from 'msw';
import type { Auth } from '../db';
import { MockError } from '../errors';
import { secondFactorRequiredFor, secondStep } from './mfa';
import { type HandlerContext, route, SESSION_COOKIE } from './route';
import { throttledCheck } from './throttle';

const cookie = (token: string, maxAge?: number) =>
  `${SESSION_COOKIE}=${token}; Path=/; SameSite=Lax${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}`;

const withSession = (body: unknown, token: string) =>
  HttpResponse.json(body as Record<string, unknown>, {
    headers: { 'Set-Cookie': cookie(token), 'Cache-Control': 'no-store' },
  });

export const authHandlers = (ctx: HandlerContext) => [
  route(ctx, 'auth', 'signin', ({ db, body }) => {
    const user = db.grants.userByName(body.username);
    const ok = throttledCheck(db, body.username, () => user?.password === body.password);
    if (!user?.active || !ok) {
      db.protocol.log(protocolEntry.signInFailed(body.username, user?.id ?? null));
      // Same answer for an unknown user and a wrong password: no user enumeration.
      throw new MockError(401, 'login_failed');
    }
    // A user who enrolled a factor (on the mock's profile) answers the second step first; one whose role
    // requires a factor and who has none enrols one first (ADR 0063).
    if (db.secondFactors.hasFactor(user.id)) return secondStep(db, user.id);
    if (secondFactorRequiredFor(db, user)) return secondStep(db, user.id, 'enrol');
    user.lastLogin = db.now();
    const token = db.sessions.open(user);
    db.protocol.log(protocolEntry.signedIn(user));
    return withSession(sessionView(db.sessions.authOf(token) as Auth), token);
  }),

  route(ctx, 'auth', 'impersonate', ({ db, body, auth }) => {
    const target = db.grants.userByName(body.username);
    if (!target?.active) throw new MockError(404, 'not_found', undefined, { field: 'username' });
    const by = auth.impersonatedBy ?? auth.user.username;
    const token = db.sessions.open(target, by);
    db.sessions.close(auth.token);
    db.protocol.log(protocolEntry.impersonated(auth.user.username, target, by));
    return withSession(sessionView(db.sessions.authOf(token) as Auth), token);
  }),

  route(ctx, 'auth', 'signout', ({ db, optionalAuth }) => {
    if (optionalAuth) {
      db.sessions.close(optionalAuth.token);
      db.protocol.log(protocolEntry.signedOut(optionalAuth.user));
    }
    return HttpResponse.json(
      { ok: true as const },
      { headers: { 'Set-Cookie': cookie('', 0), 'Cache-Control': 'no-store' } },
    );
  }),

  route(ctx, 'auth', 'session', ({ auth }) => sessionView(auth)),
];
