import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';

// Query options of what more than one feature reads (features never import each other): the shell's
// selector bar and the org pages, the administration and the profile, the org and location contacts.

export const concernsListQuery = () =>
  queryOptions({ queryKey: queryKeys.concerns.list(), queryFn: () => api.concerns.list() });

export const concernQuery = (code: string | null) =>
  queryOptions({
    queryKey: queryKeys.concern(code ?? ''),
    queryFn: code ? () => api.concern.get({ params: { code } }) : skipToken,
  });

export const branchQuery = (code: string | null) =>
  queryOptions({
    queryKey: queryKeys.branch.detail(code ?? ''),
    queryFn: code ? () => api.branch.get({ params: { code } }) : skipToken,
  });

export const userQuery = (id: string | null) =>
  queryOptions({
    queryKey: queryKeys.user(id ?? ''),
    queryFn: id ? () => api.users.getById({ params: { id } }) : skipToken,
  });

export const employeeQuery = (key: string | null) =>
  queryOptions({
    queryKey: queryKeys.employee(key ?? ''),
    queryFn: key ? () => api.employee.get({ params: { key } }) : skipToken,
  });
