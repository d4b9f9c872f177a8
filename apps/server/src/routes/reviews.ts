import { canSeeContainerField, REVIEW_TYPES, type ReviewType } from '@falcon/api-client';
import { type AnyColumn, and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { decideReview, reviewView } from '../services/reviews';
import { reviewScope } from '../services/scope';
import { defineRoutes } from './define';

const SORT: Record<string, AnyColumn> = {
  requestedAt: t.reviewRequests.requestedAt,
  type: t.reviewRequests.type,
  state: t.reviewRequests.state,
  locationCode: t.reviewRequests.locationCode,
  containerCode: t.reviewRequests.containerCode,
  requestedBy: t.reviewRequests.requestedBy,
  reviewedAt: t.reviewRequests.reviewedAt,
};

interface ListBody {
  page: number;
  size: number;
  sortAsc: boolean;
  sortField?: string | undefined;
}

/** Newest first unless the caller sorts explicitly; never by a field the caller may not see (its order would leak it). */
const pageOf = async (db: Db, auth: Auth, where: SQL | undefined, body: ListBody) => {
  if (body.sortField === 'containerCode' && !canSeeContainerField(auth.permissions, 'code'))
    throw new HttpError(403, 'forbidden', undefined, { field: 'sortField' });
  const column = SORT[body.sortField ?? 'requestedAt'] ?? t.reviewRequests.requestedAt;
  const ascending = body.sortField ? body.sortAsc : false;
  const order = ascending ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t.reviewRequests)
      .where(where)
      .orderBy(order(column), order(t.reviewRequests.id))
      .limit(body.size)
      .offset(body.page * body.size),
    db.select({ n: count() }).from(t.reviewRequests).where(where),
  ]);
  return {
    items: rows.map(reviewView),
    total: total?.n ?? 0,
    page: body.page,
    size: body.size,
  };
};

const stateFilter = (state: string | undefined, fallback: 'pending' | 'all') => {
  const wanted = state ?? fallback;
  return wanted === 'all' ? undefined : eq(t.reviewRequests.state, wanted as 'pending');
};

export const reviewsRoutes = defineRoutes('reviews', {
  /** Requests in the reviewer's scope; pending by default (filterMap state: pending|approved|rejected|all). */
  list: ({ db, auth, body }) => {
    const f = body.filterMap;
    const type =
      f.type && (REVIEW_TYPES as readonly string[]).includes(f.type) ? (f.type as ReviewType) : undefined;
    return pageOf(
      db,
      auth,
      and(
        reviewScope(auth.scope),
        stateFilter(f.state, 'pending'),
        f.type ? (type ? eq(t.reviewRequests.type, type) : eq(t.reviewRequests.id, '')) : undefined,
        f.locationCode ? eq(t.reviewRequests.locationCode, f.locationCode) : undefined,
        f.assignee
          ? eq(t.reviewRequests.assigneeKey, f.assignee === 'me' ? (auth.user.employeeKey ?? '') : f.assignee)
          : undefined,
      ),
      body,
    );
  },
  mine: ({ db, auth, body }) =>
    pageOf(
      db,
      auth,
      and(eq(t.reviewRequests.requestedBy, auth.user.username), stateFilter(body.filterMap.state, 'all')),
      body,
    ),
  approve: ({ db, auth, params, body, ctx }) =>
    decideReview(db, auth, params.id, 'approved', body.comment, ctx.now()),
  reject: ({ db, auth, params, body, ctx }) =>
    decideReview(db, auth, params.id, 'rejected', body.comment, ctx.now()),
});
