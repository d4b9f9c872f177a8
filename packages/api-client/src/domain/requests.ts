import { isDateInRange } from '../contract/common';
import type { ReviewRequest } from '../contract/review';

const HOUR_MS = 3_600_000;

/**
 * The earliest date an additional order may name: today where the day is latest on Earth (UTC-12).
 * The server knows no user's time zone, so a user's own "today" is never refused; yesterday always is.
 */
export const earliestOrderDate = (now: Date): string =>
  new Date(now.getTime() - 12 * HOUR_MS).toISOString().slice(0, 10);

/** A date an additional order may name now: within the contract's range and not in the past. */
export const isOrderDateAllowed = (date: string, now: Date): boolean =>
  isDateInRange(date) && date >= earliestOrderDate(now);

/** What an approval would change, as far as the rule needs it. */
export interface ReviewTarget {
  /** The request's container as it is now; null when it is gone. Ignored for inventory transfers. */
  container: { active: boolean } | null;
  /** Inventory transfers: whether the list still exists. */
  inventoryListExists?: boolean;
}

/** Why a request can no longer be decided or withdrawn as asked: `details.reason` of 409 request_not_applicable. */
export const REQUEST_CONFLICTS = [
  'container_inactive',
  'date_invalid',
  'list_missing',
  /** Approve or reject of a message: a message is answered or closed. */
  'is_a_message',
  /** Answer or close of an action: an action is approved or rejected. */
  'not_a_message',
  /** Withdraw of another user's request, or a photo for it. */
  'not_own',
  /** Withdraw of a request decided already, or a photo for it. */
  'not_pending',
] as const;
export type RequestConflict = (typeof REQUEST_CONFLICTS)[number];

/**
 * Why approving a pending request can no longer apply its change (409 request_not_applicable with this
 * reason; the request can still be rejected), or null when it can: the container was deactivated or removed since, an
 * additional order's date is not a date of the contract's range (a request stored before dates were
 * checked, like 0000-01-01), or an inventory transfer's list is gone. A date that has merely passed
 * does not block: see `approvedOrderDate`.
 */
export const reviewConflict = (
  request: Pick<ReviewRequest, 'type' | 'payload'>,
  target: ReviewTarget,
): RequestConflict | null => {
  if (request.type === 'inventorytransfer')
    return target.inventoryListExists === false ? 'list_missing' : null;
  // A rack scan applies to the rack's containers that are active when it is approved.
  if (request.type === 'rackscan') return null;
  if (!target.container?.active) return 'container_inactive';
  if (request.type === 'additionalorder') {
    const date = request.payload.additionalOrderDate;
    if (date === undefined || !isDateInRange(date)) return 'date_invalid';
  }
  return null;
};

/**
 * The expected delivery date an approved additional order sets: the requested day, or today when an
 * approval comes after it (the delivery is still wanted; a date in the past would be shown as due).
 */
export const approvedOrderDate = (requested: string, now: Date): string => {
  const today = now.toISOString().slice(0, 10);
  return requested < today ? today : requested;
};

/** How a decision fits the request's type: approve/reject an action, answer/close a message. */
export const decisionConflict = (
  type: ReviewRequest['type'],
  decision: 'approved' | 'rejected' | 'answered' | 'closed',
): RequestConflict | null => {
  const forMessage = decision === 'answered' || decision === 'closed';
  if (type === 'message') return forMessage ? null : 'is_a_message';
  return forMessage ? 'not_a_message' : null;
};

/**
 * Whether a user may withdraw a request (or add a photo to their message): only their own, only while
 * it is pending. Null when they may; else the reason of 409 request_not_applicable.
 */
export const withdrawConflict = (
  request: Pick<ReviewRequest, 'state' | 'requestedBy'>,
  username: string,
): RequestConflict | null => {
  if (request.requestedBy !== username) return 'not_own';
  if (request.state !== 'pending') return 'not_pending';
  return null;
};
