import {
  canSeeContainerField,
  containerRef,
  type ListRequest,
  type ReviewRequest,
  reviewConflict,
  slicePage,
} from '@falcon/api-client';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb } from '../db';
import { fail, forbidden, MockError, notFound } from '../errors';
import { type HandlerContext, route } from './route';

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

const decide = (db: MockDb, auth: Auth, id: string, state: 'approved' | 'rejected', comment?: string) => {
  const request = reviewFor(db, auth, id);
  if (request.state !== 'pending') fail(409, 'request_already_reviewed');
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
    type: state === 'approved' ? 'review_approved' : 'review_rejected',
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
    const rows = db.reviews.filter(
      (r) =>
        db.canSeeLocation(auth.scope, r.locationCode) &&
        (state === 'all' || r.state === state) &&
        (!f.type || r.type === f.type) &&
        (!f.locationCode || r.locationCode === f.locationCode),
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
];
