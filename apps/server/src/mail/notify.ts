import { ACTION_PERMISSIONS, locationInScope, ReviewRequest, visibleFor } from '@falcon/api-client';
import type { Language } from '@falcon/locales';
import { and, eq, isNotNull, ne, type SQL } from 'drizzle-orm';
import { loadGrants } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { type Recipient, requestArrivedMail, requestDecidedMail } from './compose';
import { type MailContext, type NewMail, queueMails } from './outbox';

/** Who reviews requests (the inbox's permission). */
const REVIEW_PERMISSION = ACTION_PERMISSIONS.reviewRequests;

type PreferenceColumn = 'requestArrived' | 'requestDecided' | 'dailyDigest';

interface Candidate extends Recipient {
  email: string;
  scopeAll: boolean;
  employeeKey: string | null;
}

/** Active users with an e-mail address who want this kind of mail (no preferences row: they do). */
export const mailCandidates = async (
  db: Db,
  where: SQL | undefined,
  preference: PreferenceColumn,
): Promise<Candidate[]> => {
  const rows = await db
    .select({
      userId: t.users.id,
      firstname: t.users.firstname,
      lastname: t.users.lastname,
      email: t.users.email,
      language: t.users.language,
      scopeAll: t.users.scopeAll,
      wants: t.mailPreferences[preference],
      employeeKey: t.users.employeeKey,
    })
    .from(t.users)
    .leftJoin(t.mailPreferences, eq(t.mailPreferences.userId, t.users.id))
    .where(and(where, eq(t.users.active, true), isNotNull(t.users.email), ne(t.users.email, '')));
  return rows
    .filter((r) => r.wants !== false)
    .map((r) => ({
      userId: r.userId,
      name: `${r.firstname} ${r.lastname}`.trim(),
      email: r.email as string,
      language: r.language as Language,
      scopeAll: r.scopeAll,
      employeeKey: r.employeeKey,
    }));
};

const fullName = (u: { firstname: string; lastname: string; username: string }) =>
  `${u.firstname} ${u.lastname}`.trim() || u.username;

const mailOf = (
  kind: NewMail['kind'],
  dedupeKey: string,
  to: Candidate,
  composed: ReturnType<typeof requestArrivedMail>,
): NewMail => ({
  ...composed,
  kind,
  dedupeKey,
  userId: to.userId,
  toAddress: to.email,
  language: to.language,
});

/**
 * A request arrived: mail the clerks who review it. They are the users linked to the employee the
 * request is assigned to (the location's in-house employee, else its branch's, else its concern's:
 * the inbox's "assigned to me"), who may review requests and whose scope reaches the location; the
 * requester is not told of their own request. A request assigned to nobody mails nobody (the
 * inbox's "all in my scope" still shows it). Each clerk reads what their own field permissions allow.
 */
export const notifyRequestArrived = async (
  tx: Db,
  ctx: MailContext,
  request: ReviewRequest,
  location: { concernCode: string; branchCode: string },
  requester: { id: string; firstname: string; lastname: string; username: string },
  now: Date,
) => {
  if (ctx.mail.kind === 'off' || !request.assigneeKey) return 0;
  const path = {
    concernCode: location.concernCode,
    branchCode: location.branchCode,
    locationCode: request.locationCode,
  };
  const mails: NewMail[] = [];
  for (const clerk of await mailCandidates(
    tx,
    and(eq(t.users.employeeKey, request.assigneeKey), ne(t.users.id, requester.id)),
    'requestArrived',
  )) {
    const grants = await loadGrants(tx, clerk.userId, clerk.scopeAll);
    if (!grants.permissions.has(REVIEW_PERMISSION) || !locationInScope(grants.scope, path)) continue;
    const seen = visibleFor(ReviewRequest, grants.permissions)(request);
    mails.push(
      mailOf(
        'request_arrived',
        `request_arrived:${request.id}:${clerk.userId}`,
        clerk,
        requestArrivedMail(clerk, seen, fullName(requester), { publicUrl: ctx.mail.publicUrl }),
      ),
    );
  }
  return queueMails(tx, ctx, mails, now);
};

/**
 * A request was decided (approved, rejected; a message answered or closed): mail the requester, as
 * their field permissions show the request; not when they decided it themselves.
 */
export const notifyRequestDecided = async (
  tx: Db,
  ctx: MailContext,
  request: ReviewRequest,
  reviewer: { id: string; firstname: string; lastname: string; username: string },
  now: Date,
) => {
  if (ctx.mail.kind === 'off') return 0;
  const [requester] = await mailCandidates(
    tx,
    and(eq(t.users.username, request.requestedBy), ne(t.users.id, reviewer.id)),
    'requestDecided',
  );
  if (!requester) return 0;
  const grants = await loadGrants(tx, requester.userId, requester.scopeAll);
  const seen = visibleFor(ReviewRequest, grants.permissions)(request);
  return queueMails(
    tx,
    ctx,
    [
      mailOf(
        'request_decided',
        `request_decided:${request.id}`,
        requester,
        requestDecidedMail(requester, seen, fullName(reviewer), { publicUrl: ctx.mail.publicUrl }),
      ),
    ],
    now,
  );
};
