import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { PagedTable, type PagedTableColumn, type PagedTableProps, type SortState } from './PagedTable';

interface Row {
  id: string;
  name: string;
  qty: number;
}
const all: Row[] = Array.from({ length: 42 }, (_, i) => ({
  id: `r${i + 1}`,
  name: `Container ${i + 1}`,
  qty: i,
}));
const columns: PagedTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'qty', header: 'Quantity', align: 'end', sortable: true },
];

function Harness(props: Partial<PagedTableProps<Row>> & { onSort?: (sort: SortState) => void }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [sort, setSort] = useState<SortState | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <PagedTable<Row>
      caption="Containers"
      columns={columns}
      rows={all.slice((page - 1) * pageSize, page * pageSize)}
      getRowId={(row) => row.id}
      total={all.length}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size, nextPage) => {
        setPageSize(size);
        setPage(nextPage);
      }}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        props.onSort?.(next);
      }}
      selectedIds={selected}
      onSelectionChange={setSelected}
      {...props}
    />
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('PagedTable', () => {
  it('shows the paging line and pages forward, backward, to the end and to the start', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    expect(screen.getByText('Showing 1 to 10 of 42 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 11 to 20 of 42 results')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('Container 11');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByText('Showing 41 to 42 of 42 results')).toBeInTheDocument();
    expect(screen.getByText('Page 5 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByText('Showing 1 to 10 of 42 results')).toBeInTheDocument();
  });

  it('says "more than" a capped count, pages on past it and offers no last page', async () => {
    const user = userEvent.setup();
    renderUi(<Harness total={20} more />);
    expect(screen.getByText('Showing 1 to 10 of more than 20 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 3 of 3+')).toBeInTheDocument();
    expect(screen.getByText('Showing 21 to 30 of more than 20 results')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('Container 21');
  });

  it('offers 5, 10, 20 and 50 results per page and keeps the first visible row in view', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('combobox', { name: /Results per page/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '20',
      '50',
    ]);
    await user.click(screen.getByRole('option', { name: '5' }));
    expect(screen.getByText('Showing 11 to 15 of 42 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
  });

  it('sorts by a column header, toggling the direction and marking it with aria-sort', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    renderUi(<Harness onSort={onSort} />);
    const header = screen.getByRole('columnheader', { name: /Quantity/ });
    expect(header).not.toHaveAttribute('aria-sort');
    await user.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'qty', direction: 'asc' });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'qty', direction: 'desc' });
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('selects single rows and all rows of the page', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    await user.click(within(bodyRows()[1]!).getByRole('checkbox', { name: 'Select row' }));
    expect(bodyRows()[1]).toHaveAttribute('aria-selected', 'true');
    expect(selectAll).toHaveProperty('indeterminate', true);
    await user.click(selectAll);
    expect(bodyRows().every((row) => row.getAttribute('aria-selected') === 'true')).toBe(true);
    await user.click(selectAll);
    expect(bodyRows().some((row) => row.getAttribute('aria-selected') === 'true')).toBe(false);
  });

  it('opens a clickable row with Enter or Space, reached with Tab, and lets the keyboard scroll the table', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderUi(<Harness onRowClick={onRowClick} selectedIds={undefined} onSelectionChange={undefined} />);
    expect(screen.getByRole('region', { name: 'Containers' })).toHaveAttribute('tabindex', '0');
    bodyRows()[0]!.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(bodyRows()[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(onRowClick.mock.calls.map(([row]) => row.id)).toEqual(['r1', 'r2']);
  });

  it('shows an empty state with the paging line at zero', () => {
    renderUi(<Harness rows={[]} total={0} />);
    expect(screen.getByText('No entries found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderUi(<Harness rows={[]} error="The containers could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The containers could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('marks the table busy and shows placeholders while the first page loads', () => {
    renderUi(<Harness rows={[]} loading />);
    expect(screen.getByRole('table', { name: 'Containers' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No entries found')).not.toBeInTheDocument();
  });

  it('renders only the visible rows of a long page when virtualised', () => {
    // jsdom has no layout: give the scroll area the height a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(450);
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: `v${i}`, name: `Row ${i}`, qty: i }));
    renderUi(
      <Harness rows={many} total={1000} pageSize={1000} virtualized bodyHeight={450} rowHeight={45} />,
    );
    const rendered = bodyRows().filter((row) => !row.hasAttribute('data-spacer'));
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]).toHaveTextContent('Row 0');
  });

  it('names each pager after its table and writes its numbers in the language (5.026 in German)', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ id: `m${i}`, name: `Row ${i}`, qty: i }));
    renderUi(
      <>
        <Harness caption="Locations" rows={many} total={5026} />
        <Harness caption="Requests" rows={many} total={12} />
      </>,
      { locale: 'de' },
    );
    expect(screen.getByRole('navigation', { name: 'Locations: Seiten' })).toHaveTextContent(
      'Seite 1 von 503',
    );
    expect(screen.getByRole('navigation', { name: 'Requests: Seiten' })).toBeInTheDocument();
    expect(screen.getByText('Zeige 1 bis 10 von 5.026 Ergebnissen')).toBeInTheDocument();
  });

  it('right-aligns a number column, names its unit once in the header and labels each cell for the phone cards', () => {
    renderUi(
      <Harness
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'qty', header: 'Weight', kind: 'number', unit: 'kg' },
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Weight (kg)' })).toHaveStyle({ textAlign: 'end' });
    const cell = within(bodyRows()[3]!).getAllByRole('cell')[2]!;
    expect(cell).toHaveTextContent(/^3$/);
    expect(cell).toHaveAttribute('data-label', 'Weight (kg)');
    expect(cell).toHaveStyle({ whiteSpace: 'nowrap', textAlign: 'end' });
  });

  it('ends a truncated text in an ellipsis that can be focused and shows the full text on focus and hover', async () => {
    // jsdom has no layout: the text is wider than its box, as in a browser.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(120);
    const user = userEvent.setup();
    renderUi(
      <Harness
        selectedIds={undefined}
        onSelectionChange={undefined}
        columns={[{ key: 'name', header: 'Name', truncate: true, maxWidth: '10ch' }]}
      />,
    );
    const text = within(bodyRows()[0]!).getByText('Container 1');
    expect(text).toHaveAttribute('tabindex', '0');
    await user.tab();
    await user.tab();
    expect(text).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Container 1');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(within(bodyRows()[1]!).getByText('Container 2'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Container 2');
  });
});
