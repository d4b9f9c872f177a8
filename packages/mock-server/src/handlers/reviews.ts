import {
  canSeeContainerField,
  containerRef,
  decisionConflict,
  type ListRequest,
  type RequestConflict,
  type ReviewRequest,
  reviewConflict,
  slicePage,
  withdrawConflict,
} from '@falcon/api-client';
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
  const request = db.reviews.find((r) => r.id === id);
  if (!request || !db.canSeeLocation(auth.scope, request.locationCode)) return notFound();
  return request as ReviewRequest;
};

const notApplicable = (reason: RequestConflict): never => {
  throw new MockError(409, 'request_not_applicable', undefined, { field: 'id', reason });
};

const PROTOCOL_TYPE_OF = {
  approved: 'review_approved',
  rejected: 'review_rejected',
  answered: 'review_answered',
  closed: 'review_closed',
} as const;

/** The caller's own pending request (withdraw, photo); 409 request_not_applicable otherwise. */
const ownPending = (db: MockDb, auth: Auth, id: string): ReviewRequest => {
  const request = reviewFor(db, auth, id);
  const conflict = withdrawConflict(request, auth.user.username);
  if (conflict) notApplicable(conflict);
  return request;
};

const decide = (
  db: MockDb,
  auth: Auth,
  id: string,
  state: keyof typeof PROTOCOL_TYPE_OF,
  comment?: string,
) => {
  const request = reviewFor(db, auth, id);
  if (request.state !== 'pending') fail(409, 'request_already_reviewed');
  const mismatch = decisionConflict(request.type, state);
  if (mismatch) notApplicable(mismatch);
  if (state === 'approved') {
    // The change must still apply (the same rule as the server); rejecting always works.
    const conflict = reviewConflict(request, {
      container: (request.containerId && db.containers.get(request.containerId)) || null,
      inventoryListExists: db.inventoryLists.some((l) => l.id === request.payload.inventoryListId),
    });
    if (conflict)
      throw new MockError(409, 'request_not_applicable', undefined, { field: 'id', reason: conflict });
  }
  const change = state === 'approved' ? db.applyReview(request) : { before: null, after: null };
  const container = request.containerId ? db.containers.get(request.containerId) : undefined;
  request.state = state;
  request.reviewedBy = auth.user.username;
  request.reviewedAt = db.now();
  request.comment = comment ?? null;
  db.log({
    username: auth.user.username,
    type: PROTOCOL_TYPE_OF[state],
    objectType: request.containerId ? 'container' : 'review',
    objectId: request.containerId ?? request.id,
    locationCode: request.locationCode,
    summary: container ? '{reviewType} for {container} {state}' : '{reviewType} {state}',
    params: {
      values: { reviewType: request.type, state },
      ...(container ? { container: containerRef(container) } : {}),
    },
    before: change.before,
    after: change.after,
  });
  return request;
};

export const reviewsHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'reviews', 'list', ({ db, auth, body }) => {
    const f = body.filterMap;
    const state = f.state ?? 'pending';
    // Assigned to the reviewer by default; `all` is everything in scope (as the server; see routes/reviews.ts).
    const assignee = f.assignee ?? (auth.user.employeeKey ? 'me' : 'all');
    const assigneeKey = assignee === 'me' ? (auth.user.employeeKey ?? '') : assignee;
    const rows = db.reviews.filter(
      (r) =>
        db.canSeeLocation(auth.scope, r.locationCode) &&
        (state === 'all' || r.state === state) &&
        (!f.type || r.type === f.type) &&
        (!f.locationCode || r.locationCode === f.locationCode) &&
        (assignee === 'all' || r.assigneeKey === assigneeKey),
    );
    return page(auth, rows, body);
  }),
  route(ctx, 'reviews', 'mine', ({ db, auth, body }) => {
    const state = body.filterMap.state;
    const rows = db.reviews.filter(
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
    db.log({
      username: auth.user.username,
      type: 'review_withdrawn',
      objectType: request.containerId ? 'container' : 'review',
      objectId: request.containerId ?? request.id,
      locationCode: request.locationCode,
      summary: container ? '{reviewType} for {container} withdrawn' : '{reviewType} withdrawn',
      params: {
        values: { reviewType: request.type },
        ...(container ? { container: containerRef(container) } : {}),
      },
      after: { requestId: request.id, state: 'withdrawn' },
    });
    return request;
  }),
  // The mock has no image codec: the photo is kept as sent (the server checks and re-encodes it).
  route(ctx, 'reviews', 'uploadPhoto', async ({ db, auth, params, file }) => {
    const request = ownPending(db, auth, params.id);
    if (request.type !== 'message') notApplicable('not_a_message');
    const upload = file as File;
    db.reviewPhotos.set(request.id, {
      content: new Uint8Array(await upload.arrayBuffer()),
      contentType: upload.type || 'image/jpeg',
      filename: upload.name,
    });
    request.payload = { ...request.payload, photo: true };
    db.log({
      username: auth.user.username,
      type: 'upload',
      objectType: 'review',
      objectId: request.id,
      locationCode: request.locationCode,
      summary: 'photo added to {reviewType}',
      params: { values: { reviewType: request.type } },
      after: { requestId: request.id, filename: upload.name },
    });
    return request;
  }),
  route(ctx, 'reviews', 'photo', ({ db, auth, params }) => {
    const request = reviewFor(db, auth, params.id);
    const photo = db.reviewPhotos.get(request.id);
    return photo ? fileResponse(photo, true) : notFound();
  }),
];
