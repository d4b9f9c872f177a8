import { z } from 'zod';
import { RESULT_SORT_OPTIONS, SEARCH_SORT_FIELDS } from '../data-constants';
import { DateInput, MAX_PAGE_SIZE, pageOf } from './common';
import { Container, DeliveryState } from './container';

const range = z.strictObject({ min: z.number().optional(), max: z.number().optional() });

/** The filters of spec section 6; each needs its PERM_FILTER_* code. */
export const SearchFilters = z.strictObject({
  reach: range.optional(),
  deliveryState: z.array(DeliveryState).max(3).optional(),
  obligationAcceptance: z.boolean().optional(),
  alarming: z.boolean().optional(),
  consumption: range.optional(),
  stockTurnRate: range.optional(),
  deliveryDate: z.strictObject({ from: DateInput.optional(), to: DateInput.optional() }).optional(),
  error: z.boolean().optional(),
});
export type SearchFilters = z.infer<typeof SearchFilters>;

/** Searches refuse (403) filters and sort fields the caller may not use. */
export const SEARCH_INPUT_PERMISSIONS =
  'a filter without its PERM_FILTER_* code, or a sort by a hidden field';
export type SearchFilterKey = keyof SearchFilters;

export { RESULT_SORT_OPTIONS, SEARCH_SORT_FIELDS };
export const SearchSortField = z.enum(SEARCH_SORT_FIELDS);
export type SearchSortField = z.infer<typeof SearchSortField>;

export const SearchRequest = z.strictObject({
  query: z.string().trim().max(200).default(''),
  filters: SearchFilters.default({}),
  page: z.number().int().min(0).max(1_000_000).default(0),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sortField: SearchSortField.default('relevance'),
  sortAsc: z.boolean().default(false),
});
export type SearchRequest = z.input<typeof SearchRequest>;

export const SearchResult = pageOf(Container);
export type SearchResult = z.infer<typeof SearchResult>;

export const ExportStateFilter = z.strictObject({
  type: z.enum(['customer_article', 'obligation_acceptance', 'delivery_status']),
  value: z.string().trim().max(100).optional(),
});

/** Export of a search: the spec's {searchTerm, stateFilter} plus the search filters and sort. */
export const ExportRequest = z.strictObject({
  searchTerm: z.string().trim().max(200).default(''),
  stateFilter: ExportStateFilter.optional(),
  filters: SearchFilters.default({}),
  sortField: SearchSortField.default('relevance'),
  sortAsc: z.boolean().default(false),
});
export type ExportRequest = z.input<typeof ExportRequest>;
