import type { Article, Container } from '../contract/container';
import type { SearchFilterKey, SearchFilters, SearchSortField } from '../contract/search';
import { FIELD_PERMISSIONS, FILTER_PERMISSIONS, type FieldKey } from '../permissions';
import type { Granted } from './permissions';

const toSet = (granted: Granted): ReadonlySet<string> =>
  granted instanceof Set ? granted : new Set(granted);

/** Container keys that are always present: identity and the state the grid is coloured by. */
const CONTAINER_ALWAYS = new Set(['id', 'locationCode', 'active', 'alarming']);

/** Visibility codes that guard article fields only, never a container field. */
const ARTICLE_ONLY_FIELDS: ReadonlySet<FieldKey> = new Set([
  'articleImage',
  'articleDocuments',
  'articleDrawing',
]);

/** Which visibility code guards each article field. */
const ARTICLE_FIELD_CODES: Record<Exclude<keyof Article, 'code'>, string> = {
  name: FIELD_PERMISSIONS.articleName,
  customerPartNumber: FIELD_PERMISSIONS.customerPartNumber,
  certificate: FIELD_PERMISSIONS.articleCertificate,
  image: FIELD_PERMISSIONS.articleImage,
  documents: FIELD_PERMISSIONS.articleDocuments,
  drawing: FIELD_PERMISSIONS.articleDrawing,
  reachInWeeks: FIELD_PERMISSIONS.reachInWeeks,
  lastScannedDate: FIELD_PERMISSIONS.lastScannedDate,
  numberOfScans: FIELD_PERMISSIONS.numberOfScans,
  consumption: FIELD_PERMISSIONS.consumption,
  annualConsumption: FIELD_PERMISSIONS.annualConsumption,
  stockTurnRate: FIELD_PERMISSIONS.stockTurnRate,
};

export const containerFieldCode = (field: string): string | undefined =>
  (FIELD_PERMISSIONS as Record<string, string>)[field];

export const canSeeContainerField = (granted: Granted, field: string): boolean => {
  if (CONTAINER_ALWAYS.has(field)) return true;
  const code = containerFieldCode(field);
  return code !== undefined && toSet(granted).has(code);
};

/** The container with only the fields the user may see (the server serialises this; the UI mirrors it). */
export const visibleContainer = (container: Container, granted: Granted): Container => {
  const set = toSet(granted);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(container)) {
    if (CONTAINER_ALWAYS.has(key)) out[key] = value;
    else {
      const code = containerFieldCode(key);
      if (code && set.has(code)) out[key] = value;
    }
  }
  return out as Container;
};

export const visibleArticle = (article: Article, granted: Granted): Article => {
  const set = toSet(granted);
  const out: Record<string, unknown> = { code: article.code };
  for (const [key, value] of Object.entries(article)) {
    if (key === 'code') continue;
    const code = ARTICLE_FIELD_CODES[key as keyof typeof ARTICLE_FIELD_CODES];
    if (code && set.has(code)) out[key] = value;
  }
  return out as Article;
};

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
