import {
  type Container,
  canSortBy,
  DEFAULT_PAGE_SIZE,
  DELIVERY_STATES,
  type DeliveryState,
  type ExportRequest,
  FILTER_PERMISSIONS,
  hasAll,
  RESULT_SORT_OPTIONS,
  ROUTE_PERMISSIONS,
  type SearchFilters,
  visibleContainerFields,
} from '@falcon/api-client/lite';
import {
  Badge,
  Button,
  ConfirmDialog,
  MultiSelect,
  PagedTable,
  type PagedTableColumn,
  Select,
} from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Field, FormRow } from '../../../components/Field';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { FIELD_KIND, FIELD_QUANTITY, useQuantities } from '../../../lib/columns';
import { useFormat } from '../../../lib/format';
import { useLabels } from '../../../lib/labels';
import { errorKey, useNotify } from '../../../lib/messages';
import { queryKeys, type SearchScope } from '../../../lib/query-keys';
import { saveLocationSearch, state } from '../../../lib/store';
import { searchQuery } from '../api/queries';
import { ContainerSuggestField } from './ContainerSuggestField';
import { LabelDialogOnDemand } from './LabelDialogOnDemand';
import { useFieldLabels } from './useFieldLabels';

type SortKey = (typeof RESULT_SORT_OPTIONS)[number]['key'];

/** Columns of the results table, in this order, as far as the user may see them. */
const TABLE_FIELDS = [
  'code',
  'articleCode',
  'articleName',
  'fillingQuantity',
  'deliveryStatus',
  'reachInWeeks',
  'price',
  'lastScannedDate',
  'rackCode',
] as const;

const EXPORT_CONFIRM = {
  location: 'search.exportConfirm',
  branch: 'search.exportConfirmBranch',
  concern: 'search.exportConfirmConcern',
} as const;

interface ContainerSearchProps {
  /** Search one location's containers, or all containers of a branch or a concern (spec section 7). */
  scope?: SearchScope;
  code: string;
  /**
   * A result chosen (row click or its link; in a location also a type-ahead suggestion); the link itself
   * goes to the container's location.
   */
  onSelect?: (container: Pick<Container, 'id' | 'locationCode'>) => void;
  /** The chosen container: its link is marked as the current one. */
  selectedId?: string | null;
  /** The containers of the results page shown (e.g. to mark them in the rack grid). */
  onResults?: (ids: readonly string[]) => void;
  /**
   * Fill the parent's height: the form stays on top, the table scrolls under its sticky header in the
   * room left, the pager stays below it.
   */
  fill?: boolean;
}

/** Search in a location's (or branch's) containers with the filters the user may use, sorted, paged, exportable. */
export function ContainerSearch({
  scope = 'location',
  code,
  onSelect,
  selectedId,
  onResults,
  fill = false,
}: ContainerSearchProps) {
  const { t } = useTranslation(['location', 'messages']);
  const labels = useFieldLabels();
  const enums = useLabels();
  const format = useFormat();
  const quantities = useQuantities();
  const notify = useNotify();
  const { session, locationSearch } = useSnapshot(state);
  const granted = session?.permissions ?? [];
  // Searches are remembered per location code; a branch's under its own key.
  const memoryKey = scope === 'location' ? code : `${scope}:${code}`;
  const saved = locationSearch[memoryKey];
  const formId = useId();

  const [draft, setDraft] = useState(saved?.query ?? '');
  const [query, setQuery] = useState(saved?.query ?? '');
  const [sortKey, setSortKey] = useState<SortKey>((saved?.sortKey as SortKey | undefined) ?? 'relevance');
  const [page, setPage] = useState(saved?.page ?? 0);
  const [size, setSize] = useState(saved?.size ?? DEFAULT_PAGE_SIZE);
  const [filters, setFilters] = useState<SearchFilters>({});
  const [draftFilters, setDraftFilters] = useState<SearchFilters>({});
  const [confirmExport, setConfirmExport] = useState(false);
  const [exported, setExported] = useState(false);

  const may = (key: keyof typeof FILTER_PERMISSIONS) => hasAll(granted, [FILTER_PERMISSIONS[key]]);
  const sortOptions = RESULT_SORT_OPTIONS.filter((option) => canSortBy(option.sortField, granted));
  const sort = sortOptions.find((o) => o.key === sortKey) ?? RESULT_SORT_OPTIONS[0];
  const visible = new Set<string>(visibleContainerFields(granted));
  const fields = TABLE_FIELDS.filter((field) => visible.has(field));

  const request = { query, filters, page, size, sortField: sort.sortField, sortAsc: sort.sortAsc };
  const results = useQuery(searchQuery(scope, code, request));
  // A page of results renders when the browser has time (a render React can interrupt), not in the task
  // that received it.
  const shown = useDeferredValue(results.data);
  // The search results shown are the selection "print labels" offers (a location search only).
  const shownIds = (shown?.items ?? []).map((row) => row.id);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const items = shown?.items;
  // Hits of a search (a term or a filter): the unfiltered list is every container, no hit to mark.
  const searching = query !== '' || Object.keys(filters).length > 0;
  useEffect(() => {
    if (items) onResults?.(searching ? items.map((item) => item.id) : []);
  }, [items, onResults, searching]);
  const tableBox = useRef<HTMLDivElement>(null);
  const tableHeight = useHeight(tableBox, fill);

  const remember = (next: Partial<{ query: string; sortKey: string; page: number; size: number }>) =>
    saveLocationSearch(memoryKey, { query, sortKey, page, size, ...next });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
    setFilters(clean(draftFilters));
    setPage(0);
    remember({ query: draft.trim(), page: 0 });
  };
  const resetFilters = () => {
    setDraft('');
    setDraftFilters({});
    setQuery('');
    setFilters({});
    setPage(0);
    remember({ query: '', page: 0 });
  };

  const queryClient = useQueryClient();
  const runExport = useMutation({
    mutationFn: () => {
      const body = {
        searchTerm: query,
        stateFilter: stateFilterOf(filters),
        filters,
        sortField: sort.sortField,
        sortAsc: sort.sortAsc,
      };
      return api[scope].exportXlsx({ params: { code }, body });
    },
    onSuccess: () => {
      notify.success('excel_export_success');
      setConfirmExport(false);
      setExported(true);
      return queryClient.invalidateQueries({ queryKey: queryKeys.exports.all });
    },
    onError: (error) => notify.error(error),
  });

  const unitOf = (field: string) => {
    const quantity = FIELD_QUANTITY[field];
    return quantity ? quantities.unit(quantity) : undefined;
  };
  const mayExport = hasAll(granted, [ROUTE_PERMISSIONS.exportSearchResultToExcel]);
  const columns: PagedTableColumn<Container>[] = fields.map((field, index) => ({
    key: field,
    header: labels[field] ?? field,
    kind: FIELD_KIND[field] ?? 'text',
    unit: unitOf(field),
    cell: (row: Container) => {
      const value = row[field];
      // The first column links to the container: rows are clickable, the link makes it reachable by keyboard.
      if (index === 0) {
        return (
          <Link
            to={paths.location.to(row.locationCode, row.id)}
            replace={scope === 'location'}
            onClick={(event) => event.stopPropagation()}
            aria-current={row.id === selectedId ? 'true' : undefined}
            style={row.id === selectedId ? { fontWeight: 600 } : undefined}
          >
            {value === undefined || value === null || value === '' ? row.id : String(value)}
          </Link>
        );
      }
      if (value === undefined || value === null) return '';
      if (field === 'deliveryStatus')
        return <Badge tone={value as DeliveryState}>{enums.deliveryState(value as DeliveryState)}</Badge>;
      if (field === 'lastScannedDate') return format.date(value as string);
      // In a location every rack is its own: its code without the location's ("R01" for "C001-B01-L01-R01").
      if (field === 'rackCode' && scope === 'location' && typeof value === 'string') {
        const own = value.startsWith(`${code}-`) ? value.slice(code.length + 1) : value;
        return <span title={value}>{own}</span>;
      }
      const quantity = FIELD_QUANTITY[field];
      if (quantity) return quantities.format(quantity, value as number);
      return String(value);
    },
  }));

  const rangeField = (key: 'reach' | 'consumption' | 'stockTurnRate', label: string) => (
    <FormRow key={key}>
      <Field
        id={`${formId}-${key}-min`}
        label={t('search.min', { field: label })}
        type="number"
        step="0.01"
        value={draftFilters[key]?.min ?? ''}
        onChange={(e) => setDraftFilters((f) => ({ ...f, [key]: { ...f[key], min: num(e.target.value) } }))}
      />
      <Field
        id={`${formId}-${key}-max`}
        label={t('search.max', { field: label })}
        type="number"
        step="0.01"
        value={draftFilters[key]?.max ?? ''}
        onChange={(e) => setDraftFilters((f) => ({ ...f, [key]: { ...f[key], max: num(e.target.value) } }))}
      />
    </FormRow>
  );
  const flag = (key: 'alarming' | 'error' | 'obligationAcceptance', label: string) => (
    <label key={key} style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      <input
        type="checkbox"
        checked={draftFilters[key] === true}
        onChange={(e) => setDraftFilters((f) => ({ ...f, [key]: e.target.checked ? true : undefined }))}
      />
      {label}
    </label>
  );
  const anyFilter =
    may('reach') ||
    may('deliveryState') ||
    may('alarming') ||
    may('error') ||
    may('obligationAcceptance') ||
    may('consumption') ||
    may('stockTurnRate') ||
    may('deliveryDate');

  return (
    <section
      aria-label={t('search.title')}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        minHeight: 0,
        ...(fill ? { flex: 1 } : {}),
      }}
    >
      <form onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <FormRow style={{ alignItems: 'flex-end' }}>
          {scope === 'location' ? (
            // The type-ahead suggests the location's containers (suggestcontainer); choosing one opens it.
            <ContainerSuggestField
              code={code}
              label={t('search.query')}
              placeholder={t('search.placeholder')}
              value={draft}
              onChange={setDraft}
              onChoose={(suggestion) => onSelect?.({ id: suggestion.id, locationCode: code })}
            />
          ) : (
            <Field
              id={`${formId}-query`}
              label={t('search.query')}
              type="search"
              placeholder={t('search.placeholder')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          )}
          <Select
            label={t('search.sort')}
            options={sortOptions.map((o) => ({ value: o.key, label: sortLabel(t, o.key) }))}
            value={sort.key}
            onChange={(value) => {
              setSortKey(value);
              setPage(0);
              remember({ sortKey: value, page: 0 });
            }}
          />
          <div style={{ display: 'flex', gap: 8, flex: '0 0 auto' }}>
            <Button type="submit">{t('search.submit')}</Button>
            <Button type="button" variant="ghost" onClick={resetFilters}>
              {t('search.reset')}
            </Button>
            {mayExport ? (
              <Button type="button" variant="secondary" onClick={() => setConfirmExport(true)}>
                {t('search.export')}
              </Button>
            ) : null}
            {scope === 'location' && shownIds.length > 0 ? (
              <Button type="button" variant="secondary" onClick={() => setLabelsOpen(true)}>
                {t('labels.printResults')}
              </Button>
            ) : null}
          </div>
        </FormRow>
        {anyFilter ? (
          <details>
            <summary>{t('search.filters')}</summary>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 12, paddingTop: 12 }}>
              {may('deliveryState') ? (
                <MultiSelect
                  label={labels.deliveryStatus ?? ''}
                  options={DELIVERY_STATES.map((value) => ({ value, label: enums.deliveryState(value) }))}
                  value={draftFilters.deliveryState ?? []}
                  onChange={(value) =>
                    setDraftFilters((f) => ({ ...f, deliveryState: value.length ? value : undefined }))
                  }
                />
              ) : null}
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
                {may('alarming') ? flag('alarming', t('search.onlyAlarming')) : null}
                {may('error') ? flag('error', t('search.onlyError')) : null}
                {may('obligationAcceptance')
                  ? flag('obligationAcceptance', t('search.onlyObligatory'))
                  : null}
              </div>
              {may('reach') ? rangeField('reach', labels.reachInWeeks ?? '') : null}
              {may('consumption') ? rangeField('consumption', labels.consumption ?? '') : null}
              {may('stockTurnRate') ? rangeField('stockTurnRate', labels.stockTurnRate ?? '') : null}
              {may('deliveryDate') ? (
                <FormRow>
                  <Field
                    id={`${formId}-from`}
                    label={t('search.deliveryFrom')}
                    type="date"
                    value={draftFilters.deliveryDate?.from ?? ''}
                    onChange={(e) =>
                      setDraftFilters((f) => ({
                        ...f,
                        deliveryDate: { ...f.deliveryDate, from: e.target.value || undefined },
                      }))
                    }
                  />
                  <Field
                    id={`${formId}-to`}
                    label={t('search.deliveryTo')}
                    type="date"
                    value={draftFilters.deliveryDate?.to ?? ''}
                    onChange={(e) =>
                      setDraftFilters((f) => ({
                        ...f,
                        deliveryDate: { ...f.deliveryDate, to: e.target.value || undefined },
                      }))
                    }
                  />
                </FormRow>
              ) : null}
            </div>
          </details>
        ) : null}
      </form>
      {exported ? (
        <p role="status" style={{ margin: 0 }}>
          {t('search.exportStarted')} <Link to={paths.exports.to()}>{t('search.openExports')}</Link>
        </p>
      ) : null}
      <div ref={tableBox} style={fill ? { flex: 1, minHeight: 0 } : undefined}>
        <PagedTable
          caption={t('search.results')}
          columns={columns}
          rows={items ?? []}
          getRowId={(row) => row.id}
          total={shown?.total ?? 0}
          page={page + 1}
          pageSize={size}
          onPageChange={(next) => {
            setPage(next - 1);
            remember({ page: next - 1 });
          }}
          onPageSizeChange={(nextSize, nextPage) => {
            setSize(nextSize);
            setPage(nextPage - 1);
            remember({ size: nextSize, page: nextPage - 1 });
          }}
          loading={results.isFetching}
          error={results.error ? t(errorKey(results.error), { ns: 'messages' }) : null}
          onRetry={() => void results.refetch()}
          emptyTitle={t('search.empty')}
          onRowClick={onSelect}
          virtualized={size > 20 || tableHeight !== null}
          bodyHeight={tableHeight ?? 480}
        />
      </div>
      {scope === 'location' ? (
        <LabelDialogOnDemand
          code={code}
          target={{ kind: 'containers', ids: shownIds }}
          open={labelsOpen}
          onClose={() => setLabelsOpen(false)}
        />
      ) : null}
      <ConfirmDialog
        open={confirmExport}
        title={t('search.exportTitle')}
        message={t(EXPORT_CONFIRM[scope])}
        confirmLabel={t('search.export')}
        loading={runExport.isPending}
        onCancel={() => setConfirmExport(false)}
        onConfirm={() => runExport.mutate()}
      />
    </section>
  );
}

/**
 * The spec's export `stateFilter` (type + value) for the one state filter in use: obligation acceptance,
 * or a single delivery state. The full filters go along anyway.
 */
const stateFilterOf = (filters: SearchFilters): ExportRequest['stateFilter'] => {
  if (filters.obligationAcceptance) return { type: 'obligation_acceptance' };
  if (filters.deliveryState?.length === 1)
    return { type: 'delivery_status', value: filters.deliveryState[0] };
  return undefined;
};

const num = (value: string): number | undefined => (value === '' ? undefined : Number(value));

/** Drops empty ranges and lists, so the request names only filters in use (each needs its permission). */
const clean = (filters: SearchFilters): SearchFilters => {
  const out: SearchFilters = {};
  for (const [key, value] of Object.entries(filters) as [keyof SearchFilters, unknown][]) {
    if (value === undefined) continue;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const entries = Object.entries(value).filter(([, v]) => v !== undefined && !Number.isNaN(v));
      if (entries.length === 0) continue;
      (out as Record<string, unknown>)[key] = Object.fromEntries(entries);
    } else {
      (out as Record<string, unknown>)[key] = value;
    }
  }
  return out;
};

const sortLabel = (t: ReturnType<typeof useTranslation<'location'>>['t'], key: SortKey): string => {
  switch (key) {
    case 'relevance':
      return t('sort.relevance');
    case 'price_asc':
      return t('sort.priceAsc');
    case 'price_desc':
      return t('sort.priceDesc');
    case 'date_asc':
      return t('sort.dateAsc');
    case 'date_desc':
      return t('sort.dateDesc');
    case 'name_asc':
      return t('sort.nameAsc');
    case 'name_desc':
      return t('sort.nameDesc');
  }
};

/** Room for the pager and the table's borders under the scrolling rows. */
const PAGER_ROOM = 64;

/**
 * The rows' height in a box that fills its parent: the box's height less the pager (at least 200 px);
 * null while it is not filling or has no layout (then the table is as tall as its rows).
 */
function useHeight(box: RefObject<HTMLDivElement | null>, active: boolean): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!active || !element) {
      setHeight(null);
      return;
    }
    const measure = () =>
      setHeight(
        element.clientHeight > 0 ? Math.max(200, Math.floor(element.clientHeight - PAGER_ROOM)) : null,
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, active]);
  return height;
}
