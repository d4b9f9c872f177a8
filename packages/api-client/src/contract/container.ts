import { z } from 'zod';
import { DateInput, Id, IdParams, IsoDate, IsoDateTime } from './common';
import { defineEndpoint } from './define';
import { ReviewRequest } from './review';

export const DELIVERY_STATES = ['inaccess', 'indelivery', 'backorder'] as const;
export const DeliveryState = z.enum(DELIVERY_STATES);
export type DeliveryState = z.infer<typeof DeliveryState>;

/**
 * A container (Kanban bin). Identity and state fields are always present; every labelled field of
 * spec section 3 is optional because the server omits what the user may not see.
 */
export const Container = z.object({
  id: z.string(),
  locationCode: z.string(),
  active: z.boolean(),
  /** Reach below the alarm threshold: the grid colours it. */
  alarming: z.boolean(),
  code: z.string().optional(),
  placeCode: z.string().optional(),
  shelfCode: z.string().optional(),
  rackCode: z.string().optional(),
  error: z.string().nullable().optional(),
  weight: z.number().optional(),
  deliveryStatus: DeliveryState.optional(),
  reachInWeeks: z.number().optional(),
  consumption: z.number().optional(),
  annualConsumption: z.number().optional(),
  stockTurnRate: z.number().optional(),
  customerPartNumber: z.string().optional(),
  position: z.number().int().optional(),
  numberOfScans: z.number().int().optional(),
  obligatory: z.boolean().optional(),
  deliveryNoteDate: IsoDate.nullable().optional(),
  deliveryNoteNumber: z.string().nullable().optional(),
  picture: z.string().nullable().optional(),
  expectedDeliveryDate: IsoDate.nullable().optional(),
  fillingQuantity: z.number().optional(),
  price: z.number().optional(),
  packagingUnit: z.string().optional(),
  lastScannedDate: IsoDateTime.nullable().optional(),
  containerType: z.string().optional(),
  width: z.number().optional(),
  charge: z.string().nullable().optional(),
  orderNumber: z.string().nullable().optional(),
  articleCertificate: z.string().nullable().optional(),
  articleName: z.string().optional(),
  articleCode: z.string().optional(),
  sticker: z.string().nullable().optional(),
  document: z.string().nullable().optional(),
  storageCoordinate: z.string().nullable().optional(),
  storageDescription: z.string().nullable().optional(),
  barcode: z.string().optional(),
});
export type Container = z.infer<typeof Container>;

/** The labelled (visibility-gated) container fields. */
export const CONTAINER_FIELDS = Object.keys(Container.shape).filter(
  (k) => !['id', 'locationCode', 'active', 'alarming'].includes(k),
) as readonly (keyof Container)[];

export const Document = z.object({
  id: z.string(),
  title: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type Document = z.infer<typeof Document>;

export const Article = z.object({
  code: z.string(),
  name: z.string().optional(),
  customerPartNumber: z.string().optional(),
  certificate: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
  documents: z.array(Document).optional(),
  drawing: z.string().nullable().optional(),
  reachInWeeks: z.number().optional(),
  lastScannedDate: IsoDateTime.nullable().optional(),
  numberOfScans: z.number().int().optional(),
  consumption: z.number().optional(),
  annualConsumption: z.number().optional(),
  stockTurnRate: z.number().optional(),
});
export type Article = z.infer<typeof Article>;

export const AdditionalOrderRequest = z.strictObject({
  factor: z.number().positive().max(1000),
  /** Not before today (checked with the backend's clock: `earliestOrderDate`). */
  additionalOrderDate: DateInput,
});
export const ChangeQuantityRequest = z.strictObject({ factor: z.number().positive().max(1_000_000) });

const containerById = { params: IdParams, tenant: { kind: 'container', param: 'id' } } as const;

export const container = {
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/container/:id',
    summary: 'One container with the fields the user may see',
    ...containerById,
    response: Container,
  }),
  documents: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/container/:id/documents',
    summary: "The container's documents",
    ...containerById,
    permissions: ['PERM_FIELD_DOCUMENT'],
    response: z.array(Document),
  }),
  requests: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/container/:id/requests',
    summary: 'Review requests made for the container, newest first',
    ...containerById,
    response: z.array(ReviewRequest),
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/container/:id/deactivate',
    summary: 'Request deactivation (a review request)',
    ...containerById,
    permissions: ['PERM_CONTAINER_DEACTIVATE'],
    conflicts: ['deactivate_error'],
    status: 201,
    response: ReviewRequest,
  }),
  scan: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/container/:id/scan',
    summary: 'Request a scan / refill (a review request)',
    ...containerById,
    permissions: ['PERM_CONTAINER_REFILL'],
    conflicts: ['scan_error'],
    status: 201,
    response: ReviewRequest,
  }),
  additionalOrder: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/container/:id/additionalorder',
    summary: 'Request an additional delivery (a review request)',
    ...containerById,
    permissions: ['PERM_CONTAINER_ADDITIONALDELIVERY'],
    conflicts: ['order_error'],
    body: AdditionalOrderRequest,
    status: 201,
    response: ReviewRequest,
  }),
  changeQuantity: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/container/:id/changequantity',
    summary: 'Request a new filling quantity (a review request)',
    ...containerById,
    permissions: ['PERM_CONTAINER_CHANGEQUANTITY'],
    conflicts: ['change_quantity_error'],
    body: ChangeQuantityRequest,
    status: 201,
    response: ReviewRequest,
  }),
  byBarcode: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/container/barcode/:barcode',
    summary: 'Find a container by its barcode (the /app scanner); 404 invalid_barcode when unknown',
    params: z.strictObject({ barcode: z.string().trim().min(1).max(64) }),
    response: Container,
  }),
};

export const article = {
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/article/:code',
    summary: 'One article held in a container the user may see',
    params: z.strictObject({ code: z.string().trim().min(1).max(64) }),
    tenant: { kind: 'article', param: 'code' },
    response: Article,
  }),
};

export const document = {
  download: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/document/:id',
    summary: 'Download a container or article document',
    params: z.strictObject({ id: Id }),
    tenant: { kind: 'document', param: 'id' },
    response: z.instanceof(Blob),
    responseKind: 'binary',
  }),
};
