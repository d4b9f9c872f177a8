import type { NotificationSettings } from '@falcon/api-client';
import type { HttpHandler } from 'msw';
import type { MockDb } from '../db';
import { type HandlerContext, route } from './route';

/** No stored choice: every notification is on (as the server). */
const DEFAULTS: NotificationSettings = { requestArrived: true, requestDecided: true, dailyDigest: true };

/** Each mock database's stored choices by user id (the mock sends no mail). */
const stored = new WeakMap<MockDb, Map<string, NotificationSettings>>();
const settingsOf = (db: MockDb) => {
  let map = stored.get(db);
  if (!map) {
    map = new Map();
    stored.set(db, map);
  }
  return map;
};

const answer = (db: MockDb, user: { id: string; email: string | null }) => ({
  ...(settingsOf(db).get(user.id) ?? DEFAULTS),
  email: user.email || null,
  // The mock stands for a server with an SMTP server configured.
  delivery: 'smtp' as const,
});

export const notificationsHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'notifications', 'get', ({ db, auth }) => answer(db, auth.user)),
  route(ctx, 'notifications', 'update', ({ db, auth, body }) => {
    settingsOf(db).set(auth.user.id, {
      requestArrived: body.requestArrived,
      requestDecided: body.requestDecided,
      dailyDigest: body.dailyDigest,
    });
    return answer(db, auth.user);
  }),
];
