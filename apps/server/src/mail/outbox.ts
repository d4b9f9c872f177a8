import type { Language } from '@falcon/locales';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newId } from '../ids';
import type { JobQueue } from '../jobs/queue';
import type { ComposedMail } from './compose';
import { sendMailJob } from './send-job';
import type { Mailer } from './transport';

/** What writing a mail needs: the queue that sends it and the mailer (off: nothing is written). */
export interface MailContext {
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>;
  mail: Pick<Mailer, 'kind' | 'publicUrl'>;
}

export interface NewMail extends ComposedMail {
  /** One mail per event and recipient (`request_arrived:<request>:<user>`): written again, it is ignored. */
  dedupeKey: string;
  kind: (typeof t.MAIL_KINDS)[number];
  userId: string;
  toAddress: string;
  language: Language;
}

/**
 * Writes mails into the outbox with their send jobs, in `tx` (the transaction of the event they tell
 * about): both are committed with the event or not at all. Call `wakeMail` once it committed.
 */
export const queueMails = async (tx: Db, ctx: MailContext, mails: readonly NewMail[], now: Date) => {
  if (ctx.mail.kind === 'off' || !mails.length) return 0;
  const written = await tx
    .insert(t.mailOutbox)
    .values(mails.map((m) => ({ ...m, id: newId('M'), state: 'queued' as const, createdAt: now })))
    .onConflictDoNothing({ target: t.mailOutbox.dedupeKey })
    .returning({ id: t.mailOutbox.id });
  for (const { id } of written) await ctx.jobs.enqueue(sendMailJob, { outboxId: id }, { tx });
  return written.length;
};

/** Lets this process's idle mail workers look now (after the transaction that queued mail committed). */
export const wakeMail = (ctx: MailContext) => ctx.jobs.wake(sendMailJob);

/** Runs `work` (a transaction that may queue mail), then wakes the mail workers. */
export const thenWakeMail = async <T>(ctx: MailContext, work: Promise<T>): Promise<T> => {
  const result = await work;
  wakeMail(ctx);
  return result;
};
