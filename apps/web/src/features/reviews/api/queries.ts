import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The requests waiting for the caller's review (pending), by page, type and assignee (`me` or `all`). */
export const inboxQuery = (page: number, size: number, filterMap: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.reviews.inbox({ page, size, filterMap }),
    queryFn: () => api.reviews.list({ body: { page, size, filterMap } }),
  });

/** The caller's own requests (messages too), newest 50 in any state (the list call filters by state only). */
export const myRequestsQuery = () =>
  queryOptions({
    queryKey: queryKeys.reviews.mine(),
    queryFn: () => api.reviews.mine({ body: { page: 0, size: 50, filterMap: { state: 'all' } } }),
  });

/** The photo sent with a message (only asked for when the message has one). */
export const reviewPhotoQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.reviews.all, 'photo', id] as const,
    queryFn: () => api.reviews.photo({ params: { id } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
