import type { EndpointName } from '@falcon/api-client';
import { adminRoutes, profileRoutes, rolesRoutes, usersRoutes } from './admin';
import { authRoutes } from './auth';
import { branchRoutes } from './branch';
import { articleRoutes, containerRoutes, documentRoutes } from './container';
import type { ImplementedBy } from './define';
import { exportsRoutes } from './exports';
import { labelRoutes } from './labels';
import { barcodeListsRoutes, inventoryListsRoutes } from './lists';
import { locationRoutes } from './location';
import { locationFileRoutes } from './location-files';
import { mfaRoutes } from './mfa';
import { notificationsRoutes } from './notifications';
import { cblRoutes, concernRoutes, concernsRoutes, contentRoutes, employeeRoutes } from './org';
import { protocolRoutes } from './protocol';
import { replenishmentRoutes } from './replenishment';
import { reviewsRoutes } from './reviews';
import { ssoRoutes } from './sso';
import { stocktakesRoutes } from './stocktake';

/** Every route group, one per contract resource (location in two). */
export const routeGroups = [
  authRoutes,
  ssoRoutes,
  concernsRoutes,
  concernRoutes,
  employeeRoutes,
  cblRoutes,
  contentRoutes,
  branchRoutes,
  locationRoutes,
  // Gallery and export of the location resource (handlers are keyed by resource and name).
  locationFileRoutes,
  // Label PDFs of the location resource (issue 17).
  labelRoutes,
  containerRoutes,
  articleRoutes,
  documentRoutes,
  barcodeListsRoutes,
  inventoryListsRoutes,
  stocktakesRoutes,
  protocolRoutes,
  exportsRoutes,
  reviewsRoutes,
  replenishmentRoutes,
  usersRoutes,
  rolesRoutes,
  profileRoutes,
  notificationsRoutes,
  adminRoutes,
  mfaRoutes,
] as const;

/** Every endpoint of the contract has a handler: an endpoint without one does not compile. */
type Unimplemented = Exclude<EndpointName, ImplementedBy<(typeof routeGroups)[number]>>;
const everyEndpointImplemented: Record<Unimplemented, never> = {};
void everyEndpointImplemented;
