import { eventually } from '@falcon/contract-testing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import * as t from '../db/schema';
import { JOBS } from '../jobs/registry';
import { pruneMailJob } from './prune';

// The outbox's nightly clean-up (issue 18): sent mail goes after MAIL_KEEP_SENT_DAYS, failed mail stays.

const NOW = new Date('2026-11-25T03:30:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
let h: TestApp;

beforeAll(async () => {
  h = await createTestApp({
    now: () => NOW,
    mail: {
      smtp: undefined,
      devMailbox: true,
      from: 'Falcon <falcon@localhost>',
      publicUrl: '',
      keepSentDays: 10,
    },
    jobs: { pollSeconds: 0.2 },
  });
});
afterAll(() => h?.close());

describe('pruning the outbox', () => {
  it('is scheduled every night', () => {
    expect(JOBS).toContain(pruneMailJob);
    expect(pruneMailJob.settings?.schedule?.cron).toBe('30 3 * * *');
  });

  it('deletes sent mail older than the configured days; keeps newer, failed and queued mail', async () => {
    const db = h.database.db;
    const [user] = await db.select().from(t.users).where(eq(t.users.username, 'staff'));
    const row = (id: string, state: 'queued' | 'sent' | 'failed', created: Date, sent: Date | null) => ({
      id,
      dedupeKey: `prune-test:${id}`,
      kind: 'request_decided' as const,
      userId: user?.id as string,
      toAddress: 'staff@example.com',
      language: 'en' as const,
      subject: id,
      text: id,
      html: `<p>${id}</p>`,
      state,
      attempts: state === 'queued' ? 0 : 1,
      createdAt: created,
      sentAt: sent,
      result: state === 'failed' ? '550 no such mailbox' : null,
    });
    const rows = [
      row('old-sent', 'sent', daysAgo(45), daysAgo(45)),
      row('just-over', 'sent', daysAgo(11), daysAgo(10.01)),
      row('recent-sent', 'sent', daysAgo(9.99), daysAgo(9.99)),
      // Written long ago but sent only recently (a long retry): counted from when it went.
      row('late-sent', 'sent', daysAgo(40), daysAgo(2)),
      row('old-failed', 'failed', daysAgo(90), null),
      row('old-queued', 'queued', daysAgo(40), null),
    ];
    await db.insert(t.mailOutbox).values(rows);

    await h.app.ctx.jobs.enqueue(pruneMailJob, {});
    const left = await eventually('the old sent mail pruned', async () => {
      const found = await db
        .select({ id: t.mailOutbox.id })
        .from(t.mailOutbox)
        .where(
          inArray(
            t.mailOutbox.id,
            rows.map((r) => r.id),
          ),
        );
      return found.length === 4 ? found.map((f) => f.id).sort() : undefined;
    });
    expect(left).toEqual(['late-sent', 'old-failed', 'old-queued', 'recent-sent']);
  });
});
