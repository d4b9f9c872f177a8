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

/** Why an approval can no longer apply a request: `details.reason` of 409 request_not_applicable. */
export const REQUEST_CONFLICTS = ['container_inactive', 'date_invalid', 'list_missing'] as const;
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
