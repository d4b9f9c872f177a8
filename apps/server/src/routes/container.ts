import {
  CONTAINER_REQUESTS_SHOWN,
  type ContainerAction,
  containerActionRefusal,
  orderDateRefusal,
  type ReviewRequest,
} from '@falcon/api-client';
import { and, asc, desc, eq, max, min, sql, sum } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { fail, HttpError, invalid, notFound } from '../errors';
import { type MailContext, thenWakeMail } from '../mail/outbox';
import { containerById, containerViewById, documentView, toContainer } from '../services/containers';
import { createReview, reviewViews } from '../services/reviews';
import { containerScope } from '../services/scope';
import { locationFor } from '../services/tree';
import { defineRoutes } from './define';

/** A container action is a request for review: nothing about the container changes yet. */
const requestAction = async (
  db: Db,
  mail: MailContext,
  auth: Auth,
  id: string,
  type: ContainerAction,
  payload: (c: { fillingQuantity: number }) => ReviewRequest['payload'],
  now: Date,
) =>
  thenWakeMail(
    mail,
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const container = await containerById(tx, auth, id);
      // Lock the container row: two instances cannot both create the same pending request.
      await tx
        .select({ id: t.containers.id })
        .from(t.containers)
        .where(eq(t.containers.id, id))
        .for('update');
      const [pending] = await tx
        .select({ id: t.reviewRequests.id })
        .from(t.reviewRequests)
        .where(
          and(
            eq(t.reviewRequests.containerId, container.id),
            eq(t.reviewRequests.type, type),
            eq(t.reviewRequests.state, 'pending'),
          ),
        )
        .limit(1);
      const refusal = containerActionRefusal(type, container, pending !== undefined);
      if (refusal) fail(409, refusal.key, undefined, refusal.message);
      const location = await locationFor(tx, auth, container.locationCode);
      return createReview(tx, mail, auth, type, location, container, payload(container), now);
    }),
  );

const documentsOf = (db: Db, where: ReturnType<typeof eq>) =>
  db
    .select({
      id: t.documents.id,
      title: t.documents.title,
      filename: t.files.filename,
      contentType: t.files.contentType,
      size: t.files.size,
    })
    .from(t.documents)
    .innerJoin(t.files, eq(t.files.id, t.documents.fileId))
    .where(where)
    .orderBy(asc(t.documents.id));

export const containerRoutes = defineRoutes('container', {
  byBarcode: async ({ db, auth, params }) => {
    const [row] = await db
      .select()
      .from(t.containers)
      .where(and(eq(t.containers.barcode, params.barcode), containerScope(auth.scope)));
    if (!row) throw new HttpError(404, 'invalid_barcode');
    return toContainer(row);
  },
  get: async ({ db, auth, params }) => {
    return containerViewById(db, auth, params.id);
  },
  documents: async ({ db, auth, params, apiUrl }) => {
    const container = await containerById(db, auth, params.id);
    const rows = await documentsOf(db, eq(t.documents.containerId, container.id));
    return rows.map((d) => documentView(apiUrl, d));
  },
  requests: async ({ db, auth, params }) => {
    const container = await containerById(db, auth, params.id);
    const rows = await db
      .select()
      .from(t.reviewRequests)
      .where(eq(t.reviewRequests.containerId, container.id))
      .orderBy(
        sql`${t.reviewRequests.state} = 'pending' desc`,
        desc(t.reviewRequests.requestedAt),
        desc(t.reviewRequests.id),
      )
      .limit(CONTAINER_REQUESTS_SHOWN);
    return reviewViews(db, rows);
  },
  /** A message about the container to the responsible clerk (kept as a request of type message). */
  message: ({ db, auth, params, body, ctx }) =>
    thenWakeMail(
      ctx,
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const container = await containerById(tx, auth, params.id);
        const location = await locationFor(tx, auth, container.locationCode);
        return createReview(
          tx,
          ctx,
          auth,
          'message',
          location,
          container,
          { message: body.message },
          ctx.now(),
        );
      }),
    ),
  deactivate: ({ db, auth, params, ctx }) =>
    requestAction(db, ctx, auth, params.id, 'deactivate', () => ({}), ctx.now()),
  scan: ({ db, auth, params, ctx }) => requestAction(db, ctx, auth, params.id, 'scan', () => ({}), ctx.now()),
  additionalOrder: ({ db, auth, params, body, ctx }) => {
    const now = ctx.now();
    const refused = orderDateRefusal(body.additionalOrderDate, now);
    if (refused) invalid('additionalOrderDate', refused);
    return requestAction(
      db,
      ctx,
      auth,
      params.id,
      'additionalorder',
      () => ({ factor: body.factor, additionalOrderDate: body.additionalOrderDate }),
      now,
    );
  },
  changeQuantity: ({ db, auth, params, body, ctx }) =>
    requestAction(
      db,
      ctx,
      auth,
      params.id,
      'changequantity',
      (c) => ({ fillingQuantity: body.factor, previousFillingQuantity: c.fillingQuantity }),
      ctx.now(),
    ),
});

export const articleRoutes = defineRoutes('article', {
  /** An article with statistics over the containers the caller may see (fields filtered by the pipeline). */
  get: async ({ db, auth, params, apiUrl }) => {
    const [article] = await db.select().from(t.articles).where(eq(t.articles.code, params.code));
    if (!article) return notFound();
    const held = and(eq(t.containers.articleCode, params.code), containerScope(auth.scope));
    const [stats] = await db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        cpn: sql<string | null>`min(${t.containers.customerPartNumber})`,
        reach: min(t.containers.reachInWeeks),
        lastScan: max(t.containers.lastScannedDate),
        scans: sum(t.containers.numberOfScans).mapWith(Number),
        consumption: sum(t.containers.consumption).mapWith(Number),
        annual: sum(t.containers.annualConsumption).mapWith(Number),
        stock: sum(t.containers.fillingQuantity).mapWith(Number),
      })
      .from(t.containers)
      .where(held);
    if (!stats || stats.n === 0) return notFound();
    const docs = await documentsOf(db, eq(t.documents.articleCode, params.code));
    const annual = stats.annual ?? 0;
    const stock = stats.stock ?? 0;
    return {
      code: article!.code,
      name: article!.name,
      customerPartNumber: stats.cpn ?? article!.customerPartNumber,
      certificate: article!.certificate,
      image: article!.image,
      documents: docs.map((d) => documentView(apiUrl, d)),
      drawing: article!.drawing,
      reachInWeeks: stats.reach ?? 0,
      lastScannedDate: stats.lastScan ? new Date(stats.lastScan).toISOString() : null,
      numberOfScans: stats.scans ?? 0,
      consumption: stats.consumption ?? 0,
      annualConsumption: annual,
      stockTurnRate: stock ? Math.round((annual / stock) * 100) / 100 : 0,
    };
  },
});

export const documentRoutes = defineRoutes('document', {
  /** The tenant check (field permission and scope) ran before: here the bytes go out. */
  download: async ({ db, params, reply, ctx }) => {
    const [document] = await db
      .select({ fileId: t.documents.fileId })
      .from(t.documents)
      .where(eq(t.documents.id, params.id));
    const opened = document ? await ctx.files.open(db, document.fileId) : undefined;
    if (!opened) return notFound();
    if (!(opened!.body instanceof Uint8Array)) reply.header('Content-Length', opened!.file.size);
    return reply
      .header('Content-Type', opened!.file.contentType)
      .header(
        'Content-Disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(opened!.file.filename)}`,
      )
      .header('Cache-Control', 'no-store')
      .send(opened!.body instanceof Uint8Array ? Buffer.from(opened!.body) : opened!.body);
  },
});
