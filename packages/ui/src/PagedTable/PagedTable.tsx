import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '../Button/Button';
import { EmptyState } from '../EmptyState/EmptyState';
import { ErrorState } from '../ErrorState/ErrorState';
import { ArrowDownIcon } from '../internal/icons/ArrowDownIcon';
import { ArrowUpIcon } from '../internal/icons/ArrowUpIcon';
import { ChevronLeftIcon } from '../internal/icons/ChevronLeftIcon';
import { ChevronRightIcon } from '../internal/icons/ChevronRightIcon';
import { ChevronsLeftIcon } from '../internal/icons/ChevronsLeftIcon';
import { ChevronsRightIcon } from '../internal/icons/ChevronsRightIcon';
import { SortIcon } from '../internal/icons/SortIcon';
import { Select } from '../Select/Select';
import { Spinner } from '../Spinner/Spinner';
import { useUiText } from '../UiText/UiTextProvider';
import { CellText } from './CellText';
import {
  BusyOverlay,
  Controls,
  Footer,
  Pager,
  PerPage,
  Root,
  Scroll,
  SkeletonBar,
  SortButton,
  StateCell,
  Table,
  Td,
  Th,
  Tr,
} from './PagedTable.styles';

/** Spec: results per page 5, 10, 20 or 50. */
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50] as const;

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

/**
 * What a column holds decides how its cells behave (ADR 0058):
 * - `text` (default): wraps at word boundaries, hyphenated by the page's language (`hyphens: auto`);
 * - `number`: right-aligned, tabular figures, never wrapped; its unit is named once, in the header;
 * - `code`, `date`: never wrapped (a code or a date on two lines reads as two values);
 * - `status` (badges) and `action` (buttons): never wrapped, as narrow as their content.
 */
export type PagedTableColumnKind = 'text' | 'number' | 'code' | 'date' | 'status' | 'action';

export interface PagedTableColumn<Row> {
  key: string;
  header: string;
  /** Cell content; defaults to `row[key]`. */
  cell?: (row: Row) => ReactNode;
  sortable?: boolean;
  kind?: PagedTableColumnKind;
  /** The unit of a number column ("kg", "€"), shown once in the header: "Weight (kg)". */
  unit?: string;
  /**
   * One line ending in an ellipsis past `maxWidth`, the full text on hover and keyboard focus; for long
   * texts without spaces (e-mail addresses, user names) or where one line per row matters more.
   */
  truncate?: boolean;
  /** Alignment; `number` columns default to `end`. */
  align?: 'start' | 'end' | 'center';
  width?: string;
  /** The widest a cell gets (a CSS length): a truncated text ends in an ellipsis there. */
  maxWidth?: string;
}

/** The header with its unit, as shown above the column and beside each value on a phone's card. */
export const columnLabel = (column: Pick<PagedTableColumn<unknown>, 'header' | 'unit'>): string =>
  column.unit ? `${column.header} (${column.unit})` : column.header;

export interface PagedTableProps<Row> {
  /** Accessible name of the table (not shown). */
  caption: string;
  columns: readonly PagedTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  total: number;
  /** `total` is a lower bound: there are more rows than counted (shown as "more than {total}", "{pages}+"). */
  more?: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Answers the new size and the page that keeps the current first row in view. */
  onPageSizeChange: (pageSize: number, page: number) => void;
  pageSizeOptions?: readonly number[];
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  loading?: boolean;
  /** A translated error message; shows the error state instead of rows. */
  error?: string | null;
  onRetry?: () => void;
  emptyTitle?: string;
  emptyDescription?: ReactNode;
  /** Row selection with checkboxes; pass both to enable. */
  selectedIds?: readonly string[];
  onSelectionChange?: (ids: string[]) => void;
  onRowClick?: (row: Row) => void;
  /** Renders only the visible rows inside a scroll area of `bodyHeight` px; for long pages. */
  virtualized?: boolean;
  bodyHeight?: number;
  rowHeight?: number;
}

const integerFormats = new Map<string, Intl.NumberFormat>();
const integerFormat = (intl: string) => {
  let format = integerFormats.get(intl);
  if (!format) {
    format = new Intl.NumberFormat(intl, { maximumFractionDigits: 0 });
    integerFormats.set(intl, format);
  }
  return format;
};

const alignOf = (column: Pick<PagedTableColumn<unknown>, 'align' | 'kind'>) =>
  column.align ?? (column.kind === 'number' ? 'end' : 'start');

function defaultCell<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

export function PagedTable<Row>({
  caption,
  columns,
  rows,
  getRowId,
  total,
  more = false,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  sort = null,
  onSortChange,
  loading = false,
  error = null,
  onRetry,
  emptyTitle,
  emptyDescription,
  selectedIds,
  onSelectionChange,
  onRowClick,
  virtualized = false,
  bodyHeight = 480,
  rowHeight = 45,
}: PagedTableProps<Row>) {
  const { t, intl, locale } = useUiText();
  const id = useId();
  // One number format everywhere: the pager's "5.026" is the table's "5.026" (Intl, by language).
  const number = (value: number) => integerFormat(intl).format(value);
  const scrollRef = useRef<HTMLDivElement>(null);
  const selectable = Boolean(selectedIds && onSelectionChange);
  const selected = new Set(selectedIds ?? []);
  // With `more` the count is a lower bound: the pages reach at least the one shown.
  const pages = Math.max(1, Math.ceil(total / pageSize), more ? page : 1);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = more ? (page - 1) * pageSize + rows.length : Math.min(page * pageSize, total);
  const colCount = columns.length + (selectable ? 1 : 0);

  const virtualizer = useVirtualizer({
    count: virtualized ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: { width: 0, height: bodyHeight },
  });

  const pageIds = rows.map(getRowId);
  const selectedOnPage = pageIds.filter((rowId) => selected.has(rowId)).length;
  const allRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = selectedOnPage > 0 && selectedOnPage < pageIds.length;
  });

  const toggleAll = () => {
    if (!onSelectionChange) return;
    const next = new Set(selected);
    if (selectedOnPage === pageIds.length) for (const rowId of pageIds) next.delete(rowId);
    else for (const rowId of pageIds) next.add(rowId);
    onSelectionChange([...next]);
  };
  const toggleRow = (rowId: string) => {
    if (!onSelectionChange) return;
    const next = new Set(selected);
    if (next.has(rowId)) next.delete(rowId);
    else next.add(rowId);
    onSelectionChange([...next]);
  };

  const renderRow = (row: Row, index: number) => {
    const rowId = getRowId(row);
    const isSelected = selected.has(rowId);
    return (
      <Tr
        key={rowId}
        data-index={index}
        aria-selected={selectable ? isSelected : undefined}
        $selected={isSelected}
        $clickable={Boolean(onRowClick)}
        // Clickable rows are reachable by keyboard: Tab to the row, Enter or Space opens it.
        tabIndex={onRowClick ? 0 : undefined}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
        onKeyDown={
          onRowClick
            ? (event) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onRowClick(row);
                }
              }
            : undefined
        }
      >
        {selectable ? (
          <Td $align="center" $kind="action" onClick={(event) => event.stopPropagation()}>
            <input
              type="checkbox"
              checked={isSelected}
              aria-label={t('table.selectRow')}
              onChange={() => toggleRow(rowId)}
            />
          </Td>
        ) : null}
        {columns.map((column) => {
          const content = column.cell ? column.cell(row) : defaultCell(row, column.key);
          return (
            <Td
              key={column.key}
              $align={alignOf(column)}
              $kind={column.kind ?? 'text'}
              $maxWidth={column.truncate ? undefined : column.maxWidth}
              data-kind={column.kind ?? 'text'}
              data-label={columnLabel(column)}
            >
              {column.truncate ? <CellText maxWidth={column.maxWidth}>{content}</CellText> : content}
            </Td>
          );
        })}
      </Tr>
    );
  };

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <StateCell colSpan={colCount}>
          <ErrorState message={error} onRetry={onRetry} />
        </StateCell>
      </tr>
    );
  } else if (rows.length === 0 && loading) {
    body = Array.from({ length: Math.min(pageSize, 10) }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <tr key={index}>
        {Array.from({ length: colCount }, (_, cell) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
          <Td key={cell} $align="start" $kind="text">
            <SkeletonBar aria-hidden="true" />
          </Td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <StateCell colSpan={colCount}>
          <EmptyState title={emptyTitle ?? t('table.empty')} description={emptyDescription} />
        </StateCell>
      </tr>
    );
  } else if (virtualized) {
    const items = virtualizer.getVirtualItems();
    const before = items[0]?.start ?? 0;
    const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
    body = (
      <>
        {before > 0 ? <tr data-spacer="" style={{ height: before }} /> : null}
        {items.map((item) => renderRow(rows[item.index]!, item.index))}
        {after > 0 ? <tr data-spacer="" style={{ height: after }} /> : null}
      </>
    );
  } else {
    body = rows.map(renderRow);
  }

  const sortBy = (key: string) =>
    onSortChange?.({ key, direction: sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc' });

  return (
    <Root>
      {/* The scroll area takes focus so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      <Scroll
        ref={scrollRef}
        $height={virtualized ? bodyHeight : undefined}
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <Table
          lang={locale}
          aria-busy={loading || undefined}
          aria-rowcount={virtualized ? rows.length + 1 : undefined}
        >
          <caption>{caption}</caption>
          <thead>
            <tr>
              {selectable ? (
                <Th $align="center" $width="44px">
                  <input
                    ref={allRef}
                    type="checkbox"
                    aria-label={t('table.selectAll')}
                    checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                    disabled={pageIds.length === 0}
                    onChange={toggleAll}
                  />
                </Th>
              ) : null}
              {columns.map((column) => {
                const sorted = sort?.key === column.key ? sort.direction : null;
                return (
                  <Th
                    key={column.key}
                    scope="col"
                    $align={alignOf(column)}
                    $width={column.width}
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sortable && onSortChange ? (
                      <SortButton type="button" onClick={() => sortBy(column.key)}>
                        {columnLabel(column)}
                        {sorted === 'asc' ? (
                          <ArrowUpIcon size={14} />
                        ) : sorted === 'desc' ? (
                          <ArrowDownIcon size={14} />
                        ) : (
                          <SortIcon size={14} />
                        )}
                      </SortButton>
                    ) : (
                      columnLabel(column)
                    )}
                  </Th>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </Table>
      </Scroll>
      {loading && rows.length > 0 ? (
        <BusyOverlay>
          <Spinner />
        </BusyOverlay>
      ) : null}
      <Footer>
        <span aria-live="polite" id={`${id}-status`}>
          {t(more ? 'paging.showingMore' : 'paging.showing', {
            from: number(from),
            to: number(to),
            total: number(total),
          })}
        </span>
        <Controls>
          <PerPage>
            <Select
              label={t('paging.perPage')}
              options={pageSizeOptions.map((size) => ({ value: String(size), label: String(size) }))}
              value={String(pageSize)}
              onChange={(next) => {
                const size = Number(next);
                onPageSizeChange(size, from === 0 ? 1 : Math.floor((from - 1) / size) + 1);
              }}
            />
          </PerPage>
          {/* Named after its table: two tables on one page have two pagers with different names. */}
          <Pager aria-label={t('paging.nav', { caption })}>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('paging.first')}
              icon={<ChevronsLeftIcon />}
              disabled={page <= 1}
              onClick={() => onPageChange(1)}
            />
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('paging.previous')}
              icon={<ChevronLeftIcon />}
              disabled={page <= 1}
              onClick={() => onPageChange(page - 1)}
            />
            <span>
              {t(more ? 'paging.pageMore' : 'paging.page', { page: number(page), pages: number(pages) })}
            </span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('paging.next')}
              icon={<ChevronRightIcon />}
              disabled={page >= pages && !more}
              onClick={() => onPageChange(page + 1)}
            />
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('paging.last')}
              icon={<ChevronsRightIcon />}
              disabled={page >= pages || more}
              onClick={() => onPageChange(pages)}
            />
          </Pager>
        </Controls>
      </Footer>
    </Root>
  );
}
