import { type Container, canSeeContainerField, locationInScope, visibleContainer } from '@falcon/api-client';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadGrants } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { defineJob } from '../jobs/queue';
import { toContainer } from '../services/containers';
import { DIGEST_LIST_LIMIT, type DigestLocation, digestMail } from './compose';
import { mailCandidates } from './notify';
import { type MailContext, queueMails, wakeMail } from './outbox';

/** The day in the product's zone (Europe/Berlin), as YYYY-MM-DD: one digest per user and day. */
const berlinDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(at);

interface AlarmingLocation {
  code: string;
  name: string;
  branchCode: string;
  concernCode: string;
  /** The in-house employee responsible (the location's, else its branch's, else its concern's). */
  clerkKey: string | null;
  count: number;
}

const alarmingLocations = async (db: Db): Promise<AlarmingLocation[]> => {
  const alarming = and(eq(t.containers.alarming, true), eq(t.containers.active, true));
  const counted = db
    .select({ locationCode: t.containers.locationCode, n: count().as('n') })
    .from(t.containers)
    .where(alarming)
    .groupBy(t.containers.locationCode)
    .as('counted');
  return db
    .select({
      code: t.locations.code,
      name: t.locations.name,
      branchCode: t.locations.branchCode,
      concernCode: t.locations.concernCode,
      clerkKey: sql<
        string | null
      >`coalesce(${t.locations.inHouseStaffEmployeeKey}, ${t.branches.inHouseStaffEmployeeKey}, ${t.concerns.inHouseStaffEmployeeKey})`,
      count: sql<number>`${counted.n}`.mapWith(Number),
    })
    .from(counted)
    .innerJoin(t.locations, eq(t.locations.code, counted.locationCode))
    .innerJoin(t.branches, eq(t.branches.code, t.locations.branchCode))
    .innerJoin(t.concerns, eq(t.concerns.code, t.locations.concernCode))
    .orderBy(asc(t.locations.code));
};

/**
 * Writes the day's digests (ADR 0065): to every user who wants one, one mail listing per location the
 * alarming containers (active, reach at or below a week). Whose locations: a clerk's are those whose
 * requests they review (linked to the location's in-house employee, within their scope); a user with a
 * restricted scope (customer users, field service) gets the locations of that scope. Internal users
 * with unrestricted scope and no assignment get none (every location of every customer is no digest).
 * Each recipient reads only the fields they may see; most urgent first when they may see the reach, else
 * by place. Written again the same day (a retried or repeated run), a digest is not written twice.
 */
export const writeDigests = async (
  db: Db,
  ctx: MailContext,
  now: Date,
  options: { day?: string; signal?: AbortSignal } = {},
) => {
  const day = options.day ?? berlinDay(now);
  if (ctx.mail.kind === 'off') return 0;
  const locations = await alarmingLocations(db);
  if (!locations.length) return 0;
  /** The first alarming containers of a location, by reach or by place (read once per location and order). */
  const firstOf = new Map<string, Promise<Container[]>>();
  const containersAt = (code: string, byReach: boolean) => {
    const key = `${byReach ? 'reach' : 'place'}:${code}`;
    let found = firstOf.get(key);
    if (!found) {
      found = db
        .select()
        .from(t.containers)
        .where(
          and(
            eq(t.containers.locationCode, code),
            eq(t.containers.alarming, true),
            eq(t.containers.active, true),
          ),
        )
        .orderBy(...(byReach ? [asc(t.containers.reachInWeeks)] : []), asc(t.containers.placeCode))
        .limit(DIGEST_LIST_LIMIT)
        .then((rows) => rows.map(toContainer));
      firstOf.set(key, found);
    }
    return found;
  };

  let written = 0;
  for (const user of await mailCandidates(db, undefined, 'dailyDigest')) {
    // Stopped (timeout, shutdown): thrown, so the run is tried again; what was written stays written once.
    options.signal?.throwIfAborted();
    const grants = await loadGrants(db, user.userId, user.scopeAll);
    const mine = locations.filter((l) => {
      const path = { concernCode: l.concernCode, branchCode: l.branchCode, locationCode: l.code };
      if (!locationInScope(grants.scope, path)) return false;
      return !grants.scope.all || (user.employeeKey !== null && user.employeeKey === l.clerkKey);
    });
    if (!mine.length) continue;
    const byReach = canSeeContainerField(grants.permissions, 'reachInWeeks');
    const listed: DigestLocation[] = [];
    for (const l of mine)
      listed.push({
        code: l.code,
        name: l.name,
        count: l.count,
        containers: (await containersAt(l.code, byReach)).map((c) => visibleContainer(c, grants.permissions)),
      });
    const mail = digestMail(user, listed, { publicUrl: ctx.mail.publicUrl });
    // One transaction per recipient: the row and its send job together, short enough for PGlite.
    written += await db.transaction((tx) =>
      queueMails(
        tx as unknown as Db,
        ctx,
        [
          {
            ...mail,
            kind: 'daily_digest',
            dedupeKey: `daily_digest:${user.userId}:${day}`,
            userId: user.userId,
            toAddress: user.email,
            language: user.language,
          },
        ],
        now,
      ),
    );
  }
  if (written) wakeMail(ctx);
  return written;
};

/** Every morning at six (Europe/Berlin), the day's digests. */
export const digestJob = defineJob({
  name: 'mail-digest',
  payload: z.object({}),
  // Enqueued once a day by cron (on any instance): a minute's look is soon enough.
  settings: { retryLimit: 2, timeoutSeconds: 30 * 60, pollSeconds: 60, schedule: { cron: '0 6 * * *' } },
  run: async (_payload, { db, mailer, jobs, now, log, signal }) => {
    const written = await writeDigests(db, { jobs, mail: mailer }, now(), { signal });
    log.info({ written }, 'mail digests written');
  },
});
