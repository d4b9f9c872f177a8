import {
  approvalChange,
  type ContainerRef,
  containerRef,
  decisionConflict,
  inboxAssigneeKey,
  newReviewRequest,
  protocolEntry,
  type RequestConflict,
  type ReviewDecisionState,
  type ReviewRequest,
  type ReviewType,
  reviewConflict,
  withdrawConflict,
} from '@falcon/api-client';
import { and, eq, inArray } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { newId } from '../ids';
import { notifyRequestArrived, notifyRequestDecided } from '../mail/notify';
import { type MailContext, thenWakeMail } from '../mail/outbox';
import { recordApproval } from './history';
import { writeProtocol } from './protocol';
import type { FileStorage } from './stored-files';
import { employeeKeysOf, type LocationRow } from './tree';

export type ReviewRow = typeof t.reviewRequests.$inferSelect;

/**
 * The inbox shows what is assigned to the reviewer by default (filterMap assignee `me`); `all` shows
 * everything in their scope, an employee key that employee's requests. A reviewer linked to no employee
 * (an administrator) is assigned nothing: their default is everything in their scope.
 */
export const assigneeFilter = (auth: Auth, assignee?: string) => {
  const key = inboxAssigneeKey(auth.user.employeeKey, assignee);
  return key === null ? undefined : eq(t.reviewRequests.assigneeKey, key);
};

/** The answer for stored requests, with each assignee's name (one query for all of them). */
export const reviewViews = async (db: Db, rows: readonly ReviewRow[]): Promise<ReviewRequest[]> => {
  const keys = [...new Set(rows.map((r) => r.assigneeKey).filter((k): k is string => k !== null))];
  const names = new Map(
    keys.length
      ? (
          await db
            .select({ key: t.employees.key, fullName: t.employees.fullName })
            .from(t.employees)
            .where(inArray(t.employees.key, keys))
        ).map((e) => [e.key, e.fullName] as const)
      : [],
  );
  return rows.map((r) => reviewView(r, names.get(r.assigneeKey ?? '') ?? null));
};

const reviewViewOf = async (db: Db, row: ReviewRow): Promise<ReviewRequest> =>
  (await reviewViews(db, [row]))[0] as ReviewRequest;

const reviewView = (r: ReviewRow, assigneeName: string | null): ReviewRequest => ({
  id: r.id,
  type: r.type,
  state: r.state,
  containerId: r.containerId,
  containerCode: r.containerCode,
  articleName: r.articleName,
  locationCode: r.locationCode,
  locationName: r.locationName,
  requestedBy: r.requestedBy,
  requestedAt: r.requestedAt.toISOString(),
  assigneeKey: r.assigneeKey,
  assigneeName,
  payload: r.payload,
  reviewedBy: r.reviewedBy,
  reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
  comment: r.comment,
});

/** 409 request_not_applicable with the rule's reason (`details.reason`). */
const notApplicable = (reason: RequestConflict): never => {
  throw new HttpError(409, 'request_not_applicable', undefined, { field: 'id', reason });
};

/** The rack a request is about (a rack scan, a message about a rack or shelf). */
export interface RackTarget {
  code: string;
  name: string;
  position: number;
}

/**
 * A request for review, assigned to the location's in-house employee (its own, else its branch's,
 * else its concern's), its protocol entry and the mail to the clerks who review it (issue 18), all in
 * the caller's transaction `db`; wake the mail workers once it committed (`thenWakeMail`).
 */
export const createReview = async (
  db: Db,
  mail: MailContext,
  auth: Auth,
  type: ReviewType,
  location: LocationRow,
  container: { id: string; code: string; articleName: string; articleCode: string } | null,
  payload: ReviewRequest['payload'],
  now: Date,
  rack?: RackTarget,
): Promise<ReviewRequest> => {
  const keys = await employeeKeysOf(db, location);
  const request = newReviewRequest({
    id: newId('RQ'),
    type,
    location,
    container,
    requestedBy: auth.user.username,
    requestedAt: now.toISOString(),
    assigneeKey: keys.inHouseStaffEmployeeKey,
    // Named when answered (reviewViews reads the employee); not a column.
    assigneeName: null,
    payload,
  });
  const { assigneeName: _assigneeName, ...stored } = request;
  const [row] = await db
    .insert(t.reviewRequests)
    .values({
      ...stored,
      requestedAt: now,
      reviewedAt: null,
      rackCode: rack?.code ?? null,
      concernCode: location.concernCode,
      branchCode: location.branchCode,
    })
    .returning();
  await writeProtocol(db, protocolEntry.reviewRequested(auth.user.username, request, container, rack), now);
  const view = await reviewViewOf(db, row as ReviewRow);
  await notifyRequestArrived(db, mail, view, location, auth.user, now);
  return view;
};

type ContainerRow = typeof t.containers.$inferSelect;

const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** Applies an approval's change (the shared rule `approvalChange`) to a locked container row, noting before and after. */
const applyToContainer = async (
  tx: Db,
  c: ContainerRow,
  request: Pick<ReviewRequest, 'type' | 'payload'>,
  now: Date,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) => {
  const { lastScannedDate, ...change } = approvalChange(request, c, now);
  const patch: Partial<typeof t.containers.$inferInsert> = {
    ...change,
    ...(lastScannedDate ? { lastScannedDate: new Date(lastScannedDate) } : {}),
  };
  for (const [key, value] of Object.entries(patch)) {
    before[`${c.id}.${key}`] = plain(c[key as keyof ContainerRow]);
    after[`${c.id}.${key}`] = plain(value);
  }
  if (Object.keys(patch).length) await tx.update(t.containers).set(patch).where(eq(t.containers.id, c.id));
  // The container's history keeps what changed (a scan, a new quantity, a deactivation), its forecast follows.
  await recordApproval(tx, c, change, now);
};

/**
 * Whether approving can still apply the request's change (the shared rule `reviewConflict`): 409 with
 * the rule's message key when not (the container deactivated or removed since, an additional order's
 * date invalid or passed, the inventory list gone). Rejecting is always possible.
 */
const checkApplicable = async (tx: Db, request: ReviewRow, container: ContainerRow | undefined) => {
  const [list] =
    request.type === 'inventorytransfer' && request.payload.inventoryListId
      ? await tx
          .select({ id: t.inventoryLists.id })
          .from(t.inventoryLists)
          .where(eq(t.inventoryLists.id, request.payload.inventoryListId))
      : [];
  const conflict = reviewConflict(request, {
    container: container ?? null,
    inventoryListExists: list !== undefined,
  });
  if (conflict)
    throw new HttpError(409, 'request_not_applicable', undefined, { field: 'id', reason: conflict });
};

/** How a protocol entry names a container: as it is, else the request's own snapshot (the container is gone). */
const refOf = (request: ReviewRow & { containerId: string }, c: ContainerRow | undefined): ContainerRef =>
  c
    ? containerRef(c)
    : {
        id: request.containerId,
        ...(request.containerCode ? { code: request.containerCode } : {}),
        ...(request.articleName ? { articleName: request.articleName } : {}),
      };

/**
 * Approve (apply the change) or reject a pending request; 409 when it was decided already, or on
 * approval when its change can no longer be applied. The requester's mail is written in the same
 * transaction.
 */
export type Decision = ReviewDecisionState;

export const decideReview = async (
  db: Db,
  mail: MailContext,
  auth: Auth,
  id: string,
  state: Decision,
  comment: string | undefined,
  now: Date,
): Promise<ReviewRequest> =>
  thenWakeMail(
    mail,
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // The row lock makes a concurrent second decision (another instance) wait, then see 'approved'.
      const [request] = await tx
        .select()
        .from(t.reviewRequests)
        .where(eq(t.reviewRequests.id, id))
        .for('update');
      if (!request) throw new HttpError(404, 'not_found');
      if (request.state !== 'pending') throw new HttpError(409, 'request_already_reviewed');
      const mismatch = decisionConflict(request.type, state);
      if (mismatch) notApplicable(mismatch);
      // The request's container, read once and locked: the approval checks, changes and names it.
      const [target] = request.containerId
        ? await tx.select().from(t.containers).where(eq(t.containers.id, request.containerId)).for('update')
        : [];
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (state === 'approved') {
        await checkApplicable(tx, request, target);
        if (target) await applyToContainer(tx, target, request, now, before, after);
        if (request.type === 'rackscan' && request.rackCode) {
          // Every container of the rack that is active now gets the scan a single request would give it.
          const held = await tx
            .select()
            .from(t.containers)
            .where(and(eq(t.containers.rackCode, request.rackCode), eq(t.containers.active, true)))
            .for('update');
          const scan = { type: 'scan' as const, payload: request.payload };
          for (const c of held) await applyToContainer(tx, c, scan, now, before, after);
        }
        if (request.type === 'inventorytransfer' && request.payload.inventoryListId) {
          const rows = await tx
            .select()
            .from(t.inventoryListRows)
            .where(eq(t.inventoryListRows.listId, request.payload.inventoryListId));
          for (const row of rows)
            if (row.containerId && row.quantity !== null) {
              const [c] = await tx
                .select()
                .from(t.containers)
                .where(eq(t.containers.id, row.containerId))
                .for('update');
              const quantityChange = {
                type: 'changequantity' as const,
                payload: { fillingQuantity: row.quantity },
              };
              if (c) await applyToContainer(tx, c, quantityChange, now, before, after);
            }
        }
      }
      const container = request.containerId
        ? refOf({ ...request, containerId: request.containerId }, target)
        : null;
      const [updated] = await tx
        .update(t.reviewRequests)
        .set({ state, reviewedBy: auth.user.username, reviewedAt: now, comment: comment ?? null })
        .where(and(eq(t.reviewRequests.id, id), eq(t.reviewRequests.state, 'pending')))
        .returning();
      await writeProtocol(
        tx,
        protocolEntry.reviewDecided(auth.user.username, request, state, container, { before, after }),
        now,
      );
      const view = await reviewViewOf(tx, updated as ReviewRow);
      await notifyRequestDecided(tx, mail, view, auth.user, now);
      return view;
    }),
  );

/** Locks a request for a change by its requester: only their own, only while pending. */
const ownPendingForUpdate = async (tx: Db, auth: Auth, id: string): Promise<ReviewRow> => {
  const [request] = await tx.select().from(t.reviewRequests).where(eq(t.reviewRequests.id, id)).for('update');
  if (!request) throw new HttpError(404, 'not_found');
  const conflict = withdrawConflict(request, auth.user.username);
  if (conflict) notApplicable(conflict);
  return request as ReviewRow;
};

/** The requester withdraws their own pending request; nothing about the data changes. */
export const withdrawReview = async (db: Db, auth: Auth, id: string, now: Date): Promise<ReviewRequest> =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const request = await ownPendingForUpdate(tx, auth, id);
    const [target] = request.containerId
      ? await tx.select().from(t.containers).where(eq(t.containers.id, request.containerId))
      : [];
    const container = request.containerId
      ? refOf({ ...request, containerId: request.containerId }, target)
      : null;
    const [updated] = await tx
      .update(t.reviewRequests)
      .set({ state: 'withdrawn', reviewedBy: auth.user.username, reviewedAt: now })
      .where(and(eq(t.reviewRequests.id, id), eq(t.reviewRequests.state, 'pending')))
      .returning();
    await writeProtocol(tx, protocolEntry.reviewWithdrawn(auth.user.username, request, container), now);
    return reviewViewOf(tx, updated as ReviewRow);
  });

/**
 * Attaches a photo (already checked and re-encoded) to the caller's own pending message; a second photo
 * replaces the first.
 */
export const attachPhoto = async (
  files: FileStorage,
  db: Db,
  auth: Auth,
  id: string,
  photo: { filename: string; contentType: string; content: Uint8Array },
  now: Date,
): Promise<ReviewRequest> =>
  files.transaction(db, async (tx) => {
    const request = await ownPendingForUpdate(tx, auth, id);
    if (request.type !== 'message') notApplicable('not_a_message');
    const fileId = await files.put(tx, photo, now);
    const [updated] = await tx
      .update(t.reviewRequests)
      .set({ photoFileId: fileId, payload: { ...request.payload, photo: true } })
      .where(eq(t.reviewRequests.id, id))
      .returning();
    if (request.photoFileId) await files.delete(tx, request.photoFileId);
    await writeProtocol(tx, protocolEntry.reviewPhotoAdded(auth.user.username, request, photo.filename), now);
    return reviewViewOf(tx, updated as ReviewRow);
  });
