import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { PagedTable, type PagedTableColumn, type PagedTableProps, type SortState } from './PagedTable';

interface ContainerRow {
  id: string;
  code: string;
  article: string;
  rack: string;
  reach: number;
  state: string;
}

const states = ['in access', 'in delivery', 'backorder'];
const allRows: ContainerRow[] = Array.from({ length: 137 }, (_, i) => ({
  id: `c${i + 1}`,
  code: `K-${String(10000 + i * 7)}`,
  article: ['Hex bolt M8×40', 'Washer DIN 125 A8.4', 'Cable tie 200 mm', 'Nut M8 galvanised'][i % 4]!,
  rack: `R${(i % 12) + 1}`,
  reach: Math.round(((i * 37) % 150) / 10),
  state: states[i % 3]!,
}));

const columns: PagedTableColumn<ContainerRow>[] = [
  { key: 'code', header: 'Container', sortable: true, width: '140px' },
  { key: 'article', header: 'Article', sortable: true },
  { key: 'rack', header: 'Rack', width: '80px' },
  { key: 'reach', header: 'Reach (weeks)', align: 'end', sortable: true, width: '140px' },
  { key: 'state', header: 'Delivery state' },
];

type Args = Omit<PagedTableProps<ContainerRow>, 'rows' | 'page' | 'pageSize' | 'total'> & {
  data?: ContainerRow[];
  initialPageSize?: number;
  /** Counts the rows only up to this many (a capped count, as the worklist's): `more` when there are more. */
  countLimit?: number;
};

/** Pages, sorts and selects over in-memory rows the way the app does over the API. */
function Controlled({ data = allRows, initialPageSize = 10, countLimit, ...props }: Args) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [sort, setSort] = useState<SortState | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const sorted = sort
    ? [...data].sort((a, b) => {
        const x = a[sort.key as keyof ContainerRow];
        const y = b[sort.key as keyof ContainerRow];
        const order = x < y ? -1 : x > y ? 1 : 0;
        return sort.direction === 'asc' ? order : -order;
      })
    : data;
  return (
    <PagedTable<ContainerRow>
      {...props}
      rows={props.error || props.loading ? [] : sorted.slice((page - 1) * pageSize, page * pageSize)}
      total={props.error ? 0 : Math.min(data.length, countLimit ?? data.length)}
      more={countLimit !== undefined && data.length > countLimit}
      page={page}
      pageSize={pageSize}
      onPageChange={(next) => {
        setPage(next);
        props.onPageChange(next);
      }}
      onPageSizeChange={(size, next) => {
        setPageSize(size);
        setPage(next);
        props.onPageSizeChange(size, next);
      }}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        props.onSortChange?.(next);
      }}
      selectedIds={props.onSelectionChange ? selected : undefined}
      onSelectionChange={
        props.onSelectionChange
          ? (ids) => {
              setSelected(ids);
              props.onSelectionChange?.(ids);
            }
          : undefined
      }
    />
  );
}

const meta = {
  title: 'Data/PagedTable',
  component: PagedTable,
  render: (args) => <Controlled {...(args as unknown as Args)} />,
  args: {
    caption: 'Containers',
    columns: columns as PagedTableColumn<unknown>[],
    getRowId: (row) => (row as ContainerRow).id,
    rows: [],
    total: 0,
    page: 1,
    pageSize: 10,
    onPageChange: fn(),
    onPageSizeChange: fn(),
    onSortChange: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          "A controlled table for server-side paging: the app passes one page of rows and the total. The footer shows 'Showing {from} to {to} of {total} results' and results per page 5 / 10 / 20 / 50; changing the size answers the page that keeps the first row in view. Sortable headers set `aria-sort`. Loading, empty and error states are built in; `virtualized` renders only the visible rows of long pages.",
      },
    },
  },
} satisfies Meta<typeof PagedTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { loading: false, error: null, virtualized: false } };

export const Paging: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('Showing 1 to 10 of 137 results')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await expect(canvas.getByText('Showing 11 to 20 of 137 results')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('combobox', { name: /Results per page/ }));
    await userEvent.click(canvas.getByRole('option', { name: '50' }));
    await expect(canvas.getByText('Showing 1 to 50 of 137 results')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expect(canvas.getByText('Showing 101 to 137 of 137 results')).toBeInTheDocument();
  },
};

/** A count taken up to 50 of 137 rows: "more than 50", "Page 1 of 5+", Next pages on, no last page. */
export const CappedCount: Story = {
  render: (args) => <Controlled {...(args as unknown as Args)} countLimit={50} />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Showing 1 to 10 of more than 50 results')).toBeInTheDocument();
    await expect(canvas.getByText('Page 1 of 5+')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('Showing 11 to 20 of more than 50 results')).toBeInTheDocument();
  },
};

export const Sorting: Story = {
  play: async ({ canvas, userEvent }) => {
    const header = canvas.getByRole('columnheader', { name: /Reach/ });
    await userEvent.click(canvas.getByRole('button', { name: /Reach/ }));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(canvas.getByRole('button', { name: /Reach/ }));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
  },
};

export const Selectable: Story = {
  args: { onSelectionChange: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await waitFor(() => expect(args.onSelectionChange).toHaveBeenCalled());
  },
};

export const Loading: Story = { args: { loading: true } };

export const Empty: Story = {
  render: (args) => <Controlled {...(args as unknown as Args)} data={[]} />,
  args: { emptyTitle: 'No containers found', emptyDescription: 'Try another search term or filter.' },
};

export const ErrorState: Story = { args: { error: 'A communication error occurred.', onRetry: fn() } };

export const ManyItemsVirtualised: Story = {
  render: (args) => (
    <Controlled
      {...(args as unknown as Args)}
      initialPageSize={5000}
      data={Array.from({ length: 5000 }, (_, i) => ({ ...allRows[i % allRows.length]!, id: `v${i}` }))}
    />
  ),
  args: { virtualized: true, bodyHeight: 420, pageSizeOptions: [5000] },
  play: async ({ canvasElement }) => {
    // 5,000 rows on one page, but only the visible ones are in the DOM.
    const rendered = canvasElement.querySelectorAll('tbody tr:not([data-spacer])');
    await expect(rendered.length).toBeGreaterThan(5);
    await expect(rendered.length).toBeLessThan(60);
  },
};

export const LongTexts: Story = {
  render: (args) => (
    <Controlled
      {...(args as unknown as Args)}
      data={allRows.slice(0, 3).map((row) => ({
        ...row,
        article:
          'Sechskantschraube mit Schaft DIN 931 M8×40 8.8 galvanisch verzinkt, Verpackungseinheit 200 Stück, Sonderfreigabe Qualitätssicherung',
      }))}
    />
  ),
};

export const DarkTheme: Story = { globals: { theme: 'dark' }, args: { onSelectionChange: fn() } };

export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Zeige 1 bis 10 von 137 Ergebnissen')).toBeInTheDocument();
  },
};

interface StockRow {
  id: string;
  code: string;
  article: string;
  weight: number;
  price: string;
  scanned: string;
  supplier: string;
}

const stockRows: StockRow[] = Array.from({ length: 8 }, (_, i) => ({
  id: `s${i}`,
  code: `KB-${String(24 + i * 311).padStart(7, '0')}`,
  article: [
    'Sechskantschraube DIN 931 M8×40 8.8 galvanisch verzinkt',
    'Blechschraube',
    'Zylinderschraube mit Innensechskant DIN 912',
  ][i % 3]!,
  weight: 0.125 * (i + 1),
  price: new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(12 + i * 1234.5),
  scanned: `0${(i % 9) + 1}.08.2025, 0${i % 10}:15`,
  supplier: `einkauf.zentrallager-wolfsburg-${i}@knabe-fahrzeugtechnik.example`,
}));

const stockColumns: PagedTableColumn<StockRow>[] = [
  { key: 'code', header: 'Behälter', kind: 'code' },
  { key: 'article', header: 'Artikelbezeichnung' },
  { key: 'weight', header: 'Gewicht', kind: 'number', unit: 'kg', cell: (row) => row.weight.toFixed(2) },
  { key: 'price', header: 'Preis', kind: 'number', unit: '€' },
  { key: 'scanned', header: 'Zuletzt gescannt', kind: 'date' },
  { key: 'supplier', header: 'E-Mail', truncate: true, maxWidth: '24ch' },
];

/**
 * The column kinds (ADR 0058): numbers right-aligned in tabular figures with the unit once in the header,
 * codes and dates on one line, names wrapped between words (hyphenated by language), a long address ending
 * in an ellipsis whose full text shows on hover and keyboard focus. Below 640 px each row is a card.
 */
export const KindsAndUnits: Story = {
  globals: { locale: 'de' },
  render: (args) => (
    <PagedTable<StockRow>
      {...(args as unknown as PagedTableProps<StockRow>)}
      caption="Bestand"
      columns={stockColumns}
      rows={stockRows}
      getRowId={(row) => row.id}
      total={stockRows.length}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Gewicht (kg)' })).toHaveStyle({
      textAlign: 'end',
    });
    await expect(canvas.getByRole('columnheader', { name: 'Preis (€)' })).toBeInTheDocument();
    await expect(canvas.getByRole('navigation', { name: 'Bestand: Seiten' })).toBeInTheDocument();
    const address = canvas.getByText(stockRows[0]!.supplier);
    await waitFor(() => expect(address).toHaveAttribute('tabindex', '0'));
    await userEvent.hover(address);
    // The tooltip is drawn above everything, in the document's body (outside the story's canvas).
    await waitFor(() =>
      expect(address.ownerDocument.querySelector('[role="tooltip"]')).toHaveTextContent(
        stockRows[0]!.supplier,
      ),
    );
  },
};

export const KindsAndUnitsOnAPhone: Story = {
  ...KindsAndUnits,
  globals: { locale: 'de', viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: undefined,
};
