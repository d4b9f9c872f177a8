import type { ResourceName } from '@falcon/api-client';
import type { HttpHandler } from 'msw';
import { createDb, type MockDb, type MockDbSource } from '../db';
import { adminHandlers, profileHandlers, rolesHandlers, usersHandlers } from './admin';
import { authHandlers } from './auth';
import { branchHandlers } from './branch';
import { articleHandlers, containerHandlers, documentHandlers } from './container';
import { exportsHandlers } from './exports';
import { barcodeListsHandlers, inventoryListsHandlers } from './lists';
import { locationHandlers } from './location';
import { mfaHandlers } from './mfa';
import { notificationsHandlers } from './notifications';
import { cblHandlers, concernHandlers, concernsHandlers, contentHandlers, employeeHandlers } from './org';
import { protocolHandlers } from './protocol';
import { replenishmentHandlers } from './replenishment';
import { reviewsHandlers } from './reviews';
import type { HandlerContext } from './route';
import { ssoHandlers } from './sso';
import { stocktakesHandlers } from './stocktake';

/** Handlers keyed by the contract's resources, so a story overrides one key (Empty, Error, Loading). */
export type HandlerMap = Record<ResourceName, HttpHandler[]>;

export interface CreateHandlersOptions {
  /** A database (or a getter of one), a dataset, or dataset options (default: seed 1, `small`); built on the first request. */
  dataset?: MockDbSource | (() => MockDb);
  /** Base of the API; handlers match it on any origin. Default `/api`. */
  baseUrl?: string;
  /** Latency for every handler: ms, 'real' or 'infinite'. */
  delay?: HandlerContext['delay'];
}

const BUILDERS: Record<ResourceName, (ctx: HandlerContext) => HttpHandler[]> = {
  auth: authHandlers,
  sso: ssoHandlers,
  concerns: concernsHandlers,
  concern: concernHandlers,
  employee: employeeHandlers,
  cbl: cblHandlers,
  content: contentHandlers,
  branch: branchHandlers,
  location: locationHandlers,
  container: containerHandlers,
  article: articleHandlers,
  document: documentHandlers,
  barcodeLists: barcodeListsHandlers,
  inventoryLists: inventoryListsHandlers,
  stocktakes: stocktakesHandlers,
  protocol: protocolHandlers,
  exports: exportsHandlers,
  reviews: reviewsHandlers,
  replenishment: replenishmentHandlers,
  users: usersHandlers,
  roles: rolesHandlers,
  profile: profileHandlers,
  notifications: notificationsHandlers,
  admin: adminHandlers,
  mfa: mfaHandlers,
};

/** A lazily created database: building handlers is free, the first request creates the data. */
export const lazyDb = (source: MockDbSource = {}): (() => MockDb) => {
  let db: MockDb | undefined;
  return () => {
    db ??= createDb(source);
    return db;
  };
};

/** Every rest/v2 endpoint as msw handlers over one stateful database, keyed by resource. */
export const createHandlers = (options: CreateHandlersOptions = {}): HandlerMap => {
  const ctx: HandlerContext = {
    db: typeof options.dataset === 'function' ? options.dataset : lazyDb(options.dataset),
    baseUrl: options.baseUrl ?? '/api',
    delay: options.delay,
  };
  return Object.fromEntries(
    Object.entries(BUILDERS).map(([resource, build]) => [resource, build(ctx)]),
  ) as HandlerMap;
};

/** The handlers of a map as one list (msw's `setupServer(...flattenHandlers(map))`). */
export const flattenHandlers = (map: Partial<HandlerMap>): HttpHandler[] => Object.values(map).flat();
