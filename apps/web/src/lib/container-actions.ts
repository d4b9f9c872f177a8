import { ACTION_PERMISSIONS, type Container, hasAll, type MessageKey } from '@falcon/api-client/lite';
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
