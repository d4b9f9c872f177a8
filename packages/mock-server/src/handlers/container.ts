import {
  CONTAINER_REQUESTS_SHOWN,
  type ContainerAction,
  containerActionRefusal,
  FIELD_PERMISSIONS,
  orderDateRefusal,
  type ReviewRequest,
} from '@falcon/api-client';
import type { DatasetContainer, DatasetLocation } from '@falcon/demo-data';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb } from '../db';
import { fail, invalid, notFound } from '../errors';
import { requestReview } from './reviews';
import { fileResponse, type HandlerContext, route } from './route';
import { articleView, containerById, documentView, toContainer } from './views';

/** A container action is a request for review: nothing about the container changes yet. */
const requestAction = (
  db: MockDb,
  auth: Auth,
  id: string,
  type: ContainerAction,
  payload: (c: DatasetContainer) => ReviewRequest['payload'],
) => {
  const container = containerById(db, auth, id);
  const refusal = containerActionRefusal(type, container, db.reviews.hasPending(container.id, type));
  if (refusal) fail(409, refusal.key, undefined, refusal.message);
  const location = db.locations.get(container.locationCode) as DatasetLocation;
  return requestReview(db, auth, type, location, container, payload(container));
};

export const containerHandlers = (ctx: HandlerContext): HttpHandler[] => [
  // Before `container/:id/...`: the literal segment must win.
  route(ctx, 'container', 'byBarcode', ({ db, auth, params }) => {
    const container = db.containersByBarcode.get(params.barcode);
    if (!container || !db.canSeeLocation(auth.scope, container.locationCode))
      return notFound('invalid_barcode');
    return toContainer(container as DatasetContainer);
  }),
  route(ctx, 'container', 'get', ({ db, auth, params }) => {
    const container = containerById(db, auth, params.id);
    return { ...toContainer(container), pendingRequests: db.reviews.pendingTypesFor(container) };
  }),
  route(ctx, 'container', 'message', ({ db, auth, params, body }) => {
    const container = containerById(db, auth, params.id);
    const location = db.locations.get(container.locationCode) as DatasetLocation;
    return requestReview(db, auth, 'message', location, container, { message: body.message });
  }),
  route(ctx, 'container', 'documents', ({ db, auth, params, apiUrl }) => {
    const container = containerById(db, auth, params.id);
    return [...db.files.documents.values()]
      .filter((d) => d.containerId === container.id)
      .map((d) => documentView(apiUrl, d));
  }),
  route(ctx, 'container', 'requests', ({ db, auth, params }) => {
    const container = containerById(db, auth, params.id);
    return db.reviews.requests
      .filter((r) => r.containerId === container.id)
      .sort(
        (a, b) =>
          Number(b.state === 'pending') - Number(a.state === 'pending') ||
          b.requestedAt.localeCompare(a.requestedAt) ||
          b.id.localeCompare(a.id),
      )
      .slice(0, CONTAINER_REQUESTS_SHOWN);
  }),
  route(ctx, 'container', 'deactivate', ({ db, auth, params }) =>
    requestAction(db, auth, params.id, 'deactivate', () => ({})),
  ),
  route(ctx, 'container', 'scan', ({ db, auth, params }) =>
    requestAction(db, auth, params.id, 'scan', () => ({})),
  ),
  route(ctx, 'container', 'additionalOrder', ({ db, auth, params, body }) => {
    containerById(db, auth, params.id); // a foreign container is 404 first, as on the server
    const refused = orderDateRefusal(body.additionalOrderDate, new Date(db.now()));
    if (refused) invalid('additionalOrderDate', refused);
    return requestAction(db, auth, params.id, 'additionalorder', () => ({
      factor: body.factor,
      additionalOrderDate: body.additionalOrderDate,
    }));
  }),
  route(ctx, 'container', 'changeQuantity', ({ db, auth, params, body }) =>
    requestAction(db, auth, params.id, 'changequantity', (c) => ({
      fillingQuantity: body.factor,
      previousFillingQuantity: c.fillingQuantity,
    })),
  ),
];

export const articleHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'article', 'get', ({ db, auth, params, apiUrl }) => articleView(db, auth, params.code, apiUrl)),
];

export const documentHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'document', 'download', ({ db, auth, params }) => {
    const doc = db.files.documents.get(params.id);
    if (!doc) return notFound();
    // A document the caller may not see (hidden field or foreign data) is as missing as an unknown one.
    const visible = doc.containerId
      ? auth.permissions.has(FIELD_PERMISSIONS.document) &&
        db.canSeeLocation(auth.scope, db.containers.get(doc.containerId)?.locationCode ?? '')
      : doc.articleCode !== null &&
        (auth.permissions.has(FIELD_PERMISSIONS.articleDocuments) ||
          auth.permissions.has(FIELD_PERMISSIONS.articleDrawing)) &&
        db.articleVisible(auth.scope, doc.articleCode);
    return visible ? fileResponse(doc) : notFound();
  }),
];
