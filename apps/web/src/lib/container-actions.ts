import type { RequestConflict } from '@falcon/api-client';
import {
  ACTION_PERMISSIONS,
  type Container,
  hasAll,
  isApiError,
  type MessageKey,
  type ReviewRequest,
  type ReviewType,
} from '@falcon/api-client/lite';
import { api } from './api';

/** The four container actions of spec section 4; each sends a request for review. */
export type ContainerAction = 'scan' | 'changeQuantity' | 'additionalOrder' | 'deactivate';

/** A day as the date input shows it (YYYY-MM-DD), in the user's own time zone. */
export const localIsoDate = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The earliest delivery date an additional order may ask for: the user's today (the server never
 * refuses a user's own today, api-client `earliestOrderDate`).
 */
export const earliestOrderDay = (now: Date): string => localIsoDate(now);

/**
 * The delivery date an additional order proposes (the spec names none): tomorrow, the earliest day a
 * delivery can come. An extra order is asked for when bins run short, so the user wants it soon, and the
 * day after today is what a supplier can plan for; the user may pick today or any later day.
 */
export const defaultOrderDate = (now: Date): string =>
  localIsoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));

/** Which actions the user may send for this container: each with its permission, deactivation only while active. */
export const permittedActions = (container: Pick<Container, 'active'>, granted: readonly string[]) => {
  const may = (code: string) => hasAll(granted, [code]);
  return {
    scan: may(ACTION_PERMISSIONS.containerRefill),
    changeQuantity: may(ACTION_PERMISSIONS.containerChangeQuantity),
    additionalOrder: may(ACTION_PERMISSIONS.containerAdditionalDelivery),
    deactivate: container.active && may(ACTION_PERMISSIONS.containerDeactivate),
  } satisfies Record<ContainerAction, boolean>;
};

/** One action as sent: the quantity change's factor, the additional order's factor and date. */
export type ContainerRequest =
  | { action: 'scan' | 'deactivate' }
  | { action: 'changeQuantity'; factor: number }
  | { action: 'additionalOrder'; factor: number; date: string };

/** The message keys of each action's toasts. */
export const ACTION_MESSAGES = {
  scan: { success: 'scan_success', failure: 'scan_error' },
  changeQuantity: { success: 'change_quantity_success', failure: 'change_quantity_error' },
  additionalOrder: { success: 'order_success', failure: 'order_error' },
  deactivate: { success: 'deactivate_success', failure: 'deactivate_error' },
} as const satisfies Record<ContainerAction, { success: MessageKey; failure: MessageKey }>;

/** Sends one request for the container. */
export const sendContainerRequest = (id: string, request: ContainerRequest): Promise<unknown> => {
  const params = { params: { id } };
  switch (request.action) {
    case 'scan':
      return api.container.scan(params);
    case 'deactivate':
      return api.container.deactivate(params);
    case 'changeQuantity':
      return api.container.changeQuantity({ ...params, body: { factor: request.factor } });
    case 'additionalOrder':
      return api.container.additionalOrder({
        ...params,
        body: { factor: request.factor, additionalOrderDate: request.date },
      });
  }
};

/** A number as typed (a comma as the decimal mark too); NaN when it is none. */
export const parseAmount = (typed: string): number => Number(typed.trim().replace(',', '.'));

/** The kind of review request each action creates (a pending one shows on the container's `pendingRequests`). */
const ACTION_REVIEW_TYPES = {
  scan: 'scan',
  changeQuantity: 'changequantity',
  additionalOrder: 'additionalorder',
  deactivate: 'deactivate',
} as const satisfies Record<ContainerAction, ReviewType>;

/**
 * Why an action cannot be sent now, in words the user reads (`common:containerActions.refused.*`): the
 * server's rule (api-client `containerActionRefusal`: an inactive container takes no request, the same one
 * is not asked for twice) and, for a scan, a scan of the whole rack already waiting for review.
 */
export type ActionRefusal = 'inactive' | 'pending' | 'rackScanPending';

export const actionRefusal = (
  action: ContainerAction,
  container: Pick<Container, 'active' | 'pendingRequests'>,
): ActionRefusal | null => {
  if (!container.active && action !== 'deactivate') return 'inactive';
  const pending = container.pendingRequests ?? [];
  if (pending.includes(ACTION_REVIEW_TYPES[action])) return 'pending';
  if (action === 'scan' && pending.includes('rackscan')) return 'rackScanPending';
  return null;
};

/** The reasons a 409 request_not_applicable names (api-client `REQUEST_CONFLICTS`; a record, so none is missed). */
const REQUEST_CONFLICT_REASONS: Record<RequestConflict, true> = {
  container_inactive: true,
  date_invalid: true,
  list_missing: true,
  is_a_message: true,
  not_a_message: true,
  not_own: true,
  not_pending: true,
};

/**
 * Why the server refused a request (409), as a key of `common:containerActions.refused`: the reason it
 * names (`details.reason` of request_not_applicable, api-client `REQUEST_CONFLICTS`), else what the
 * container as it is now explains, else null (the action's own error message stands alone).
 */
export const refusalOf = (
  error: unknown,
  action: ContainerAction | null,
  fresh: Pick<Container, 'active' | 'pendingRequests'> | null,
): ActionRefusal | RequestConflict | null => {
  if (!isApiError(error) || error.status !== 409) return null;
  const reason = error.details?.reason;
  if (typeof reason === 'string' && Object.hasOwn(REQUEST_CONFLICT_REASONS, reason))
    return reason as RequestConflict;
  return action && fresh ? actionRefusal(action, fresh) : null;
};

/** What a message is about: a container, a shelf or a rack (racks and shelves by their 1-based position). */
export type MessageTarget =
  | { kind: 'container'; id: string }
  | { kind: 'rack'; location: string; rack: number }
  | { kind: 'shelf'; location: string; rack: number; shelf: number };

/** The permission each kind of message needs. */
export const MESSAGE_PERMISSIONS = {
  container: ACTION_PERMISSIONS.sendMessageContainer,
  shelf: ACTION_PERMISSIONS.sendMessageShelf,
  rack: ACTION_PERMISSIONS.sendMessageRack,
} as const satisfies Record<MessageTarget['kind'], string>;

/**
 * Sends a message to the responsible clerk, then its photo (if any) to the request it became. The message
 * stands when only the photo is refused: the answer says so (`photoError`), so the user is told.
 */
export const sendMessage = async (
  target: MessageTarget,
  message: string,
  photo: File | null,
): Promise<{ request: ReviewRequest; photoError: unknown }> => {
  const body = { message };
  const request =
    target.kind === 'container'
      ? await api.container.message({ params: { id: target.id }, body })
      : target.kind === 'rack'
        ? await api.location.rackMessage({
            params: { code: target.location, rack: String(target.rack) },
            body,
          })
        : await api.location.shelfMessage({
            params: { code: target.location, rack: String(target.rack), shelf: String(target.shelf) },
            body,
          });
  if (!photo) return { request, photoError: null };
  try {
    const withPhoto = await api.reviews.uploadPhoto({
      params: { id: request.id },
      body: {},
      file: photo,
      filename: photo.name,
    });
    return { request: withPhoto, photoError: null };
  } catch (photoError) {
    return { request, photoError };
  }
};
