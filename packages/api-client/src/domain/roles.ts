import {
  ACTION_PERMISSIONS as A,
  ALL_PERMISSION_CODES,
  FIELD_GROUPS,
  FIELD_PERMISSIONS,
  FILTER_PERMISSIONS,
  type PermissionCode,
  ROUTE_PERMISSIONS as R,
} from '../permissions';

const ALL_FIELDS = Object.values(FIELD_PERMISSIONS);
const ALL_FILTERS = Object.values(FILTER_PERMISSIONS);
const CONTAINER_REQUESTS = [
  A.containerRefill,
  A.containerAdditionalDelivery,
  A.containerDeactivate,
  A.containerChangeQuantity,
  A.sendMessageContainer,
  A.sendMessageShelf,
  A.sendMessageRack,
];

const unique = (codes: readonly PermissionCode[]): PermissionCode[] => [...new Set(codes)];

/**
 * The built-in roles whose users need a second factor on a production start (issue 18, ADR 0063): the
 * supplier's administrators and clerks see every customer's data. The demo dataset leaves it off (its
 * users share a known password and sign in without a second step; the tests switch it on).
 */
export const SECOND_FACTOR_ROLES: readonly string[] = ['ADMIN', 'BACKOFFICE'];

/** The default roles (ARCHITECTURE.md); administrators may edit them. */
export const DEFAULT_ROLES = {
  ADMIN: { description: 'everything', permissions: [...ALL_PERMISSION_CODES] },
  BACKOFFICE: {
    description: 'in-house clerk: responsible concerns, all fields, reviews, lists, exports',
    permissions: unique([
      ...ALL_FIELDS,
      ...ALL_FILTERS,
      ...CONTAINER_REQUESTS,
      R.exportSearchResultToExcel,
      A.reviewRequests,
      A.handleRack,
      A.scanRack,
      A.editRackLayout,
      A.editBranchMap,
      A.uploadDeleteLocationImage,
      A.viewLocationProtocolEntries,
      A.downloadBarcodeLists,
      A.uploadBarcodeLists,
      A.uploadInventoryLists,
      A.transferInventoryList,
    ]),
  },
  SALESFORCE: {
    description: 'field service: served concerns, statistics, exports, no administration',
    permissions: unique([
      ...FIELD_GROUPS.MASTERDATA,
      ...FIELD_GROUPS.ARTICLESTATISTICS,
      ...FIELD_GROUPS.CONTAINERSTATISTICS,
      ...FIELD_GROUPS.DELIVERYDETAILS,
      FIELD_PERMISSIONS.annualConsumption,
      FIELD_PERMISSIONS.stockTurnRate,
      FIELD_PERMISSIONS.price,
      ...ALL_FILTERS,
      R.exportSearchResultToExcel,
      A.viewLocationProtocolEntries,
    ]),
  },
  KD_ADMIN: {
    description: 'customer admin of one concern: its users and roles, all fields, requests, exports',
    permissions: unique([
      ...ALL_FIELDS,
      ...ALL_FILTERS,
      ...CONTAINER_REQUESTS,
      R.createUser,
      R.removeUser,
      R.createRole,
      R.exportSearchResultToExcel,
      A.removeRole,
      A.viewLocationProtocolEntries,
      A.uploadDeleteLocationImage,
      A.editBranchMap,
      A.downloadBarcodeLists,
      A.uploadBarcodeLists,
      A.uploadInventoryLists,
      A.transferInventoryList,
      A.scanRack,
    ]),
  },
  KD_USER: {
    description:
      'customer staff: its concern or chosen locations, requests, master data and container statistics',
    permissions: unique([
      ...FIELD_GROUPS.MASTERDATA,
      ...FIELD_GROUPS.CONTAINERSTATISTICS,
      FIELD_PERMISSIONS.barcode,
      FILTER_PERMISSIONS.deliveryState,
      FILTER_PERMISSIONS.alarming,
      A.containerRefill,
      A.containerChangeQuantity,
      A.containerAdditionalDelivery,
    ]),
  },
} as const satisfies Record<string, { description: string; permissions: readonly PermissionCode[] }>;

export type DefaultRoleName = keyof typeof DEFAULT_ROLES;
export const DEFAULT_ROLE_NAMES = Object.keys(DEFAULT_ROLES) as DefaultRoleName[];
