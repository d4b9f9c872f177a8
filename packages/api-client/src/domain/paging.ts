import type { PAGE_SIZES } from '../contract/common';

export interface PageInfo {
  /** 1-based index of the first row shown; 0 when there is none. */
  from: number;
  /** 1-based index of the last row shown. */
  to: number;
  total: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Paging maths for 'Showing {from} to {to} of {total} results'; `page` is 0-based. */
export const pageInfo = (page: number, size: number, total: number): PageInfo => {
  const pageCount = total === 0 ? 0 : Math.ceil(total / size);
  const safePage = Math.min(Math.max(page, 0), Math.max(pageCount - 1, 0));
  const from = total === 0 ? 0 : safePage * size + 1;
  const to = Math.min(total, (safePage + 1) * size);
  return { from, to, total, pageCount, hasPrevious: safePage > 0, hasNext: safePage < pageCount - 1 };
};

export const pageOffset = (page: number, size: number): number => Math.max(page, 0) * size;

/** Slices one page out of an in-memory list (the mock uses this; the server pages in SQL). */
export const slicePage = <T>(items: readonly T[], page: number, size: number) => ({
  items: items.slice(pageOffset(page, size), pageOffset(page, size) + size),
  total: items.length,
  page,
  size,
});

export const DEFAULT_PAGE_SIZE: (typeof PAGE_SIZES)[number] = 20;
