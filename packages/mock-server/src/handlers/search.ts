import {
  type Container,
  checkSearchRights,
  type ExportRequest,
  type LabelSet,
  matchesSearchFilters,
  type SearchFilters,
  type SearchRequest,
  type SearchResult,
  type SearchSortField,
  searchedFields,
  searchScore,
  slicePage,
  visibleContainerFields,
} from '@falcon/api-client';
import type { DatasetContainer } from '@falcon/demo-data';
import type { Auth } from '../db';
import { containerFor, toContainer } from './views';

type Filters = SearchFilters;
type SortableContainer = DatasetContainer & Record<string, unknown>;

interface Query {
  query: string;
  filters: Filters;
  sortField: SearchSortField;
  sortAsc: boolean;
}

/** Every matching container, sorted: the same rules for search pages and exports. */
export const findContainers = (
  auth: Auth,
  pool: Iterable<DatasetContainer>,
  q: Query,
): DatasetContainer[] => {
  checkSearchRights(auth.permissions, q.filters, q.sortField);
  const fields = searchedFields(auth.permissions);
  const scored: { c: DatasetContainer; score: number }[] = [];
  for (const c of pool) {
    if (!matchesSearchFilters(c, q.filters)) continue;
    const score = searchScore(
      fields.map((f) => String(c[f] ?? '')),
      q.query,
    );
    if (score) scored.push({ c, score });
  }
  const dir = q.sortAsc ? 1 : -1;
  if (q.sortField === 'relevance')
    scored.sort((a, b) => b.score - a.score || a.c.placeCode.localeCompare(b.c.placeCode));
  else {
    const key = q.sortField as keyof DatasetContainer;
    scored.sort((a, b) => {
      const x = (a.c as SortableContainer)[key];
      const y = (b.c as SortableContainer)[key];
      if (x === y) return a.c.placeCode.localeCompare(b.c.placeCode);
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (
        (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * dir
      );
    });
  }
  return scored.map((s) => s.c);
};

export const runSearch = (
  auth: Auth,
  pool: Iterable<DatasetContainer>,
  request: Required<Omit<SearchRequest, 'filters'>> & { filters: Filters },
): SearchResult => {
  const found = findContainers(auth, pool, request);
  const page = slicePage(found, request.page, request.size);
  return { ...page, items: page.items.map(toContainer) };
};

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** The spec's export state filter: customer article, obligation acceptance or a delivery state. */
export const matchesStateFilter = (c: DatasetContainer, filter: ExportRequest['stateFilter']): boolean => {
  if (!filter) return true;
  const value = filter.value?.trim() ?? '';
  switch (filter.type) {
    case 'customer_article':
      return !value || c.customerPartNumber.toLowerCase().includes(value.toLowerCase());
    case 'obligation_acceptance':
      return c.obligatory === (value !== 'false');
    case 'delivery_status':
      return !value || normalise(c.deliveryStatus) === normalise(value);
    default:
      return true;
  }
};

/** Column headers and rows of an export: only the fields the caller may see. */
export const exportTable = (auth: Auth, containers: readonly DatasetContainer[], labels: LabelSet) => {
  // The server's columns: the location code, then the visible fields, headed in the owner's language.
  const columns = ['locationCode', ...visibleContainerFields(auth.permissions)] as (keyof Container)[];
  const header = columns.map((k) =>
    k === 'locationCode' ? labels.locationCode : labels.fields[k as keyof LabelSet['fields']],
  );
  const rows = containers.map((c) => {
    const visible = containerFor(auth, c);
    return columns.map((k) => {
      const v = visible[k];
      if (v === null || v === undefined) return '';
      if (typeof v === 'boolean') return v ? labels.yes : labels.no;
      if (k === 'deliveryStatus') return labels.delivery[v as keyof LabelSet['delivery']] ?? String(v);
      return v as string | number;
    });
  });
  return { columns: columns as string[], header, rows };
};
