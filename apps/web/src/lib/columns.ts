import type { PagedTableColumnKind } from '@falcon/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format';

/** Prices are in euros (the portal's one currency; ADR 0058). */
const CURRENCY = 'EUR';

/** The kinds of number the portal shows, each with its unit, declared here once for every table. */
export type Quantity = 'price' | 'weight' | 'width' | 'pieces' | 'count' | 'weeks';

/** Which container or article field holds which kind of number (spec section 3). */
export const FIELD_QUANTITY: Readonly<Record<string, Quantity>> = {
  price: 'price',
  weight: 'weight',
  width: 'width',
  fillingQuantity: 'pieces',
  packagingUnit: 'pieces',
  consumption: 'pieces',
  annualConsumption: 'pieces',
  numberOfScans: 'count',
  reachInWeeks: 'weeks',
  stockTurnRate: 'count',
};

/** How a field's column behaves: numbers, codes and dates never wrap; names and texts wrap at words. */
export const FIELD_KIND: Readonly<Record<string, PagedTableColumnKind>> = {
  code: 'code',
  articleCode: 'code',
  customerPartNumber: 'code',
  rackCode: 'code',
  shelfCode: 'code',
  placeCode: 'code',
  barcode: 'code',
  orderNumber: 'code',
  deliveryNoteNumber: 'code',
  lastScannedDate: 'date',
  deliveryNoteDate: 'date',
  expectedDeliveryDate: 'date',
  deliveryStatus: 'status',
  ...Object.fromEntries(Object.keys(FIELD_QUANTITY).map((field) => [field, 'number' as const])),
};

/**
 * Units in the reader's language (the currency's symbol by Intl: "€"; pieces "Stk." in German, "db" in
 * Hungarian) and the matching format: prices and measures with two fraction digits, counts whole.
 */
export function useQuantities() {
  const { t } = useTranslation('common');
  const format = useFormat();
  return useMemo(() => {
    const currency =
      new Intl.NumberFormat(format.tag, { style: 'currency', currency: CURRENCY })
        .formatToParts(1)
        .find((part) => part.type === 'currency')?.value ?? CURRENCY;
    const units: Record<Quantity, string | undefined> = {
      price: currency,
      weight: 'kg',
      width: 'mm',
      pieces: t('units.pieces'),
      count: undefined,
      // "Reach in weeks" names its unit already.
      weeks: undefined,
    };
    return {
      unit: (quantity: Quantity) => units[quantity],
      format: (quantity: Quantity, value: number | null | undefined) =>
        quantity === 'count' && Number.isInteger(value) ? format.integer(value) : format.number(value),
    };
  }, [t, format]);
}
