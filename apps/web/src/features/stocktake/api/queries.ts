import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's concern > branch > location tree: the locations a count can start at. */
export const cblTreeQuery = () =>
  queryOptions({ queryKey: queryKeys.cblTree(), queryFn: () => api.cbl.tree() });

/** A location's racks (names and positions): a count of one rack. */
export const racksQuery = (code: string | null) =>
  queryOptions({
    queryKey: queryKeys.location.racks(code ?? ''),
    queryFn: code ? () => api.location.racks({ params: { code } }) : skipToken,
  });

/** A location's counts, newest first: an open one is continued. */
export const countsQuery = (code: string | null) =>
  queryOptions({
    queryKey: queryKeys.stocktake.list(code ?? ''),
    queryFn: code ? () => api.stocktakes.list({ params: { code } }) : skipToken,
  });

/** A count with its progress by rack, its scans and, finished, its reconciliation. */
export const countQuery = (code: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.stocktake.detail(code, id),
    queryFn: () => api.stocktakes.get({ params: { code, id } }),
  });
