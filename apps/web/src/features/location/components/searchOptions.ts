import type { DeliveryState, SearchSortField } from '@falcon/api-client/lite';

/*
 * The contract's RESULT_SORT_OPTIONS and DELIVERY_STATES live next to its zod schemas; importing them
 * from the full entry puts zod (31 kB gz) into the location and branch routes. Until
 * @falcon/api-client/lite exports them (docs/known-gaps.md), these copies are typed against the
 * contract here and checked equal to it in searchOptions.test.ts.
 */

/** The result-sort list of spec section 2, mapped onto container fields (docs/adr/0034-result-sort-mapping.md). */
export const RESULT_SORT_OPTIONS = [
  { key: 'relevance', sortField: 'relevance', sortAsc: false },
  { key: 'price_asc', sortField: 'price', sortAsc: true },
  { key: 'price_desc', sortField: 'price', sortAsc: false },
  { key: 'date_asc', sortField: 'lastScannedDate', sortAsc: true },
  { key: 'date_desc', sortField: 'lastScannedDate', sortAsc: false },
  { key: 'name_asc', sortField: 'articleName', sortAsc: true },
  { key: 'name_desc', sortField: 'articleName', sortAsc: false },
] as const satisfies readonly { key: string; sortField: SearchSortField; sortAsc: boolean }[];

export const DELIVERY_STATES = [
  'inaccess',
  'indelivery',
  'backorder',
] as const satisfies readonly DeliveryState[];
