import type { ContainerCell, ContainerSuggest } from '../contract/location';
import type { SearchFilterKey, SearchFilters, SearchSortField } from '../contract/search';
import { FIELD_PERMISSIONS, FILTER_PERMISSIONS, type FieldKey } from '../permissions';
import type { Granted } from './permissions';

const toSet = (granted: Granted): ReadonlySet<string> =>
  granted instanceof Set ? granted : new Set(granted);

/** Container keys that are always present: identity and the state the grid is coloured by. */
const CONTAINER_ALWAYS = new Set(['id', 'locationCode', 'active', 'alarming']);

export const containerFieldCode = (field: string): string | undefined =>
  (FIELD_PERMISSIONS as Record<string, string>)[field];

export const canSeeContainerField = (granted: Granted, field: string): boolean => {
  if (CONTAINER_ALWAYS.has(field)) return true;
  const code = containerFieldCode(field);
  return code !== undefined && toSet(granted).has(code);
};

/** Visibility codes that guard article fields only, never a container field. */
const ARTICLE_ONLY_FIELDS: ReadonlySet<FieldKey> = new Set([
  'articleImage',
  'articleDocuments',
  'articleDrawing',
]);

/** The labelled container fields a user may see, in catalogue order (table columns, export columns). */
export const visibleContainerFields = (granted: Granted): FieldKey[] => {
  const set = toSet(granted);
  return (Object.keys(FIELD_PERMISSIONS) as FieldKey[]).filter(
    (key) => set.has(FIELD_PERMISSIONS[key]) && !ARTICLE_ONLY_FIELDS.has(key),
  );
};

/** Filters the request uses that the user may not: the server refuses them (403 forbidden). */
export const forbiddenFilters = (filters: SearchFilters | undefined, granted: Granted): SearchFilterKey[] => {
  if (!filters) return [];
  const set = toSet(granted);
  return (Object.keys(filters) as SearchFilterKey[]).filter(
    (key) => filters[key] !== undefined && !set.has(FILTER_PERMISSIONS[key]),
  );
};

/** Sorting by a hidden field would leak its order; relevance is always allowed. */
export const canSortBy = (field: SearchSortField, granted: Granted): boolean =>
  field === 'relevance' || canSeeContainerField(granted, field);

/**
 * What a grid cell shows: the article name, else the article code, else the container code, else
 * the place's position (the cell carries only what the caller may see).
 */
export const cellLabel = (cell: ContainerCell, position: number): string =>
  cell.articleName ?? cell.articleCode ?? cell.code ?? String(position);

/** What a quick-search hit shows: the container code, else the article, else the place, else the id. */
export const containerLabel = (c: ContainerSuggest): string =>
  c.code ?? c.articleName ?? c.articleCode ?? c.placeCode ?? c.id;

/** A grid cell of a container: its state and what it may be labelled with (the field filter drops what the caller may not see). */
export const containerCell = (c: {
  id: string;
  active: boolean;
  alarming: boolean;
  articleName: string;
  articleCode: string;
  code: string;
  error: string | null;
  deliveryStatus: ContainerCell['deliveryStatus'];
}): ContainerCell => ({
  id: c.id,
  active: c.active,
  alarming: c.alarming,
  articleName: c.articleName,
  articleCode: c.articleCode,
  code: c.code,
  hasError: c.error !== null,
  deliveryStatus: c.deliveryStatus,
});
