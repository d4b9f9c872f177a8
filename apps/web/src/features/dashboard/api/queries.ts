import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The start page's figures: the user's locations by alarming count and the state of requests. */
export const dashboardQuery = () =>
  queryOptions({ queryKey: queryKeys.dashboard(), queryFn: () => api.admin.dashboard() });

/** How many containers in the user's scope are on the reorder worklist (refreshed with the dashboard). */
export const worklistCountQuery = () =>
  queryOptions({ queryKey: queryKeys.worklist.count(), queryFn: () => api.replenishment.worklistCount() });
