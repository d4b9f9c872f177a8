import { HttpResponse } from 'msw';
import type { Auth } from '../db';
import { MockError } from '../errors';
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
    const user = db.userByName(body.username);
    const ok = throttledCheck(db, body.username, () => user?.password === body.password);
    if (!user?.active || !ok) {
      db.log({
        username: body.username,
        type: 'signin_failed',
        objectType: 'user',
        objectId: user?.id ?? null,
        locationCode: null,
        summary: `sign-in failed for ${body.username}`,
      });
      // Same answer for an unknown user and a wrong password: no user enumeration.
      throw new MockError(401, 'login_failed');
    }
    user.lastLogin = db.now();
    const token = db.openSession(user);
    db.log({
      username: user.username,
      type: 'signin',
      objectType: 'user',
      objectId: user.id,
      locationCode: null,
      summary: `${user.username} signed in`,
    });
    return withSession(db.sessionOf(db.authOf(token) as Auth), token);
  }),

  route(ctx, 'auth', 'impersonate', ({ db, body, auth }) => {
    const target = db.userByName(body.username);
    if (!target?.active) throw new MockError(404, 'not_found', undefined, { field: 'username' });
    const token = db.openSession(target, auth.impersonatedBy ?? auth.user.username);
    db.closeSession(auth.token);
    db.log({
      username: auth.user.username,
      type: 'impersonate',
      objectType: 'user',
      objectId: target.id,
      locationCode: null,
      summary: `${auth.user.username} continues as ${target.username}`,
    });
    return withSession(db.sessionOf(db.authOf(token) as Auth), token);
  }),

  route(ctx, 'auth', 'signout', ({ db, optionalAuth }) => {
    if (optionalAuth) {
      db.closeSession(optionalAuth.token);
      db.log({
        username: optionalAuth.user.username,
        type: 'signout',
        objectType: 'user',
        objectId: optionalAuth.user.id,
        locationCode: null,
        summary: `${optionalAuth.user.username} signed out`,
      });
    }
    return HttpResponse.json(
      { ok: true as const },
      { headers: { 'Set-Cookie': cookie('', 0), 'Cache-Control': 'no-store' } },
    );
  }),

  route(ctx, 'auth', 'session', ({ db, auth }) => db.sessionOf(auth)),
];
