import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The own e-mail notification settings, where they go and how the server delivers mail. */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.notifications(),
    queryFn: () => api.notifications.get(),
  });
