import { useState } from 'react';

/** Paging over a list already in memory, as PagedTable props (page is 1-based there). */
export function useClientPaging<T>(rows: readonly T[] | undefined, initialSize = 10) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const all = rows ?? [];
  const lastPage = Math.max(1, Math.ceil(all.length / pageSize));
  const current = Math.min(page, lastPage);
  return {
    rows: all.slice((current - 1) * pageSize, current * pageSize),
    total: all.length,
    page: current,
    pageSize,
    onPageChange: setPage,
    onPageSizeChange: (size: number, nextPage: number) => {
      setPageSize(size);
      setPage(nextPage);
    },
  };
}

/**
 * Paging done by the server: `page` is 0-based as the API counts, `table` spreads into PagedTable
 * (1-based there); a new page size keeps the first row in view (PagedTable computes `nextPage`).
 */
export function useServerPaging(initialSize = 20) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(initialSize);
  return {
    page,
    size,
    setPage,
    table: {
      page: page + 1,
      pageSize: size,
      onPageChange: (next: number) => setPage(next - 1),
      onPageSizeChange: (nextSize: number, nextPage: number) => {
        setSize(nextSize);
        setPage(nextPage - 1);
      },
    },
  };
}
