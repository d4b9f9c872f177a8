import { z } from 'zod';
import { IMAGE_TYPES, REVIEW_STATES, REVIEW_TYPES, UPLOAD_LIMITS } from '../data-constants';
import { IdParams, IsoDate, IsoDateTime, ListRequest, pageOf } from './common';
import { defineEndpoint } from './define';
import { fieldOf } from './fields';

export { REVIEW_STATES, REVIEW_TYPES };
export const ReviewType = z.enum(REVIEW_TYPES);
export type ReviewType = z.infer<typeof ReviewType>;
export const ReviewState = z.enum(REVIEW_STATES);
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
  /** Key of the in-house employee responsible for the location (its own, else its branch's, else its concern's). */
  assigneeKey: z.string().nullable(),
  /** The responsible employee's full name (null when none is responsible). */
  assigneeName: z.string().nullable(),
  payload: z.object({
    /** Additional order: how many packaging units more. */
    factor: z.number().optional(),
    additionalOrderDate: IsoDate.optional(),
    inventoryListId: z.string().optional(),
    /** Filling quantity change: the quantity asked for (the request body's `factor`) and the one before. */
    fillingQuantity: fieldOf('fillingQuantity', z.number()),
    previousFillingQuantity: fieldOf('fillingQuantity', z.number()),
    /** A message: its text. */
    message: z.string().optional(),
    /** A message with a photo (`GET review/:id/photo`). */
    photo: z.boolean().optional(),
    /** A message about a shelf or rack, or a rack scan: the rack (its name and position are always shown). */
    rackName: z.string().optional(),
    rackPosition: z.number().int().optional(),
    rackCode: fieldOf('rackCode', z.string()),
    /** A message about a shelf: its position in the rack, and its code. */
    shelfPosition: z.number().int().optional(),
    shelfCode: fieldOf('shelfCode', z.string()),
    /** A rack scan: how many active containers the rack held when it was asked for. */
    containerCount: z.number().int().optional(),
  }),
  reviewedBy: z.string().nullable(),
  reviewedAt: IsoDateTime.nullable(),
  comment: z.string().nullable(),
});
export type ReviewRequest = z.infer<typeof ReviewRequest>;

export const ReviewDecision = z.strictObject({ comment: z.string().trim().max(1000).optional() });
/** The clerk's answer to a message. */
export const ReviewAnswer = z.strictObject({ comment: z.string().trim().min(1).max(1000) });
/** A message about a container, shelf or rack (a photo goes up afterwards: `review/:id/photo`). */
export const MessageRequest = z.strictObject({ message: z.string().trim().min(1).max(2000) });

const reviewById = { params: IdParams, tenant: { kind: 'review', param: 'id' } } as const;

export const reviews = {
  list: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/reviews',
    summary:
      'Requests the user reviews (filterMap: state, type, locationCode, assignee: me|all|<employee key>); pending and, for a user linked to an employee, assigned to them by default',
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
    /** request_not_applicable carries details.reason: container_inactive, date_invalid, list_missing or is_a_message. */
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
    /** request_not_applicable (details.reason is_a_message): a message is answered or closed. */
    conflicts: ['request_already_reviewed', 'request_not_applicable'],
    response: ReviewRequest,
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/review/:id/answer',
    summary: 'Answer a message (protocolled); 409 request_not_applicable (not_a_message) for an action',
    ...reviewById,
    body: ReviewAnswer,
    permissions: ['PERM_REVIEWREQUESTS'],
    conflicts: ['request_already_reviewed', 'request_not_applicable'],
    response: ReviewRequest,
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/review/:id/close',
    summary: 'Close a message without an answer, with an optional comment (protocolled)',
    ...reviewById,
    body: ReviewDecision,
    permissions: ['PERM_REVIEWREQUESTS'],
    conflicts: ['request_already_reviewed', 'request_not_applicable'],
    response: ReviewRequest,
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/review/:id/withdraw',
    summary:
      'The requester withdraws their own pending request (protocolled); 409 request_not_applicable (details.reason not_own or not_pending) otherwise',
    ...reviewById,
    conflicts: ['request_not_applicable'],
    response: ReviewRequest,
  }),
  uploadPhoto: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/review/:id/photo',
    summary:
      "Attach a photo to one's own pending message (multipart: file; JPEG, PNG or WebP, re-encoded); 409 request_not_applicable otherwise",
    ...reviewById,
    body: z.strictObject({}),
    multipart: { maxBytes: UPLOAD_LIMITS.imageBytes, accept: IMAGE_TYPES },
    conflicts: ['request_not_applicable'],
    status: 201,
    response: ReviewRequest,
  }),
  photo: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/review/:id/photo',
    summary: "A message's photo (404 when it has none)",
    ...reviewById,
    response: z.instanceof(Blob),
    responseKind: 'binary',
  }),
};
