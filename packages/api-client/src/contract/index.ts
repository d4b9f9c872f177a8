import { admin, profile, roles, users } from './admin';
import { auth } from './auth';
import { branch } from './branch';
import { article, container, document } from './container';
import type { AnyEndpoint } from './define';
import { exportsApi } from './exports';
import { barcodeLists, inventoryLists } from './lists';
import { concernSearch, location } from './location';
import { mfa } from './mfa';
import { notifications } from './notifications';
import { cbl, concern, concerns, content, employee } from './org';
import { protocol } from './protocol';
import { replenishment } from './replenishment';
import { reviews } from './review';
import { sso } from './sso';
import { stocktakes } from './stocktake';

/** Every rest/v2 endpoint, grouped by resource: the client, the mock and the server all read this. */
export const contract = {
  auth,
  sso,
  concerns,
  concern: { ...concern, ...concernSearch },
  employee,
  cbl,
  content,
  branch,
  location,
  container,
  article,
  document,
  barcodeLists,
  inventoryLists,
  stocktakes,
  protocol,
  exports: exportsApi,
  reviews,
  replenishment,
  users,
  roles,
  profile,
  notifications,
  admin,
  mfa,
} as const;

export type Contract = typeof contract;
export type ResourceName = keyof Contract;
export type EndpointName = {
  [R in ResourceName]: `${R}.${Extract<keyof Contract[R], string>}`;
}[ResourceName];

export interface NamedEndpoint {
  name: EndpointName;
  endpoint: AnyEndpoint;
}

/** The contract as a flat list, for enumerating tests, handler coverage and the OpenAPI document. */
export const endpoints: readonly NamedEndpoint[] = Object.entries(contract).flatMap(([resource, group]) =>
  Object.entries(group).map(([name, endpoint]) => ({
    name: `${resource}.${name}` as EndpointName,
    endpoint: endpoint as AnyEndpoint,
  })),
);

export const getEndpoint = (name: EndpointName): AnyEndpoint => {
  const found = endpoints.find((e) => e.name === name);
  if (!found) throw new Error(`Unknown endpoint ${name}`);
  return found.endpoint;
};
