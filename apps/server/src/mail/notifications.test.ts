import { eventually } from '@falcon/contract-testing';
import { and, eq, like, sql } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeContainers, createTestApp, openTestDatabase, signIn, type TestApp } from '../../test/harness';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { writeDigests } from './digest';
import { sendMailJob } from './send-job';

// Issue 18: the notifications, sent through a real SMTP server (smtp-server) and read as they arrive.

let smtp: TestSmtp;
let h: TestApp;
let db: Db;

beforeAll(async () => {
  smtp = await startSmtp();
  h = await createTestApp({ mail: smtp.settings, jobs: { pollSeconds: 0.2 } });
  db = h.database.db;
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

const userNamed = async (username: string) =>
  (await db.select().from(t.users).where(eq(t.users.username, username)))[0] as typeof t.users.$inferSelect;

const recipientOf = (mail: ParsedMail) => (mail.to as AddressObject).value[0]?.address;

/** The mails the SMTP server received for an address, once there are `count` of them. */
const mailsTo = (address: string, count = 1) =>
  eventually(`${count} mail(s) to ${address}`, () => {
    const found = smtp.received.filter((m) => recipientOf(m) === address);
    return found.length >= count ? found : undefined;
  });

const outboxOf = (where: ReturnType<typeof eq>) => db.select().from(t.mailOutbox).where(where);

/** pg-boss's send job of an outbox row. */
const sendJobOf = async (outboxId: string) => {
  const result = (await db.execute(
    sql`select state, start_after > now() + interval '25 seconds' as backed_off from pgboss.job
        where name = 'send-mail' and data->>'outboxId' = ${outboxId} order by created_on desc`,
  )) as unknown as { rows: { state: string; backed_off: boolean }[] };
  return result.rows[0];
};

describe('e-mail notifications', () => {
  it("mails a request to the clerk in the clerk's language, and the decision to the requester in theirs", async () => {
    // The clerk reads Polish, the requester Czech: each mail in its reader's language.
    await db.update(t.users).set({ language: 'pl' }).where(eq(t.users.username, 'backoffice'));
    await db.update(t.users).set({ language: 'cz' }).where(eq(t.users.username, 'staff'));
    const [backoffice, staffUser] = [await userNamed('backoffice'), await userNamed('staff')];
    const [container] = await activeContainers(db);
    const [location] = await db
      .select()
      .from(t.locations)
      .where(eq(t.locations.code, container!.locationCode));

    const staff = await signIn(h.app, 'staff');
    const asked = await staff.post(`/api/rest/v2/container/${container!.id}/scan`);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json() as { id: string };

    const [arrived] = await mailsTo(backoffice.email!);
    expect(arrived!.subject).toBe(`Nowy wniosek: Skan – miejsce składowania ${location!.name}`);
    expect(arrived!.text).toContain('Jana Keller przesłał(a) Ci wniosek do rozpatrzenia: Skan.');
    // The clerk may see every field: the container's code is named.
    expect(arrived!.text).toContain(`Pojemnik: ${container!.code} – ${container!.articleName}`);
    expect(arrived!.text).toContain('https://falcon.test/reviews');
    expect(arrived!.html).toContain('<a href="https://falcon.test/reviews">');
    expect(arrived!.from?.text).toContain('falcon@falcon.test');
    expect(arrived!.messageId).toMatch(/^<M\w+@falcon\.test>$/);
    // Unsubscribe: the header and the footer (in the clerk's language) open the clerk's preferences.
    const preferences = `https://falcon.test/profile/${backoffice.id}#notifications`;
    expect(arrived!.headerLines.find((l) => l.key === 'list-unsubscribe')?.line).toBe(
      `List-Unsubscribe: <${preferences}>`,
    );
    expect(arrived!.text).toContain(`Możesz je zmienić w swoim profilu: ${preferences}`);
    expect(arrived!.html).toContain(`<a href="${preferences}">`);
    // The requester is not told of their own request.
    expect(smtp.received.filter((m) => recipientOf(m) === staffUser.email)).toEqual([]);

    const clerk = await signIn(h.app, 'backoffice');
    const approved = await clerk.post(`/api/rest/v2/review/${request.id}/approve`, { comment: 'Hotovo.' });
    expect(approved.statusCode, approved.body).toBe(200);
    const [decided] = await mailsTo(staffUser.email!);
    expect(decided!.subject).toBe(`Váš požadavek (Sken – skladové místo ${location!.name}): Schváleno`);
    expect(decided!.text).toContain('rozhodl(a) o vašem požadavku (Sken): Schváleno.');
    expect(decided!.text).toContain('Komentář: Hotovo.');
    const own = `https://falcon.test/profile/${staffUser.id}#notifications`;
    expect(decided!.headerLines.find((l) => l.key === 'list-unsubscribe')?.line).toBe(
      `List-Unsubscribe: <${own}>`,
    );
    expect(decided!.text).toContain(`Změnit ho můžete ve svém profilu: ${own}`);
    expect(decided!.text).toContain(container!.articleName);
    // staff (KD_USER) may not see container codes: the mail does not name it either.
    expect(decided!.text).not.toContain(container!.code);
    expect(decided!.html).not.toContain(container!.code);

    const rows = await outboxOf(like(t.mailOutbox.dedupeKey, `%:${request.id}%`));
    expect(rows.map((r) => [r.kind, r.state, r.attempts]).sort()).toEqual([
      ['request_arrived', 'sent', 1],
      ['request_decided', 'sent', 1],
    ]);
  });

  it('sends nothing a user switched off on their profile', async () => {
    const staff = await signIn(h.app, 'staff');
    const clerk = await signIn(h.app, 'backoffice');
    const off = await staff.post('/api/rest/v2/profile/notifications', {
      requestArrived: true,
      requestDecided: false,
      dailyDigest: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    const noArrival = await clerk.post('/api/rest/v2/profile/notifications', {
      requestArrived: false,
      requestDecided: true,
      dailyDigest: true,
    });
    expect(noArrival.statusCode).toBe(200);
    const [, container] = await activeContainers(db, 2);
    const asked = (await staff.post(`/api/rest/v2/container/${container!.id}/scan`)).json() as { id: string };
    expect(
      (await clerk.post(`/api/rest/v2/review/${asked.id}/reject`, { comment: 'Nein.' })).statusCode,
    ).toBe(200);
    // The mails are written in the transaction of the event: none was, for either.
    expect(await outboxOf(like(t.mailOutbox.dedupeKey, `%:${asked.id}%`))).toEqual([]);
    for (const client of [staff, clerk])
      await client.post('/api/rest/v2/profile/notifications', {
        requestArrived: true,
        requestDecided: true,
        dailyDigest: true,
      });
  });

  it('tries again with a growing delay when the SMTP server refuses for now, and sends the mail once', async () => {
    await db.update(t.users).set({ language: 'de' }).where(eq(t.users.username, 'backoffice'));
    const backoffice = await userNamed('backoffice');
    const before = (await mailsTo(backoffice.email!, 0)).length;
    smtp.refuse(451);
    // A customer admin's message about a container (staff may not send messages).
    const kdadmin = await signIn(h.app, 'kdadmin');
    const [, , container] = await activeContainers(db, 3);
    const asked = await kdadmin.post(`/api/rest/v2/container/${container!.id}/message`, {
      message: 'Der Deckel fehlt.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [row] = await outboxOf(
      eq(t.mailOutbox.dedupeKey, `request_arrived:${asked.json().id}:${backoffice.id}`),
    );
    expect(row).toMatchObject({ state: 'queued' });
    // The first try is refused (451): kept queued with the reason, tried again no sooner than 30 s later.
    await eventually('the refused try', async () => {
      const [now] = await outboxOf(eq(t.mailOutbox.id, row!.id));
      const job = await sendJobOf(row!.id);
      return now?.attempts === 1 && now.result?.includes('451') && job?.state === 'retry' ? job : undefined;
    });
    expect(await sendJobOf(row!.id)).toEqual({ state: 'retry', backed_off: true });
    // The delay passes (brought forward): the second try delivers it.
    await db.execute(
      sql`update pgboss.job set start_after = now() where name = 'send-mail' and data->>'outboxId' = ${row!.id}`,
    );
    h.app.ctx.jobs.wake(sendMailJob);
    const mails = await mailsTo(backoffice.email!, before + 1);
    const sent = mails.filter((m) => m.messageId === `<${row!.id}@falcon.test>`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Nachricht: Der Deckel fehlt.');
    expect((await outboxOf(eq(t.mailOutbox.id, row!.id)))[0]).toMatchObject({ state: 'sent', attempts: 2 });

    // The same job delivered again (a lost worker's run taken over): the row is sent, nothing goes out twice.
    const again = await h.app.ctx.jobs.enqueue(sendMailJob, { outboxId: row!.id });
    await eventually('the repeated job', async () => {
      const result = (await db.execute(
        sql`select state from pgboss.job where name = 'send-mail' and id = ${again}`,
      )) as unknown as { rows: { state: string }[] };
      return result.rows[0]?.state === 'completed' ? true : undefined;
    });
    expect(smtp.received.filter((m) => m.messageId === `<${row!.id}@falcon.test>`)).toHaveLength(1);
  });

  it('gives up at once on a final refusal (no such mailbox) and says why', async () => {
    const backoffice = await userNamed('backoffice');
    smtp.refuse(550);
    const staff = await signIn(h.app, 'staff');
    const [, , , container] = await activeContainers(db, 4);
    const asked = (await staff.post(`/api/rest/v2/container/${container!.id}/scan`)).json() as { id: string };
    const id = `request_arrived:${asked.id}:${backoffice.id}`;
    const failed = await eventually('the refused mail', async () => {
      const [row] = await outboxOf(eq(t.mailOutbox.dedupeKey, id));
      return row?.state === 'failed' ? row : undefined;
    });
    expect(failed).toMatchObject({ attempts: 1 });
    expect(failed.result).toContain('550');
    expect((await sendJobOf(failed.id))?.state).toBe('completed');
  });
});

describe('the outbox across a restart', () => {
  it('sends after a restart what an instance queued but never sent', { timeout: 90_000 }, async () => {
    const database = await openTestDatabase();
    try {
      // The first instance only enqueues (as one whose workers never came to it before it stopped).
      const first = await buildApp({
        db: database.db,
        webDist: null,
        underPressure: false,
        mail: smtp.settings,
        jobs: false,
      });
      await first.ready();
      const staff = await signIn(first, 'staff');
      const [container] = await activeContainers(database.db);
      const asked = (await staff.post(`/api/rest/v2/container/${container!.id}/scan`)).json() as {
        id: string;
      };
      await first.close();
      const [row] = await database.db
        .select()
        .from(t.mailOutbox)
        .where(like(t.mailOutbox.dedupeKey, `request_arrived:${asked.id}:%`));
      expect(row).toMatchObject({ state: 'queued', attempts: 0 });

      // The next start's workers find the job in the database and send it.
      const second = await buildApp({
        db: database.db,
        webDist: null,
        underPressure: false,
        mail: smtp.settings,
        jobs: { pollSeconds: 0.2 },
      });
      await second.ready();
      try {
        await eventually('the mail after the restart', () =>
          smtp.received.some((m) => m.messageId === `<${row!.id}@falcon.test>`) ? true : undefined,
        );
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });
});

describe('the daily digest', () => {
  it("lists each recipient's alarming containers per location, with only the fields they may see, once a day", {
    timeout: 60_000,
  }, async () => {
    await db.update(t.users).set({ language: 'pl' }).where(eq(t.users.username, 'backoffice'));
    await db.update(t.users).set({ language: 'cz' }).where(eq(t.users.username, 'staff'));
    const [staffUser, backoffice, admin] = [
      await userNamed('staff'),
      await userNamed('backoffice'),
      await userNamed('admin'),
    ];
    const now = new Date('2026-11-25T05:00:00Z');
    expect(await writeDigests(db, h.app.ctx, now)).toBeGreaterThan(0);
    // Written again the same day (a repeated run): nothing new.
    expect(await writeDigests(db, h.app.ctx, now)).toBe(0);

    const digestRows = await outboxOf(eq(t.mailOutbox.kind, 'daily_digest'));
    expect(digestRows.find((r) => r.userId === staffUser.id)?.dedupeKey).toBe(
      `daily_digest:${staffUser.id}:2026-11-25`,
    );
    expect(digestRows.some((r) => r.userId === backoffice.id)).toBe(true);
    // An administrator with every concern and no assignment gets none.
    expect(digestRows.some((r) => r.userId === admin.id)).toBe(false);

    const alarming = await db
      .select()
      .from(t.containers)
      .where(and(eq(t.containers.alarming, true), eq(t.containers.active, true)));
    // staff's scope is concern C001: its alarming containers, nothing of another concern.
    const own = alarming.filter((c) => c.concernCode === 'C001');
    const foreign = alarming.filter((c) => c.concernCode !== 'C001');
    expect(own.length).toBeGreaterThan(0);
    const digest = await eventually('the Czech digest of staff', () =>
      smtp.received.find(
        (m) => recipientOf(m) === staffUser.email && m.subject?.startsWith('Zásobníky v alarmu dnes'),
      ),
    );
    expect(digest.subject).toBe(`Zásobníky v alarmu dnes: ${own.length}`);
    for (const code of new Set(own.map((c) => c.locationCode))) expect(digest.text).toContain(`(${code})`);
    for (const code of new Set(foreign.map((c) => c.locationCode)))
      expect(digest.text).not.toContain(`(${code})`);
    // staff may not see container codes; the clerk's digest names them.
    for (const c of own) expect(digest.text).not.toContain(c.code);
    const clerkDigest = await eventually('the Polish digest of the clerk', () =>
      smtp.received.find(
        (m) => recipientOf(m) === backoffice.email && m.subject?.startsWith('Pojemniki alarmowe dziś'),
      ),
    );
    expect(clerkDigest.text).toContain(`(${own[0]!.locationCode})`);
    expect(clerkDigest.text).toMatch(/KB-\d{7}/);
  });
});

describe("the developers' mailbox", () => {
  it('shows the mail kept instead of sent: each user their own, an administrator all; never without SMTP in production', {
    timeout: 90_000,
  }, async () => {
    const dev = await createTestApp({ jobs: { pollSeconds: 0.2 } });
    try {
      const staff = await signIn(dev.app, 'staff');
      const [container] = await activeContainers(dev.database.db);
      const asked = (await staff.post(`/api/rest/v2/container/${container!.id}/scan`)).json() as {
        id: string;
      };
      await eventually('the kept mail', async () => {
        const [row] = await dev.database.db
          .select()
          .from(t.mailOutbox)
          .where(like(t.mailOutbox.dedupeKey, `request_arrived:${asked.id}:%`));
        return row?.state === 'sent' ? row : undefined;
      });
      const page = (client: Awaited<ReturnType<typeof signIn>>) => client.get('/dev/mail?lang=en');
      const clerkPage = await page(await signIn(dev.app, 'backoffice'));
      expect(clerkPage.statusCode).toBe(200);
      expect(clerkPage.headers['content-type']).toContain('text/html');
      expect(clerkPage.body).toContain('Neue Anfrage: Scan am Lagerort');
      expect(clerkPage.body).toContain('Sent');
      // staff's own mailbox holds no mail of the clerk's.
      expect((await page(staff)).body).not.toContain('Neue Anfrage');
      expect((await page(await signIn(dev.app, 'admin'))).body).toContain('Neue Anfrage: Scan am Lagerort');
      const anonymous = await dev.app.inject({ method: 'GET', url: '/dev/mail' });
      expect([anonymous.statusCode, anonymous.headers.location]).toEqual([302, '/login']);
    } finally {
      await dev.close();
    }
    const production = await createTestApp({
      jobs: false,
      mail: { smtp: undefined, devMailbox: false, from: 'Falcon <falcon@falcon.test>', publicUrl: '' },
    });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
      const staff = await signIn(production.app, 'staff');
      const [container] = await activeContainers(production.database.db);
      await staff.post(`/api/rest/v2/container/${container!.id}/scan`);
      expect(await production.database.db.select().from(t.mailOutbox)).toEqual([]);
      expect((await staff.get('/api/rest/v2/profile/notifications')).json()).toMatchObject({
        delivery: 'off',
      });
    } finally {
      await production.close();
    }
  });
});
