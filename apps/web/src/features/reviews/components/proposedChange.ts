import type { ReviewRequest } from '@falcon/api-client';
import type { TFunction } from 'i18next';

type Format = {
  number: (v: number | null | undefined) => string;
  date: (v: string | null | undefined) => string;
};

/** The change a request proposes, in words ("Filling quantity 12.00 → 20.00"). */
export const proposedChange = (t: TFunction<'reviews'>, format: Format, request: ReviewRequest): string => {
  const { payload } = request;
  switch (request.type) {
    case 'scan':
      return t('change.scan');
    case 'deactivate':
      return t('change.deactivate');
    case 'changequantity':
      return payload.previousFillingQuantity !== undefined
        ? t('change.quantityFromTo', {
            from: format.number(payload.previousFillingQuantity),
            to: format.number(payload.fillingQuantity),
          })
        : t('change.quantityTo', { to: format.number(payload.fillingQuantity) });
    case 'additionalorder':
      return t('change.order', {
        factor: format.number(payload.factor),
        date: format.date(payload.additionalOrderDate),
      });
    case 'inventorytransfer':
      return t('change.inventory', { id: payload.inventoryListId ?? '' });
    case 'message':
      return payload.message ?? '';
    case 'rackscan':
      return t('change.rackscan', {
        rack: payload.rackName ?? '',
        count: format.number(payload.containerCount),
      });
  }
};

/**
 * What a request is about, in a few words: its container (by code, else by article), or for a message
 * about a rack or a shelf that rack and shelf; null for a request about the location as a whole.
 */
export const requestSubject = (t: TFunction<'reviews'>, request: ReviewRequest): string | null => {
  const { payload } = request;
  if (request.containerId) return request.containerCode ?? request.articleName ?? request.containerId;
  if (payload.shelfPosition !== undefined && payload.rackName)
    return t('about.shelf', { rack: payload.rackName, shelf: payload.shelfPosition });
  if (payload.rackName) return t('about.rack', { rack: payload.rackName });
  return null;
};

/** Why a request can no longer be decided or withdrawn (the 409's details.reason), in words; undefined when unknown. */
export const notApplicableReason = (t: TFunction<'reviews'>, reason: unknown): string | undefined => {
  switch (reason) {
    case 'container_inactive':
    case 'date_invalid':
    case 'list_missing':
    case 'is_a_message':
    case 'not_a_message':
    case 'not_own':
    case 'not_pending':
      return t(`notApplicable.${reason}`);
    default:
      return undefined;
  }
};
