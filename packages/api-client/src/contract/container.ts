import { z } from 'zod';
import { CONTAINER_REQUESTS_SHOWN, DELIVERY_STATES } from '../data-constants';
import { DateInput, Id, IdParams, IsoDate, IsoDateTime } from './common';
import { defineEndpoint } from './define';
import { fieldOf } from './fields';
import { MessageRequest, ReviewRequest, ReviewType } from './review';

export { CONTAINER_REQUESTS_SHOWN, DELIVERY_STATES };
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
  code: fieldOf('code', z.string()),
  placeCode: fieldOf('placeCode', z.string()),
  shelfCode: fieldOf('shelfCode', z.string()),
  rackCode: fieldOf('rackCode', z.string()),
  error: fieldOf('error', z.string().nullable()),
  weight: fieldOf('weight', z.number()),
  deliveryStatus: fieldOf('deliveryStatus', DeliveryState),
  reachInWeeks: fieldOf('reachInWeeks', z.number()),
  consumption: fieldOf('consumption', z.number()),
  annualConsumption: fieldOf('annualConsumption', z.number()),
  stockTurnRate: fieldOf('stockTurnRate', z.number()),
  customerPartNumber: fieldOf('customerPartNumber', z.string()),
  position: fieldOf('position', z.number().int()),
  numberOfScans: fieldOf('numberOfScans', z.number().int()),
  obligatory: fieldOf('obligatory', z.boolean()),
  deliveryNoteDate: fieldOf('deliveryNoteDate', IsoDate.nullable()),
  deliveryNoteNumber: fieldOf('deliveryNoteNumber', z.string().nullable()),
  picture: fieldOf('picture', z.string().nullable()),
  expectedDeliveryDate: fieldOf('expectedDeliveryDate', IsoDate.nullable()),
  fillingQuantity: fieldOf('fillingQuantity', z.number()),
  price: fieldOf('price', z.number()),
  packagingUnit: fieldOf('packagingUnit', z.string()),
  lastScannedDate: fieldOf('lastScannedDate', IsoDateTime.nullable()),
  containerType: fieldOf('containerType', z.string()),
  width: fieldOf('width', z.number()),
  charge: fieldOf('charge', z.string().nullable()),
  orderNumber: fieldOf('orderNumber', z.string().nullable()),
  articleCertificate: fieldOf('articleCertificate', z.string().nullable()),
  articleName: fieldOf('articleName', z.string()),
  articleCode: fieldOf('articleCode', z.string()),
  sticker: fieldOf('sticker', z.string().nullable()),
  document: fieldOf('document', z.string().nullable()),
  storageCoordinate: fieldOf('storageCoordinate', z.string().nullable()),
  storageDescription: fieldOf('storageDescription', z.string().nullable()),
  barcode: fieldOf('barcode', z.string()),
  /**
   * The kinds of request waiting for review for this container (its own and scans of its rack), so an
   * action can show "pending" instead of a second dialog. In the container's own answer, not in search rows.
   */
  pendingRequests: z.array(ReviewType).optional(),
});
export type Container = z.infer<typeof Container>;

/** The labelled (visibility-gated) container fields. */
export const CONTAINER_FIELDS = Object.keys(Container.shape).filter(
  (k) => !['id', 'locationCode', 'active', 'alarming', 'pendingRequests'].includes(k),
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
  name: fieldOf('articleName', z.string()),
  customerPartNumber: fieldOf('customerPartNumber', z.string()),
  certificate: fieldOf('articleCertificate', z.string().nullable()),
  image: fieldOf('articleImage', z.string().nullable()),
  documents: fieldOf('articleDocuments', z.array(Document)),
  drawing: fieldOf('articleDrawing', z.string().nullable()),
  reachInWeeks: fieldOf('reachInWeeks', z.number()),
  lastScannedDate: fieldOf('lastScannedDate', IsoDateTime.nullable()),
  numberOfScans: fieldOf('numberOfScans', z.number().int()),
  consumption: fieldOf('consumption', z.number()),
  annualConsumption: fieldOf('annualConsumption', z.number()),
  stockTurnRate: fieldOf('stockTurnRate', z.number()),
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
    summary: `Review requests made for the container: pending first, then newest first; at most ${CONTAINER_REQUESTS_SHOWN}`,
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
  message: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/container/:id/message',
    summary: 'Send a message about a container to the responsible clerk (a review request of type message)',
    ...containerById,
    permissions: ['PERM_SENDMESSAGE_CONTAINER'],
    body: MessageRequest,
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
