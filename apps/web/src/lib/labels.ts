import type { DeliveryState, ReviewState, ReviewType } from '@falcon/api-client';
import type { BadgeTone } from '@falcon/ui';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Texts of the contract's enumerations, spelled out so every key is static and checked. */
const reviewTypeLabel = (t: TFunction<'common'>, type: ReviewType): string => {
  switch (type) {
    case 'scan':
      return t('review.type.scan');
    case 'deactivate':
      return t('review.type.deactivate');
    case 'changequantity':
      return t('review.type.changequantity');
    case 'additionalorder':
      return t('review.type.additionalorder');
    case 'inventorytransfer':
      return t('review.type.inventorytransfer');
    case 'message':
      return t('review.type.message');
    case 'rackscan':
      return t('review.type.rackscan');
  }
};

const reviewStateLabel = (t: TFunction<'common'>, value: ReviewState): string => {
  switch (value) {
    case 'pending':
      return t('review.state.pending');
    case 'approved':
      return t('review.state.approved');
    case 'rejected':
      return t('review.state.rejected');
    case 'answered':
      return t('review.state.answered');
    case 'closed':
      return t('review.state.closed');
    case 'withdrawn':
      return t('review.state.withdrawn');
  }
};

export const reviewStateTone = (value: ReviewState): BadgeTone =>
  value === 'pending'
    ? 'warning'
    : value === 'approved' || value === 'answered'
      ? 'success'
      : value === 'rejected'
        ? 'danger'
        : 'neutral';

/** Spec section 4: in access (inaccess), in delivery (indelivery), backorder. */
const deliveryStateLabel = (t: TFunction<'common'>, value: DeliveryState): string => {
  switch (value) {
    case 'inaccess':
      return t('delivery.inaccess');
    case 'indelivery':
      return t('delivery.indelivery');
    case 'backorder':
      return t('delivery.backorder');
  }
};

/** The label functions bound to the current language. */
export function useLabels() {
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      reviewType: (type: ReviewType) => reviewTypeLabel(t, type),
      reviewState: (value: ReviewState) => reviewStateLabel(t, value),
      deliveryState: (value: DeliveryState) => deliveryStateLabel(t, value),
    }),
    [t],
  );
}
