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
