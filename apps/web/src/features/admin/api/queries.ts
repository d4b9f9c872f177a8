import type { ListRequest, ProtocolListRequest } from '@falcon/api-client/lite';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

// The administration's reads: users, roles, permissions, protocol, exports and the system overview.

export const usersPageQuery = (request: ListRequest) =>
  queryOptions({ queryKey: queryKeys.users.page(request), queryFn: () => api.users.list({ body: request }) });

/** Every role (the role pickers). */
export const allRolesQuery = () =>
  queryOptions({ queryKey: queryKeys.roles.list(), queryFn: () => api.roles.all() });

export const rolesPageQuery = (request: ListRequest) =>
  queryOptions({ queryKey: queryKeys.roles.page(request), queryFn: () => api.roles.list({ body: request }) });

export const roleQuery = (id: string | null) =>
  queryOptions({
    queryKey: queryKeys.role(id ?? ''),
    queryFn: id ? () => api.roles.getById({ params: { id } }) : skipToken,
  });

/** The permission catalogue (codes by group), for the permission pickers. */
export const permissionsQuery = () =>
  queryOptions({ queryKey: queryKeys.permissions(), queryFn: () => api.users.permissions() });

export const protocolQuery = (request: ProtocolListRequest) =>
  queryOptions({
    queryKey: queryKeys.protocol(request),
    queryFn: () => api.protocol.list({ body: request }),
  });

export const exportsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: queryKeys.exports.page(page, size),
    queryFn: () => api.exports.list({ body: { page, size } }),
  });

export const adminOverviewQuery = () =>
  queryOptions({ queryKey: queryKeys.adminOverview(), queryFn: () => api.admin.overview() });

/** The employees a user can be linked to (in-house staff review requests; field service). */
export const inHouseStaffQuery = () =>
  queryOptions({
    queryKey: queryKeys.employees('inhousestaff'),
    queryFn: () => api.concerns.inHouseStaff(),
  });

export const fieldServiceQuery = () =>
  queryOptions({
    queryKey: queryKeys.employees('fieldservice'),
    queryFn: () => api.concerns.fieldService(),
  });

/** A concern's single sign-on settings and the redirect URI to register at its provider. */
export const ssoSettingsQuery = (code: string) =>
  queryOptions({ queryKey: queryKeys.sso(code), queryFn: () => api.sso.settings({ params: { code } }) });
