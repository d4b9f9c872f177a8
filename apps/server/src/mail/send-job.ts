import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { defineJob } from '../jobs/queue';
import { preferencesUrl } from './compose';
import { PermanentMailError } from './transport';

/** The Message-ID of an outbox row: the same on every try, so a mail handed over twice is recognisable as one. */
const messageIdOf = (outboxId: string, publicUrl: string) => {
  let host = 'falcon.invalid';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // No public URL (tests, the default mailer): the reserved domain.
  }
  return `<${outboxId}@${host}>`;
};

/** Ends a queued mail for good (the server refused it, or every try failed); a sent one stays sent. */
const markFailed = (db: Db, id: string, reason: string) =>
  db
    .update(t.mailOutbox)
    .set({ state: 'failed', result: reason.slice(0, 500) })
    .where(and(eq(t.mailOutbox.id, id), eq(t.mailOutbox.state, 'queued')));

/**
 * Sends one outbox row (ADR 0065). A row found sent (a repeated delivery of the job) or gone (its user
 * was deleted) sends nothing. A refusal the server calls final (5xx: no such mailbox) fails the mail at
 * once; anything else (connection, timeout, 4xx) throws and pg-boss tries again with a doubling delay:
 * 30-60 s, then 1-2, 2-4 minutes... ten times, 8.5-17 hours in all, then `gaveUp` marks it failed.
 * The row is marked sent right after the server accepted it; only a process dying between the two
 * could hand the same mail over again, and then with the same Message-ID.
 */
export const sendMailJob = defineJob({
  name: 'send-mail',
  payload: z.object({ outboxId: z.string().min(1) }),
  settings: {
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
    timeoutSeconds: 90,
    // Its own enqueues wake it; another instance's mail and a retry whose delay passed wait at most this.
    pollSeconds: 10,
  },
  run: async ({ outboxId }, { db, mailer, now, log }) => {
    const [row] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.id, outboxId));
    if (row?.state !== 'queued') return;
    if (mailer.kind === 'off') {
      await markFailed(db, row.id, 'No SMTP server is configured (SMTP_HOST).');
      return;
    }
    await db
      .update(t.mailOutbox)
      .set({ attempts: sql`${t.mailOutbox.attempts} + 1` })
      .where(eq(t.mailOutbox.id, row.id));
    let response: string;
    try {
      response = await mailer.send({
        messageId: messageIdOf(row.id, mailer.publicUrl),
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        // Only with an absolute address to point to (PUBLIC_URL; the default is http://localhost:PORT).
        ...(/^https?:\/\//.test(mailer.publicUrl)
          ? { unsubscribe: preferencesUrl(mailer.publicUrl, row.userId) }
          : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentMailError) {
        log.warn({ outboxId, kind: row.kind }, `mail refused for good: ${reason}`);
        await markFailed(db, row.id, reason);
        return;
      }
      // Kept for the developers' page and the logs; the state stays queued for the next try.
      await db
        .update(t.mailOutbox)
        .set({ result: reason.slice(0, 500) })
        .where(and(eq(t.mailOutbox.id, row.id), eq(t.mailOutbox.state, 'queued')));
      throw error;
    }
    await db
      .update(t.mailOutbox)
      .set({ state: 'sent', sentAt: now(), result: response.slice(0, 500) || null })
      .where(and(eq(t.mailOutbox.id, row.id), eq(t.mailOutbox.state, 'queued')));
    log.info({ outboxId, kind: row.kind }, 'mail sent');
  },
  gaveUp: async ({ outboxId }, reason, { db, log }) => {
    log.warn({ outboxId }, `mail not sent after every try: ${reason}`);
    await markFailed(db, outboxId, reason);
  },
});
