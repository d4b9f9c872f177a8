import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { defineJob } from '../jobs/queue';

/**
 * Deletes sent mail older than `keepDays` days (by when it went) from the outbox; queued mail is still
 * to go and failed mail stays for inspection (its `result` says why). The number deleted.
 */
const pruneSentMail = async (db: Db, now: Date, keepDays: number): Promise<number> => {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  const deleted = await db
    .delete(t.mailOutbox)
    .where(and(eq(t.mailOutbox.state, 'sent'), lt(t.mailOutbox.sentAt, before)))
    .returning({ id: t.mailOutbox.id });
  return deleted.length;
};

/**
 * The outbox's clean-up (ADR 0065): once a night, sent mail older than MAIL_KEEP_SENT_DAYS (30 days by
 * default) goes. The outbox stays the record of what went for that long; its dedupe keys name one event
 * (a request's arrival, its decision, a day's digest), none of which is written again weeks later.
 */
export const pruneMailJob = defineJob({
  name: 'mail-prune',
  payload: z.object({}),
  settings: { retryLimit: 2, timeoutSeconds: 10 * 60, pollSeconds: 60, schedule: { cron: '30 3 * * *' } },
  run: async (_payload, { db, mailer, now, log }) => {
    const deleted = await pruneSentMail(db, now(), mailer.keepSentDays);
    log.info({ deleted, keepDays: mailer.keepSentDays }, 'sent mail pruned from the outbox');
  },
});
