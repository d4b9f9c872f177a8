import {
  approvedOrderDate,
  type ContainerRef,
  containerRef,
  isAlarming,
  type ReviewRequest,
  type ReviewType,
  reviewConflict,
} from '@falcon/api-client';
import { and, eq } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { newId } from '../ids';
import { writeProtocol } from './protocol';
import { employeeKeysOf, type LocationRow } from './tree';

type ReviewRow = typeof t.reviewRequests.$inferSelect;

export const reviewView = (r: ReviewRow): ReviewRequest => ({
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
  payload: r.payload,
  reviewedBy: r.reviewedBy,
  reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
  comment: r.comment,
});

/** A request for review, assigned to the location's in-house employee, and its protocol entry. */
export const createReview = async (
  db: Db,
  auth: Auth,
  type: ReviewType,
  location: LocationRow,
  container: { id: string; code: string; articleName: string; articleCode: string } | null,
  payload: ReviewRequest['payload'],
  now: Date,
): Promise<ReviewRequest> => {
  const keys = await employeeKeysOf(db, location);
  const [row] = await db
    .insert(t.reviewRequests)
    .values({
      id: newId('RQ'),
      type,
      state: 'pending',
      containerId: container?.id ?? null,
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
  await writeProtocol(
    db,
    {
      username: auth.user.username,
      type: 'request',
      objectType: container ? 'container' : 'inventoryList',
      objectId: container?.id ?? payload.inventoryListId ?? null,
      locationCode: location.code,
      summary: container ? '{reviewType} requested for {container}' : '{reviewType} requested',
      params: { values: { reviewType: type }, ...(container ? { container: containerRef(container) } : {}) },
      after: { requestId: request.id, type, ...payload },
    },
    now,
  );
  return reviewView(request);
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
export const decideReview = async (
  db: Db,
  auth: Auth,
  id: string,
  state: 'approved' | 'rejected',
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
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (state === 'approved') {
      await checkApplicable(tx, request);
      if (request.containerId)
        await applyToContainer(tx, request.containerId, (c) => changeFor(request, c, now), before, after);
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
        type: state === 'approved' ? 'review_approved' : 'review_rejected',
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
    return reviewView(updated as ReviewRow);
  });
