import { z } from 'zod';
import { REVIEW_TYPES } from '../data-constants';
import { IdParams, IsoDate, IsoDateTime, ListRequest, pageOf } from './common';
import { defineEndpoint } from './define';
import { fieldOf } from './fields';

export { REVIEW_TYPES };
export const ReviewType = z.enum(REVIEW_TYPES);
export type ReviewType = z.infer<typeof ReviewType>;
export const ReviewState = z.enum(['pending', 'approved', 'rejected']);
export type ReviewState = z.infer<typeof ReviewState>;

export const ReviewRequest = z.object({
  id: z.string(),
  type: ReviewType,
  state: ReviewState,
  containerId: z.string().nullable(),
  containerCode: fieldOf('code', z.string().nullable()),
  /** The article the container held when the request was made. */
  articleName: fieldOf('articleName', z.string().nullable()),
  locationCode: z.string(),
  locationName: z.string(),
  requestedBy: z.string(),
  requestedAt: IsoDateTime,
  /** Key of the in-house employee responsible for the location. */
  assigneeKey: z.string().nullable(),
  payload: z.object({
    /** Additional order: how many packaging units more. */
    factor: z.number().optional(),
    additionalOrderDate: IsoDate.optional(),
    inventoryListId: z.string().optional(),
    /** Filling quantity change: the quantity asked for (the request body's `factor`) and the one before. */
    fillingQuantity: fieldOf('fillingQuantity', z.number()),
    previousFillingQuantity: fieldOf('fillingQuantity', z.number()),
  }),
  reviewedBy: z.string().nullable(),
  reviewedAt: IsoDateTime.nullable(),
  comment: z.string().nullable(),
});
export type ReviewRequest = z.infer<typeof ReviewRequest>;

export const ReviewDecision = z.strictObject({ comment: z.string().trim().max(1000).optional() });

const reviewById = { params: IdParams, tenant: { kind: 'review', param: 'id' } } as const;

export const reviews = {
  list: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/reviews',
    summary: 'Requests the user reviews (filterMap: state, type, locationCode); pending by default',
    body: ListRequest,
    permissions: ['PERM_REVIEWREQUESTS'],
    response: pageOf(ReviewRequest),
  }),
  mine: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/reviews/mine',
    summary: "The user's own requests and their state (filterMap: state)",
    body: ListRequest,
    response: pageOf(ReviewRequest),
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/review/:id/approve',
    summary: 'Approve: apply the change (protocolled); 409 when it can no longer be applied (reject it)',
    ...reviewById,
    body: ReviewDecision,
    permissions: ['PERM_REVIEWREQUESTS'],
    /** request_not_applicable carries details.reason: container_inactive, date_invalid or list_missing. */
    conflicts: ['request_already_reviewed', 'request_not_applicable'],
    response: ReviewRequest,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/review/:id/reject',
    summary: 'Reject with a comment (protocolled)',
    ...reviewById,
    body: ReviewDecision,
    permissions: ['PERM_REVIEWREQUESTS'],
    conflicts: ['request_already_reviewed'],
    response: ReviewRequest,
  }),
};
