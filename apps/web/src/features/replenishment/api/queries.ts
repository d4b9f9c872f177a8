import type {
  LocationSizingRequest,
  ReplenishmentSettingsRequest,
  WorklistRequest,
} from '@falcon/api-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** A container's weeks of the last 12 months: consumption, stock, reach, alarm threshold (field-filtered). */
export const containerHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.container.history(id),
    queryFn: () => api.replenishment.containerHistory({ params: { id } }),
  });

/** The suggested filling quantity over `windowWeeks`, with the numbers of its reason. */
export const containerSizingQuery = (id: string, windowWeeks: number) =>
  queryOptions({
    queryKey: queryKeys.container.sizing(id, windowWeeks),
    queryFn: () => api.replenishment.containerSizing({ params: { id }, body: { windowWeeks } }),
    placeholderData: keepPreviousData,
  });

export const reachBandsQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.location.reachBands(code),
    queryFn: () => api.replenishment.reachBands({ params: { code } }),
  });

export const locationSizingQuery = (code: string, request: LocationSizingRequest) =>
  queryOptions({
    queryKey: queryKeys.location.sizing(code, request),
    queryFn: () => api.replenishment.locationSizing({ params: { code }, body: request }),
    placeholderData: keepPreviousData,
  });

export const worklistQuery = (request: WorklistRequest) =>
  queryOptions({
    queryKey: queryKeys.worklist.page(request),
    queryFn: () => api.replenishment.worklist({ body: request }),
    placeholderData: keepPreviousData,
  });

/** The concerns, branches and locations in the user's scope (the worklist's filters). */
export const scopeTreeQuery = () =>
  queryOptions({ queryKey: queryKeys.cblTree(), queryFn: () => api.cbl.tree(), staleTime: 5 * 60_000 });

/** Where lead and safety time are set: a location (null: its branch's), or a branch (null: the product's). */
export type ReplenishmentLevel = 'location' | 'branch';

/** A location's or branch's lead and safety time, where each comes from, and whether the caller may change them. */
export const replenishmentSettingsQuery = (level: ReplenishmentLevel, code: string) =>
  queryOptions({
    queryKey:
      level === 'location'
        ? queryKeys.location.replenishmentSettings(code)
        : queryKeys.branch.replenishmentSettings(code),
    queryFn: () =>
      level === 'location'
        ? api.replenishment.locationSettings({ params: { code } })
        : api.replenishment.branchSettings({ params: { code } }),
  });

export const saveReplenishmentSettings = (
  level: ReplenishmentLevel,
  code: string,
  body: ReplenishmentSettingsRequest,
) =>
  level === 'location'
    ? api.replenishment.saveLocationSettings({ params: { code }, body })
    : api.replenishment.saveBranchSettings({ params: { code }, body });
