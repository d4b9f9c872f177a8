import type { NotificationPreferences, NotificationSettings } from '@falcon/api-client';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { defineRoutes } from './define';

/** No row: every notification is on (the default). */
const DEFAULTS: NotificationSettings = { requestArrived: true, requestDecided: true, dailyDigest: true };

const preferencesOf = async (db: Db, ctx: AppContext, userId: string): Promise<NotificationPreferences> => {
  const [row] = await db
    .select({
      requestArrived: t.mailPreferences.requestArrived,
      requestDecided: t.mailPreferences.requestDecided,
      dailyDigest: t.mailPreferences.dailyDigest,
    })
    .from(t.mailPreferences)
    .where(eq(t.mailPreferences.userId, userId));
  // The address as stored now (the session may have been read before a profile change).
  const [user] = await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, userId));
  return { ...DEFAULTS, ...row, email: user?.email || null, delivery: ctx.mail.kind };
};

/** The own e-mail notification settings (issue 18, ADR 0065): no permission, only one's own. */
export const notificationsRoutes = defineRoutes('notifications', {
  get: ({ db, auth, ctx }) => preferencesOf(db, ctx, auth.user.id),
  update: async ({ db, auth, body, ctx }) => {
    const settings: NotificationSettings = {
      requestArrived: body.requestArrived,
      requestDecided: body.requestDecided,
      dailyDigest: body.dailyDigest,
    };
    await db
      .insert(t.mailPreferences)
      .values({ userId: auth.user.id, ...settings })
      .onConflictDoUpdate({ target: t.mailPreferences.userId, set: settings });
    return preferencesOf(db, ctx, auth.user.id);
  },
});
