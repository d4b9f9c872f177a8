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
