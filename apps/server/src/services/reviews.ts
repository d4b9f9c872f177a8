import {
  approvalChange,
  type ContainerRef,
  containerRef,
  newReviewRequest,
  protocolEntry,
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
  const request = newReviewRequest({
    id: newId('RQ'),
    type,
    location,
    container,
    requestedBy: auth.user.username,
    requestedAt: now.toISOString(),
    assigneeKey: keys.inHouseStaffEmployeeKey,
    payload,
  });
  const [row] = await db
    .insert(t.reviewRequests)
    .values({
      ...request,
      requestedAt: now,
      reviewedAt: null,
      concernCode: location.concernCode,
      branchCode: location.branchCode,
    })
    .returning();
  await writeProtocol(db, protocolEntry.reviewRequested(auth.user.username, request, container), now);
  return reviewView(row as ReviewRow);
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
    // The request's container, read once and locked: the approval checks, changes and names it.
    const [target] = request.containerId
      ? await tx.select().from(t.containers).where(eq(t.containers.id, request.containerId)).for('update')
      : [];
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (state === 'approved') {
      await checkApplicable(tx, request, target);
      if (target) await applyToContainer(tx, target, request, now, before, after);
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
    return reviewView(updated as ReviewRow);
  });
