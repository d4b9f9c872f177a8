import {
  type ApprovalChange,
  approvalChange,
  approvalEvent,
  canSeeContainerField,
  containerRef,
  decisionConflict,
  inboxAssigneeKey,
  type ListRequest,
  newReviewRequest,
  protocolEntry,
  type RequestConflict,
  type ReviewDecisionState,
  type ReviewRequest,
  type ReviewType,
  reviewConflict,
  slicePage,
  withdrawConflict,
} from '@falcon/api-client';
import type { DatasetContainer, DatasetLocation } from '@falcon/demo-data';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb } from '../db';
import { fail, forbidden, MockError, notFound } from '../errors';
import { fileResponse, type HandlerContext, route } from './route';

type ListBody = Required<Omit<ListRequest, 'sortField'>> & { sortField?: string };

/** Newest first unless the caller sorts; never by a field the caller may not see (its order would leak it). */
const page = (auth: Auth, rows: ReviewRequest[], body: ListBody) => {
  if (body.sortField === 'containerCode' && !canSeeContainerField(auth.permissions, 'code'))
    forbidden('sortField');
  const key = (body.sortField ?? 'requestedAt') as keyof ReviewRequest;
  // Newest first unless the caller sorts explicitly.
  const dir = body.sortField ? (body.sortAsc ? 1 : -1) : -1;
  rows.sort(
    (a, b) =>
      String(a[key] ?? '').localeCompare(String(b[key] ?? '')) * dir || a.id.localeCompare(b.id) * dir,
  );
  return slicePage(rows, body.page, body.size);
};

const reviewFor = (db: MockDb, auth: Auth, id: string): ReviewRequest => {
  const request = db.reviews.byId(id);
  if (!request || !db.canSeeLocation(auth.scope, request.locationCode)) return notFound();
  return request as ReviewRequest;
};

/** A request for review, assigned to the location's in-house employee, and its protocol entry. */
export const requestReview = (
  db: MockDb,
  auth: Auth,
  type: ReviewType,
  location: DatasetLocation,
  container: DatasetContainer | null,
  payload: ReviewRequest['payload'],
  rack?: { name: string },
): ReviewRequest => {
  const assigneeKey = db.employeeKeysOf(location).inHouseStaffEmployeeKey;
  const request = db.reviews.add(
    newReviewRequest({
      id: db.nextId('RQ'),
      type,
      location,
      container,
      requestedBy: auth.user.username,
      requestedAt: db.now(),
      assigneeKey,
      assigneeName: (assigneeKey && db.employees.get(assigneeKey)?.fullName) || null,
      payload,
    }),
  );
  db.protocol.log(protocolEntry.reviewRequested(auth.user.username, request, container, rack));
  return request;
};

/** Applies an approved request to the data (the shared rule `approvalChange`); the changed fields before and after. */
const applyApproval = (db: MockDb, request: ReviewRequest) => {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const now = new Date(db.now());
  const apply = (c: DatasetContainer, change: ApprovalChange) => {
    for (const [key, value] of Object.entries(change)) {
      before[`${c.id}.${key}`] = c[key as keyof DatasetContainer];
      after[`${c.id}.${key}`] = value;
    }
    // The container's history keeps what the approval changed (the same rule as the server's).
    const event = approvalEvent(c, change, db.history.stockOf(c));
    if (event) db.history.add({ containerId: c.id, at: db.history.today.toISOString(), ...event });
    Object.assign(c, change);
    db.history.changed(c.id);
  };
  const container = request.containerId ? db.containers.get(request.containerId) : undefined;
  if (container) apply(container, approvalChange(request, container, now));
  // A rack scan: every container of the rack that is active now gets the scan a single request would give it.
  if (request.type === 'rackscan')
    for (const c of db.containersByLocation.get(request.locationCode) ?? [])
      if (c.active && c.rackCode === request.payload.rackCode)
        apply(c, approvalChange({ type: 'scan', payload: request.payload }, c, now));
  if (request.type === 'inventorytransfer') {
    const list = db.files.inventoryLists.find((l) => l.id === request.payload.inventoryListId);
    for (const row of list?.rows ?? []) {
      const c = row.containerId ? db.containers.get(row.containerId) : undefined;
      if (c && typeof row.quantity === 'number')
        apply(
          c,
          approvalChange({ type: 'changequantity', payload: { fillingQuantity: row.quantity } }, c, now),
        );
    }
  }
  return { before, after };
};

const notApplicable = (reason: RequestConflict): never => {
  throw new MockError(409, 'request_not_applicable', undefined, { field: 'id', reason });
};

/** The caller's own pending request (withdraw, photo); 409 request_not_applicable otherwise. */
const ownPending = (db: MockDb, auth: Auth, id: string): ReviewRequest => {
  const request = reviewFor(db, auth, id);
  const conflict = withdrawConflict(request, auth.user.username);
  if (conflict) notApplicable(conflict);
  return request;
};

const decide = (db: MockDb, auth: Auth, id: string, state: ReviewDecisionState, comment?: string) => {
  const request = reviewFor(db, auth, id);
  if (request.state !== 'pending') fail(409, 'request_already_reviewed');
  const mismatch = decisionConflict(request.type, state);
  if (mismatch) notApplicable(mismatch);
  if (state === 'approved') {
    // The change must still apply (the same rule as the server); rejecting always works.
    const conflict = reviewConflict(request, {
      container: (request.containerId && db.containers.get(request.containerId)) || null,
      inventoryListExists: db.files.inventoryLists.some((l) => l.id === request.payload.inventoryListId),
    });
    if (conflict)
      throw new MockError(409, 'request_not_applicable', undefined, { field: 'id', reason: conflict });
  }
  const change = state === 'approved' ? applyApproval(db, request) : { before: null, after: null };
  const container = request.containerId ? db.containers.get(request.containerId) : undefined;
  request.state = state;
  request.reviewedBy = auth.user.username;
  request.reviewedAt = db.now();
  request.comment = comment ?? null;
  db.protocol.log(
    protocolEntry.reviewDecided(
      auth.user.username,
      request,
      state,
      container ? containerRef(container) : null,
      change,
    ),
  );
  return request;
};

export const reviewsHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'reviews', 'list', ({ db, auth, body }) => {
    const f = body.filterMap;
    const state = f.state ?? 'pending';
    // Assigned to the reviewer by default; `all` is everything in scope (as the server; see routes/reviews.ts).
    const assigneeKey = inboxAssigneeKey(auth.user.employeeKey, f.assignee);
    const rows = db.reviews.requests.filter(
      (r) =>
        db.canSeeLocation(auth.scope, r.locationCode) &&
        (state === 'all' || r.state === state) &&
        (!f.type || r.type === f.type) &&
        (!f.locationCode || r.locationCode === f.locationCode) &&
        (assigneeKey === null || r.assigneeKey === assigneeKey),
    );
    return page(auth, rows, body);
  }),
  route(ctx, 'reviews', 'mine', ({ db, auth, body }) => {
    const state = body.filterMap.state;
    const rows = db.reviews.requests.filter(
      (r) => r.requestedBy === auth.user.username && (!state || state === 'all' || r.state === state),
    );
    return page(auth, rows, body);
  }),
  route(ctx, 'reviews', 'approve', ({ db, auth, params, body }) =>
    decide(db, auth, params.id, 'approved', body.comment),
  ),
  route(ctx, 'reviews', 'reject', ({ db, auth, params, body }) =>
    decide(db, auth, params.id, 'rejected', body.comment),
  ),
  route(ctx, 'reviews', 'answer', ({ db, auth, params, body }) =>
    decide(db, auth, params.id, 'answered', body.comment),
  ),
  route(ctx, 'reviews', 'close', ({ db, auth, params, body }) =>
    decide(db, auth, params.id, 'closed', body.comment),
  ),
  route(ctx, 'reviews', 'withdraw', ({ db, auth, params }) => {
    const request = ownPending(db, auth, params.id);
    const container = request.containerId ? db.containers.get(request.containerId) : undefined;
    request.state = 'withdrawn';
    request.reviewedBy = auth.user.username;
    request.reviewedAt = db.now();
    db.protocol.log(
      protocolEntry.reviewWithdrawn(auth.user.username, request, container ? containerRef(container) : null),
    );
    return request;
  }),
  // The mock has no image codec: the photo is kept as sent (the server checks and re-encodes it).
  route(ctx, 'reviews', 'uploadPhoto', async ({ db, auth, params, file }) => {
    const request = ownPending(db, auth, params.id);
    if (request.type !== 'message') notApplicable('not_a_message');
    const upload = file as File;
    db.reviews.photos.set(request.id, {
      content: new Uint8Array(await upload.arrayBuffer()),
      contentType: upload.type || 'image/jpeg',
      filename: upload.name,
    });
    request.payload = { ...request.payload, photo: true };
    db.protocol.log(protocolEntry.reviewPhotoAdded(auth.user.username, request, upload.name));
    return request;
  }),
  route(ctx, 'reviews', 'photo', ({ db, auth, params }) => {
    const request = reviewFor(db, auth, params.id);
    const photo = db.reviews.photos.get(request.id);
    return photo ? fileResponse(photo, true) : notFound();
  }),
];
