import {
  approvedOrderDate,
  type ContainerRef,
  containerRef,
  decisionConflict,
  isAlarming,
  type RequestConflict,
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
import { writeProtocol } from './protocol';
import { deleteFile, storeFile } from './stored-files';
import { employeeKeysOf, type LocationRow } from './tree';

export type ReviewRow = typeof t.reviewRequests.$inferSelect;

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
 * else its concern's), and its protocol entry.
 */
export const createReview = async (
  db: Db,
  auth: Auth,
  type: ReviewType,
  location: LocationRow,
  container: { id: string; code: string; articleName: string; articleCode: string } | null,
  payload: ReviewRequest['payload'],
  now: Date,
  rack?: RackTarget,
): Promise<ReviewRequest> => {
  const keys = await employeeKeysOf(db, location);
  const [row] = await db
    .insert(t.reviewRequests)
    .values({
      id: newId('RQ'),
      type,
      state: 'pending',
      containerId: container?.id ?? null,
      rackCode: rack?.code ?? null,
      containerCode: container?.code ?? null,
      articleName: container?.articleName ?? null,
      locationCode: location.code,
      locationName: location.name,
      concernCode: location.concernCode,
      branchCode: location.branchCode,
      requestedBy: auth.user.username,
      requestedAt: now,
      assigneeKey: keys.inHouseStaffEmployeeKey,
      payload,
    })
    .returning();
  const request = row as ReviewRow;
  // A rack is named by its name in the summary (always shown); its code stays in `after`, filtered per reader.
  const { rackCode: _rackCode, shelfCode: _shelfCode, ...shown } = payload;
  await writeProtocol(
    db,
    {
      username: auth.user.username,
      type: 'request',
      objectType: container ? 'container' : rack ? 'review' : 'inventoryList',
      objectId: container?.id ?? (rack ? request.id : (payload.inventoryListId ?? null)),
      locationCode: location.code,
      summary: container
        ? '{reviewType} requested for {container}'
        : rack
          ? payload.shelfPosition !== undefined
            ? '{reviewType} requested for shelf {shelfPosition} of rack {rackName}'
            : '{reviewType} requested for rack {rackName}'
          : '{reviewType} requested',
      params: {
        values: {
          reviewType: type,
          ...(rack ? { rackName: rack.name } : {}),
          ...(payload.shelfPosition !== undefined ? { shelfPosition: String(payload.shelfPosition) } : {}),
        },
        ...(container ? { container: containerRef(container) } : {}),
      },
      after: { requestId: request.id, type, ...shown },
    },
    now,
  );
  return reviewViewOf(db, request);
};

type ContainerPatch = Partial<typeof t.containers.$inferInsert>;

/** What an approval changes on a container (the same rules as the mock). */
const changeFor = (request: ReviewRow, c: typeof t.containers.$inferSelect, now: Date): ContainerPatch => {
  switch (request.type) {
    case 'deactivate':
      return { active: false };
    case 'scan':
      // A scan of an empty bin triggers its refill: it is on its way.
      return {
        numberOfScans: c.numberOfScans + 1,
        lastScannedDate: now,
        deliveryStatus: 'indelivery',
        expectedDeliveryDate: new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10),
      };
    case 'changequantity':
      return { fillingQuantity: request.payload.fillingQuantity ?? c.fillingQuantity };
    case 'additionalorder':
      return {
        deliveryStatus: 'indelivery',
        expectedDeliveryDate: approvedOrderDate(
          request.payload.additionalOrderDate ?? now.toISOString().slice(0, 10),
          now,
        ),
      };
    default:
      return {};
  }
};

const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

const applyToContainer = async (
  tx: Db,
  containerId: string,
  patch: (c: typeof t.containers.$inferSelect) => ContainerPatch,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) => {
  const [c] = await tx.select().from(t.containers).where(eq(t.containers.id, containerId)).for('update');
  if (!c) return;
  const change = patch(c);
  const active = change.active ?? c.active;
  const alarming = isAlarming(c.reachInWeeks, active);
  if (alarming !== c.alarming) change.alarming = alarming;
  for (const [key, value] of Object.entries(change)) {
    before[`${c.id}.${key}`] = plain(c[key as keyof typeof c]);
    after[`${c.id}.${key}`] = plain(value);
  }
  if (Object.keys(change).length) await tx.update(t.containers).set(change).where(eq(t.containers.id, c.id));
};

/**
 * Whether approving can still apply the request's change (the shared rule `reviewConflict`): 409 with
 * the rule's message key when not (the container deactivated or removed since, an additional order's
 * date invalid or passed, the inventory list gone). Rejecting is always possible.
 */
const checkApplicable = async (tx: Db, request: ReviewRow) => {
  const [container] = request.containerId
    ? await tx
        .select({ active: t.containers.active })
        .from(t.containers)
        .where(eq(t.containers.id, request.containerId))
    : [];
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

/** How a protocol entry names a container (the request's own snapshot if the container is gone). */
const refOf = async (tx: Db, request: ReviewRow & { containerId: string }): Promise<ContainerRef> => {
  const [c] = await tx
    .select({
      id: t.containers.id,
      code: t.containers.code,
      articleName: t.containers.articleName,
      articleCode: t.containers.articleCode,
    })
    .from(t.containers)
    .where(eq(t.containers.id, request.containerId));
  if (c) return containerRef(c);
  return {
    id: request.containerId,
    ...(request.containerCode ? { code: request.containerCode } : {}),
    ...(request.articleName ? { articleName: request.articleName } : {}),
  };
};

/**
 * Approve (apply the change) or reject a pending request; 409 when it was decided already, or on
 * approval when its change can no longer be applied.
 */
export type Decision = 'approved' | 'rejected' | 'answered' | 'closed';

const PROTOCOL_TYPE_OF = {
  approved: 'review_approved',
  rejected: 'review_rejected',
  answered: 'review_answered',
  closed: 'review_closed',
} as const;

export const decideReview = async (
  db: Db,
  auth: Auth,
  id: string,
  state: Decision,
  comment: string | undefined,
  now: Date,
): Promise<ReviewRequest> =>
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
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (state === 'approved') {
      await checkApplicable(tx, request);
      if (request.containerId)
        await applyToContainer(tx, request.containerId, (c) => changeFor(request, c, now), before, after);
      if (request.type === 'rackscan' && request.rackCode) {
        // Every container of the rack that is active now gets the scan a single request would give it.
        const held = await tx
          .select({ id: t.containers.id })
          .from(t.containers)
          .where(and(eq(t.containers.rackCode, request.rackCode), eq(t.containers.active, true)));
        for (const c of held)
          await applyToContainer(
            tx,
            c.id,
            (row) => changeFor({ ...request, type: 'scan' }, row, now),
            before,
            after,
          );
      }
      if (request.type === 'inventorytransfer' && request.payload.inventoryListId) {
        const rows = await tx
          .select()
          .from(t.inventoryListRows)
          .where(eq(t.inventoryListRows.listId, request.payload.inventoryListId));
        for (const row of rows)
          if (row.containerId && row.quantity !== null) {
            const quantity = row.quantity;
            await applyToContainer(tx, row.containerId, () => ({ fillingQuantity: quantity }), before, after);
          }
      }
    }
    const container = request.containerId
      ? await refOf(tx, { ...request, containerId: request.containerId })
      : undefined;
    const [updated] = await tx
      .update(t.reviewRequests)
      .set({ state, reviewedBy: auth.user.username, reviewedAt: now, comment: comment ?? null })
      .where(and(eq(t.reviewRequests.id, id), eq(t.reviewRequests.state, 'pending')))
      .returning();
    await writeProtocol(
      tx,
      {
        username: auth.user.username,
        type: PROTOCOL_TYPE_OF[state],
        objectType: request.containerId ? 'container' : 'review',
        objectId: request.containerId ?? request.id,
        locationCode: request.locationCode,
        summary: container ? '{reviewType} for {container} {state}' : '{reviewType} {state}',
        params: { values: { reviewType: request.type, state }, ...(container ? { container } : {}) },
        before: state === 'approved' ? before : null,
        after: state === 'approved' ? after : null,
      },
      now,
    );
    return reviewViewOf(tx, updated as ReviewRow);
  });

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
    const container = request.containerId
      ? await refOf(tx, { ...request, containerId: request.containerId })
      : undefined;
    const [updated] = await tx
      .update(t.reviewRequests)
      .set({ state: 'withdrawn', reviewedBy: auth.user.username, reviewedAt: now })
      .where(and(eq(t.reviewRequests.id, id), eq(t.reviewRequests.state, 'pending')))
      .returning();
    await writeProtocol(
      tx,
      {
        username: auth.user.username,
        type: 'review_withdrawn',
        objectType: request.containerId ? 'container' : 'review',
        objectId: request.containerId ?? request.id,
        locationCode: request.locationCode,
        summary: container ? '{reviewType} for {container} withdrawn' : '{reviewType} withdrawn',
        params: { values: { reviewType: request.type }, ...(container ? { container } : {}) },
        after: { requestId: request.id, state: 'withdrawn' },
      },
      now,
    );
    return reviewViewOf(tx, updated as ReviewRow);
  });

/**
 * Attaches a photo (already checked and re-encoded) to the caller's own pending message; a second photo
 * replaces the first.
 */
export const attachPhoto = async (
  db: Db,
  auth: Auth,
  id: string,
  photo: { filename: string; contentType: string; content: Uint8Array },
  now: Date,
): Promise<ReviewRequest> =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const request = await ownPendingForUpdate(tx, auth, id);
    if (request.type !== 'message') notApplicable('not_a_message');
    const fileId = await storeFile(tx, photo, now);
    const [updated] = await tx
      .update(t.reviewRequests)
      .set({ photoFileId: fileId, payload: { ...request.payload, photo: true } })
      .where(eq(t.reviewRequests.id, id))
      .returning();
    if (request.photoFileId) await deleteFile(tx, request.photoFileId);
    await writeProtocol(
      tx,
      {
        username: auth.user.username,
        type: 'upload',
        objectType: 'review',
        objectId: request.id,
        locationCode: request.locationCode,
        summary: 'photo added to {reviewType}',
        params: { values: { reviewType: request.type } },
        after: { requestId: request.id, filename: photo.filename },
      },
      now,
    );
    return reviewViewOf(tx, updated as ReviewRow);
  });
