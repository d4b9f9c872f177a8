/**
 * The one catalogue of permission codes. Route-guard codes are exactly the spec's; the rest are ours.
 * Every container and article field has its own visibility code (PERM_FIELD_*), bundled in five groups.
 */

export const ROUTE_PERMISSIONS = {
  createRole: 'PERM_CREATEROLE',
  createUser: 'PERM_CREATEUSER',
  sysAdmin: 'PERM_SYSADMIN',
  exportSearchResultToExcel: 'PERM_EXPORTSEARCHRESULTTOEXCEL',
  removeUser: 'PERM_REMOVEUSER',
  viewGlobalProtocolEntries: 'PERM_VIEWGLOBALPROTOCOLENTRIES',
} as const;

/**
 * The one code of the global protocol: the Protocol menu entry, the /admin/protocol guard and the
 * protocol endpoint all use it. The spec names PERM_VIEWGLOBALPROTOCOLENTRIES for the menu entry and
 * PERM_SYSADMIN for the guard of "admin protocol and /admin"; the specific code wins, so whoever sees
 * the entry can open the page and read the entries.
 */
export const PROTOCOL_PERMISSION = ROUTE_PERMISSIONS.viewGlobalProtocolEntries;

export const ACTION_PERMISSIONS = {
  removeRole: 'PERM_REMOVEROLE',
  handleRack: 'PERM_HANDLERACK',
  scanRack: 'PERM_SCANRACK',
  editRackLayout: 'PERM_EDITRACKLAYOUT',
  editBranchMap: 'PERM_EDITBRANCHMAP',
  uploadDeleteLocationImage: 'PERM_UPLOADDELETELOCATIONIMAGE',
  viewLocationProtocolEntries: 'PERM_VIEWLOCATIONPROTOCOLENTRIES',
  downloadBarcodeLists: 'PERM_DOWNLOADBARCODELISTS',
  uploadBarcodeLists: 'PERM_UPLOADBARCODELISTS',
  uploadInventoryLists: 'PERM_UPLOADINVENTORYLISTS',
  transferInventoryList: 'PERM_TRANSFERINVENTORYLIST',
  reviewRequests: 'PERM_REVIEWREQUESTS',
  impersonate: 'PERM_IMPERSONATE',
  containerRefill: 'PERM_CONTAINER_REFILL',
  containerAdditionalDelivery: 'PERM_CONTAINER_ADDITIONALDELIVERY',
  containerDeactivate: 'PERM_CONTAINER_DEACTIVATE',
  containerChangeQuantity: 'PERM_CONTAINER_CHANGEQUANTITY',
  sendMessageContainer: 'PERM_SENDMESSAGE_CONTAINER',
  sendMessageShelf: 'PERM_SENDMESSAGE_SHELF',
  sendMessageRack: 'PERM_SENDMESSAGE_RACK',
} as const;

/** Search filters of spec section 6, each behind its own code. */
export const FILTER_PERMISSIONS = {
  reach: 'PERM_FILTER_REACH',
  deliveryState: 'PERM_FILTER_DELIVERYSTATE',
  obligationAcceptance: 'PERM_FILTER_OBLIGATIONACCEPTANCE',
  alarming: 'PERM_FILTER_ALARMING',
  consumption: 'PERM_FILTER_CONSUMPTION',
  stockTurnRate: 'PERM_FILTER_STOCKTURNRATE',
  deliveryDate: 'PERM_FILTER_DELIVERYDATE',
  error: 'PERM_FILTER_ERROR',
} as const;

/** One visibility code per container/article field (spec section 3). */
export const FIELD_PERMISSIONS = {
  code: 'PERM_FIELD_CONTAINERCODE',
  placeCode: 'PERM_FIELD_CONTAINERPLACECODE',
  shelfCode: 'PERM_FIELD_SHELFCODE',
  rackCode: 'PERM_FIELD_RACKCODE',
  error: 'PERM_FIELD_ERROR',
  weight: 'PERM_FIELD_WEIGHT',
  deliveryStatus: 'PERM_FIELD_DELIVERYSTATUS',
  reachInWeeks: 'PERM_FIELD_REACHINWEEKS',
  consumption: 'PERM_FIELD_CONSUMPTION',
  annualConsumption: 'PERM_FIELD_ANNUALCONSUMPTION',
  stockTurnRate: 'PERM_FIELD_STOCKTURNRATE',
  customerPartNumber: 'PERM_FIELD_CUSTOMERPARTNUMBER',
  position: 'PERM_FIELD_POSITION',
  numberOfScans: 'PERM_FIELD_NUMBEROFSCANS',
  obligatory: 'PERM_FIELD_OBLIGATORY',
  deliveryNoteDate: 'PERM_FIELD_DELIVERYNOTEDATE',
  deliveryNoteNumber: 'PERM_FIELD_DELIVERYNOTENUMBER',
  picture: 'PERM_FIELD_PICTURE',
  expectedDeliveryDate: 'PERM_FIELD_EXPECTEDDELIVERYDATE',
  fillingQuantity: 'PERM_FIELD_FILLINGQUANTITY',
  price: 'PERM_FIELD_PRICE',
  packagingUnit: 'PERM_FIELD_PACKAGINGUNIT',
  lastScannedDate: 'PERM_FIELD_LASTSCANNEDDATE',
  containerType: 'PERM_FIELD_CONTAINERTYPE',
  width: 'PERM_FIELD_WIDTH',
  charge: 'PERM_FIELD_CHARGE',
  orderNumber: 'PERM_FIELD_ORDERNUMBER',
  articleCertificate: 'PERM_FIELD_ARTICLECERTIFICATE',
  articleName: 'PERM_FIELD_ARTICLENAME',
  articleCode: 'PERM_FIELD_ARTICLECODE',
  sticker: 'PERM_FIELD_STICKER',
  document: 'PERM_FIELD_DOCUMENT',
  storageCoordinate: 'PERM_FIELD_STORAGECOORDINATE',
  storageDescription: 'PERM_FIELD_STORAGEDESCRIPTION',
  barcode: 'PERM_FIELD_BARCODE',
  articleImage: 'PERM_FIELD_ARTICLEIMAGE',
  articleDocuments: 'PERM_FIELD_ARTICLEDOCUMENTS',
  articleDrawing: 'PERM_FIELD_ARTICLEDRAWING',
} as const;

export type FieldKey = keyof typeof FIELD_PERMISSIONS;
export type FieldPermissionCode = (typeof FIELD_PERMISSIONS)[FieldKey];

const F = FIELD_PERMISSIONS;

/** The five visibility groups of spec section 6: one-click bundles of field codes. */
export const FIELD_GROUPS = {
  MASTERDATA: [
    F.articleCode,
    F.articleName,
    F.customerPartNumber,
    F.fillingQuantity,
    F.packagingUnit,
    F.weight,
    F.obligatory,
    F.orderNumber,
    F.articleCertificate,
  ],
  ARTICLESTATISTICS: [F.numberOfScans, F.consumption, F.reachInWeeks, F.lastScannedDate],
  CONTAINERSTATISTICS: [F.deliveryStatus, F.numberOfScans, F.reachInWeeks, F.lastScannedDate],
  DELIVERYDETAILS: [F.deliveryNoteNumber, F.deliveryNoteDate, F.charge],
  CONTAINERDATA: [
    F.charge,
    F.rackCode,
    F.shelfCode,
    F.placeCode,
    F.position,
    F.containerType,
    F.code,
    F.storageCoordinate,
    F.storageDescription,
  ],
} as const satisfies Record<string, readonly FieldPermissionCode[]>;

export type FieldGroup = keyof typeof FIELD_GROUPS;

export const PERMISSIONS = {
  ...ROUTE_PERMISSIONS,
  ...ACTION_PERMISSIONS,
} as const;

export type PermissionCode =
  | (typeof ROUTE_PERMISSIONS)[keyof typeof ROUTE_PERMISSIONS]
  | (typeof ACTION_PERMISSIONS)[keyof typeof ACTION_PERMISSIONS]
  | (typeof FILTER_PERMISSIONS)[keyof typeof FILTER_PERMISSIONS]
  | FieldPermissionCode;

export type PermissionCategory = 'route' | 'action' | 'filter' | 'field';

const entries = (category: PermissionCategory, codes: Record<string, string>) =>
  Object.values(codes).map((code) => ({ code: code as PermissionCode, category }));

/** Every permission code with its category, in catalogue order. */
export const PERMISSION_CATALOGUE: readonly { code: PermissionCode; category: PermissionCategory }[] = [
  ...entries('route', ROUTE_PERMISSIONS),
  ...entries('action', ACTION_PERMISSIONS),
  ...entries('filter', FILTER_PERMISSIONS),
  ...entries('field', FIELD_PERMISSIONS),
];

export const ALL_PERMISSION_CODES: readonly PermissionCode[] = PERMISSION_CATALOGUE.map((p) => p.code);

export const isPermissionCode = (value: string): value is PermissionCode =>
  (ALL_PERMISSION_CODES as readonly string[]).includes(value);
