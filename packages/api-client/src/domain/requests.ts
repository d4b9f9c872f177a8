import { isDateInRange } from '../contract/common';
import type { ReviewRequest, ReviewType } from '../contract/review';
import { isAlarming } from './validation';

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

/** The message key a refused container action answers with (409). */
export const CONTAINER_ACTION_ERRORS = {
  deactivate: 'deactivate_error',
  scan: 'scan_error',
  changequantity: 'change_quantity_error',
  additionalorder: 'order_error',
} as const;
export type ContainerAction = keyof typeof CONTAINER_ACTION_ERRORS;

/**
 * Why a container action cannot be requested now (409 with the action's key and this message), or
 * null when it can: an inactive container takes no requests, and the same request waiting for
 * review already is not asked for twice.
 */
export const containerActionRefusal = (
  type: ContainerAction,
  container: { active: boolean },
  samePending: boolean,
): { key: (typeof CONTAINER_ACTION_ERRORS)[ContainerAction]; message: string } | null => {
  if (!container.active) return { key: CONTAINER_ACTION_ERRORS[type], message: 'The container is inactive.' };
  if (samePending)
    return { key: CONTAINER_ACTION_ERRORS[type], message: 'The same request is waiting for review already.' };
  return null;
};

/** An additional order's date refused (400 on `additionalOrderDate`) with this message, or null when allowed. */
export const orderDateRefusal = (date: string, now: Date): string | null =>
  isOrderDateAllowed(date, now) ? null : `The date may not lie before ${earliestOrderDate(now)}.`;

/** A container as an approval reads it. */
export interface ApprovedContainer {
  active: boolean;
  alarming: boolean;
  reachInWeeks: number | null;
  numberOfScans: number;
  fillingQuantity: number;
}

/** What an approval sets on a container (times and dates as ISO strings). */
export interface ApprovalChange {
  active?: boolean;
  alarming?: boolean;
  numberOfScans?: number;
  lastScannedDate?: string;
  deliveryStatus?: 'indelivery';
  expectedDeliveryDate?: string;
  fillingQuantity?: number;
}

const DAY_MS = 86_400_000;

/**
 * What approving a request changes on its container, the same on the server and in the mock:
 * deactivate ends it; a scan of an empty bin triggers its refill (on its way, expected in a week);
 * a quantity change sets the filling quantity; an additional order is on its way for its date (or
 * today, when that has passed). `alarming` follows the result. An inventory transfer changes each
 * listed container as a quantity change of its row.
 */
export const approvalChange = (
  request: Pick<ReviewRequest, 'type' | 'payload'>,
  c: ApprovedContainer,
  now: Date,
): ApprovalChange => {
  const today = now.toISOString().slice(0, 10);
  let change: ApprovalChange;
  switch (request.type) {
    case 'deactivate':
      change = { active: false };
      break;
    case 'scan':
      change = {
        numberOfScans: c.numberOfScans + 1,
        lastScannedDate: now.toISOString(),
        deliveryStatus: 'indelivery',
        expectedDeliveryDate: new Date(now.getTime() + 7 * DAY_MS).toISOString().slice(0, 10),
      };
      break;
    case 'changequantity':
      change = { fillingQuantity: request.payload.fillingQuantity ?? c.fillingQuantity };
      break;
    case 'additionalorder':
      change = {
        deliveryStatus: 'indelivery',
        expectedDeliveryDate: approvedOrderDate(request.payload.additionalOrderDate ?? today, now),
      };
      break;
    default:
      change = {};
  }
  const alarming = isAlarming(c.reachInWeeks, change.active ?? c.active);
  if (alarming !== c.alarming) change.alarming = alarming;
  return change;
};

/**
 * A new request for review, pending, assigned to the location's in-house employee (its own, else its
 * branch's or concern's); the container as a snapshot of code and article name.
 */
export const newReviewRequest = (r: {
  id: string;
  type: ReviewType;
  location: { code: string; name: string };
  container: { id: string; code: string; articleName: string } | null;
  requestedBy: string;
  requestedAt: string;
  assigneeKey: string | null;
  /** The responsible employee's full name (null when none is responsible). */
  assigneeName: string | null;
  payload: ReviewRequest['payload'];
}): ReviewRequest => ({
  id: r.id,
  type: r.type,
  state: 'pending',
  containerId: r.container?.id ?? null,
  containerCode: r.container?.code ?? null,
  articleName: r.container?.articleName ?? null,
  locationCode: r.location.code,
  locationName: r.location.name,
  requestedBy: r.requestedBy,
  requestedAt: r.requestedAt,
  assigneeKey: r.assigneeKey,
  assigneeName: r.assigneeName,
  payload: r.payload,
  reviewedBy: null,
  reviewedAt: null,
  comment: null,
});

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

/**
 * What a request about a rack (a rack scan, a message about a rack or one of its shelves) carries: the
 * rack's name and position (always shown), its code, and a shelf's position and code.
 */
export const rackPayload = (
  rack: { code: string; name: string; position: number },
  shelf?: { code: string; position: number },
): ReviewRequest['payload'] => ({
  rackName: rack.name,
  rackPosition: rack.position,
  rackCode: rack.code,
  ...(shelf ? { shelfPosition: shelf.position, shelfCode: shelf.code } : {}),
});

/**
 * Why a scan of a whole rack cannot be asked for now (409 scan_error with this message), or null when it
 * can: one scan of a rack waits for review at a time, and a rack with no active container has nothing to scan.
 */
export const rackScanRefusal = (rack: { scanPending: boolean; activeContainers: number }): string | null => {
  if (rack.scanPending) return 'A scan of this rack is waiting for review already.';
  if (rack.activeContainers === 0) return 'The rack holds no active container.';
  return null;
};

/**
 * Whose requests the review inbox shows (filterMap `assignee`: `me`, `all` or an employee key), as an
 * employee key, or null for everything in the caller's scope. Unasked, a reviewer linked to an employee
 * sees what is assigned to them; one linked to none (an administrator) is assigned nothing and sees
 * everything. The dashboard's "to review" count is the unasked inbox.
 */
export const inboxAssigneeKey = (employeeKey: string | null, asked?: string): string | null => {
  const wanted = asked ?? (employeeKey ? 'me' : 'all');
  if (wanted === 'all') return null;
  return wanted === 'me' ? (employeeKey ?? '') : wanted;
};
