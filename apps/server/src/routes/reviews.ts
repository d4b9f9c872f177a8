import { canSeeContainerField, REVIEW_TYPES, type ReviewType } from '@falcon/api-client';
import { type AnyColumn, and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError, notFound } from '../errors';
import { acceptImage } from '../files/images';
import { assigneeFilter, attachPhoto, decideReview, reviewViews, withdrawReview } from '../services/reviews';
import { reviewScope } from '../services/scope';
import { fileError, readUpload, sendBytes } from '../uploads/multipart';
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
    items: await reviewViews(db, rows),
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
        assigneeFilter(auth, f.assignee),
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
    decideReview(db, ctx, auth, params.id, 'approved', body.comment, ctx.now()),
  reject: ({ db, auth, params, body, ctx }) =>
    decideReview(db, ctx, auth, params.id, 'rejected', body.comment, ctx.now()),
  answer: ({ db, auth, params, body, ctx }) =>
    decideReview(db, ctx, auth, params.id, 'answered', body.comment, ctx.now()),
  close: ({ db, auth, params, body, ctx }) =>
    decideReview(db, ctx, auth, params.id, 'closed', body.comment, ctx.now()),
  withdraw: ({ db, auth, params, ctx }) => withdrawReview(db, auth, params.id, ctx.now()),
  uploadPhoto: async ({ db, auth, params, request, ctx }) => {
    const upload = await readUpload(request, 'image', z.strictObject({}));
    // Checked and re-encoded like a gallery image: metadata and anything appended are gone.
    const accepted = await acceptImage('image', upload.bytes, upload.filename);
    if (!accepted.ok) throw fileError(accepted.error);
    const image = accepted.value.image;
    return attachPhoto(
      ctx.files,
      db,
      auth,
      params.id,
      { filename: image.name, contentType: image.mime, content: image.bytes },
      ctx.now(),
    );
  },
  photo: async ({ db, params, reply, ctx }) => {
    const [row] = await db
      .select({ photoFileId: t.reviewRequests.photoFileId })
      .from(t.reviewRequests)
      .where(eq(t.reviewRequests.id, params.id));
    const opened = row?.photoFileId ? await ctx.files.open(db, row.photoFileId) : undefined;
    if (!opened) return notFound();
    return sendBytes(reply, { ...opened!.file, content: opened!.body }, true);
  },
});
