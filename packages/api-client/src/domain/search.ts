import type { ContainerSuggest } from '../contract/location';
import type { SearchFilters, SearchRequest, SearchSortField } from '../contract/search';
import { HttpError } from '../http-error';
import { canSeeContainerField, canSortBy, forbiddenFilters } from './fields';
import type { Granted } from './permissions';

/**
 * The container search of both backends (the server writes it as SQL, the mock runs it over memory):
 * which fields a query reads, how it is cut into words, how a hit ranks, which filters and sort
 * fields the caller may use, and what a quick-search suggestion holds.
 */

/** Text fields a query matches (besides the id), each only when the caller may see it: a hidden field must not leak. */
export const SEARCH_TEXT_FIELDS = [
  'articleName',
  'articleCode',
  'code',
  'barcode',
  'customerPartNumber',
  'placeCode',
  'storageCoordinate',
  'storageDescription',
  'orderNumber',
  'charge',
  'deliveryNoteNumber',
] as const;
export type SearchTextField = (typeof SEARCH_TEXT_FIELDS)[number];

/** At most this many words of a query count (a pasted paragraph must not become a hundred conditions). */
export const MAX_SEARCH_TOKENS = 10;

/** The fields a query reads for this caller: the id, then the visible text fields. */
export const searchedFields = (granted: Granted): ('id' | SearchTextField)[] => [
  'id',
  ...SEARCH_TEXT_FIELDS.filter((f) => canSeeContainerField(granted, f)),
];

/** The words of a query, lower-cased; every one must occur in one of the searched fields. */
export const searchTokens = (query: string): string[] =>
  query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TOKENS);

/** Rank of a hit under `relevance`: a field equal to the whole query, a field starting with a word, else a match. */
export const RELEVANCE = { exact: 3, prefix: 2, contains: 1 } as const;

/**
 * How well a row's searched texts match a query: 0 when some word occurs in none of them (no hit),
 * else its RELEVANCE. Texts are matched lower-cased; an empty query matches everything (score 1).
 */
export const searchScore = (texts: readonly string[], query: string): number => {
  const tokens = searchTokens(query);
  if (!tokens.length) return RELEVANCE.contains;
  const lower = texts.map((t) => t.toLowerCase());
  // Joined by a character no word contains: a word never spans two fields.
  const haystack = lower.join('\x01');
  if (!tokens.every((t) => haystack.includes(t))) return 0;
  const whole = query.toLowerCase();
  if (lower.some((t) => t === whole)) return RELEVANCE.exact;
  if (lower.some((t) => tokens.some((tok) => t.startsWith(tok)))) return RELEVANCE.prefix;
  return RELEVANCE.contains;
};

const inRange = (value: number | null | undefined, range: { min?: number; max?: number } | undefined) =>
  !range ||
  (value !== null &&
    value !== undefined &&
    (range.min === undefined || value >= range.min) &&
    (range.max === undefined || value <= range.max));

/** The container values the search filters read. */
export interface FilteredContainer {
  reachInWeeks: number | null;
  deliveryStatus: string;
  obligatory: boolean;
  alarming: boolean;
  consumption: number | null;
  stockTurnRate: number | null;
  expectedDeliveryDate: string | null;
  error: string | null;
}

/**
 * Whether a container passes the filters of spec section 6. A range or date filter never matches a
 * container without the value; `error` asks whether the container has one.
 */
export const matchesSearchFilters = (c: FilteredContainer, f: SearchFilters): boolean =>
  inRange(c.reachInWeeks, f.reach) &&
  (!f.deliveryState?.length || (f.deliveryState as readonly string[]).includes(c.deliveryStatus)) &&
  (f.obligationAcceptance === undefined || c.obligatory === f.obligationAcceptance) &&
  (f.alarming === undefined || c.alarming === f.alarming) &&
  inRange(c.consumption, f.consumption) &&
  inRange(c.stockTurnRate, f.stockTurnRate) &&
  (!f.deliveryDate ||
    (c.expectedDeliveryDate !== null &&
      (!f.deliveryDate.from || c.expectedDeliveryDate >= f.deliveryDate.from) &&
      (!f.deliveryDate.to || c.expectedDeliveryDate <= f.deliveryDate.to))) &&
  (f.error === undefined || (c.error !== null) === f.error);

/**
 * The field of a search the caller may not use, named as 403 forbidden's `details.field`
 * (`filters.reach`, `sortField`), or undefined when every part is allowed.
 */
export const refusedSearchField = (
  granted: Granted,
  filters: SearchFilters | undefined,
  sortField: SearchSortField,
): string | undefined => {
  const refused = forbiddenFilters(filters, granted);
  if (refused.length) return `filters.${refused[0]}`;
  if (!canSortBy(sortField, granted)) return 'sortField';
  return undefined;
};

/** Refuses (403 forbidden naming the field) a filter or sort field the caller may not use. */
export const checkSearchRights = (
  granted: Granted,
  filters: SearchFilters | undefined,
  sortField: SearchSortField,
): void => {
  const field = refusedSearchField(granted, filters, sortField);
  if (field) throw new HttpError(403, 'forbidden', undefined, { field });
};

/** The quick search (`suggestContainer`): the ten most relevant containers of the location, no filters. */
export const suggestionSearch = (
  query: string,
): Required<Omit<SearchRequest, 'filters'>> & {
  filters: SearchFilters;
} => ({ query, filters: {}, page: 0, size: 10, sortField: 'relevance', sortAsc: false });

/** A quick-search hit: what the caller may see of it is left to the field filter. */
export const suggestionOf = (c: ContainerSuggest): ContainerSuggest => ({
  id: c.id,
  code: c.code,
  articleName: c.articleName,
  articleCode: c.articleCode,
  placeCode: c.placeCode,
});
