import {
  canSeeContainerField,
  checkLabelRequest,
  type LabelRequest,
  labelFilename,
  protocolEntry,
} from '@falcon/api-client';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { fail } from '../errors';
import { type LabelItem, labelPdf } from '../labels/pdf';
import { containerFor } from '../services/containers';
import { requestLanguage } from '../services/language';
import { writeProtocol } from '../services/protocol';
import { type LocationRow, locationFor } from '../services/tree';
import { sendBytes } from '../uploads/multipart';
import { defineRoutes } from './define';

/** Rows read a page at a time: a location of any size streams in constant memory. */
const PAGE = 1_000;

type RackRow = typeof t.racks.$inferSelect;

/** The rack at a position of the location (as the grid shows it); 404 naming `rack` when there is none. */
const rackAt = async (db: Db, location: LocationRow, position: number): Promise<RackRow> => {
  const [rack] = await db
    .select()
    .from(t.racks)
    .where(and(eq(t.racks.locationCode, location.code), eq(t.racks.position, position)))
    .orderBy(asc(t.racks.code))
    .limit(1);
  return rack ?? fail(404, 'not_found', 'rack');
};

/**
 * Which containers: the chosen ones (each must be a container of this location: 404 naming
 * `containerIds` otherwise, exactly like a missing one), or the active ones of a rack or the location.
 */
const containerFilter = async (
  db: Db,
  location: LocationRow,
  request: LabelRequest,
  rack: RackRow | null,
): Promise<SQL> => {
  const here = eq(t.containers.locationCode, location.code);
  if (request.containerIds) {
    const ids = [...new Set(request.containerIds)];
    const where = and(here, inArray(t.containers.id, ids)) as SQL;
    const [found] = await db.select({ n: count() }).from(t.containers).where(where);
    if ((found?.n ?? 0) !== ids.length) fail(404, 'container_not_found', 'containerIds');
    return where;
  }
  return and(
    here,
    eq(t.containers.active, true),
    rack ? eq(t.containers.rackCode, rack.code) : undefined,
  ) as SQL;
};

async function* containerLabels(
  db: Db,
  auth: Auth,
  location: LocationRow,
  where: SQL,
): AsyncGenerator<LabelItem> {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await db
      .select({ container: t.containers, rackName: t.racks.name, shelfPosition: t.shelves.position })
      .from(t.containers)
      .leftJoin(t.racks, eq(t.racks.code, t.containers.rackCode))
      .leftJoin(t.shelves, eq(t.shelves.code, t.containers.shelfCode))
      .where(where)
      .orderBy(
        asc(t.racks.position),
        asc(t.shelves.position),
        asc(t.containers.placeCode),
        asc(t.containers.id),
      )
      .limit(PAGE)
      .offset(offset);
    for (const row of rows)
      yield {
        kind: 'container',
        // The one field filter of every answer (ADR 0042): a label shows what the container panel shows.
        container: containerFor(auth, row.container),
        locationName: location.name,
        rackName: row.rackName ?? '',
        shelfPosition: row.shelfPosition ?? null,
      };
    if (rows.length < PAGE) return;
  }
}

async function* shelfLabels(db: Db, auth: Auth, location: LocationRow, rack: RackRow | null) {
  const codes = canSeeContainerField(auth.permissions, 'shelfCode');
  const rows = await db
    .select({ shelf: t.shelves, rackName: t.racks.name, rackPosition: t.racks.position })
    .from(t.shelves)
    .innerJoin(t.racks, eq(t.racks.code, t.shelves.rackCode))
    .where(
      and(eq(t.shelves.locationCode, location.code), rack ? eq(t.shelves.rackCode, rack.code) : undefined),
    )
    .orderBy(asc(t.racks.position), asc(t.shelves.position));
  for (const row of rows)
    yield {
      kind: 'shelf',
      locationCode: location.code,
      locationName: location.name,
      rackName: row.rackName,
      rackPosition: row.rackPosition,
      shelfPosition: row.shelf.position,
      ...(codes ? { shelfCode: row.shelf.code } : {}),
    } satisfies LabelItem;
}

async function* rackLabels(db: Db, auth: Auth, location: LocationRow, rack: RackRow | null) {
  const codes = canSeeContainerField(auth.permissions, 'rackCode');
  const rows = rack
    ? [rack]
    : await db
        .select()
        .from(t.racks)
        .where(eq(t.racks.locationCode, location.code))
        .orderBy(asc(t.racks.position), asc(t.racks.code));
  for (const row of rows)
    yield {
      kind: 'rack',
      locationCode: location.code,
      locationName: location.name,
      rackName: row.name,
      rackPosition: row.position,
      ...(codes ? { rackCode: row.code } : {}),
    } satisfies LabelItem;
}

/** How many labels the request prints (for the protocol), counted before the stream starts. */
const labelCount = async (
  db: Db,
  request: LabelRequest,
  location: LocationRow,
  rack: RackRow | null,
  where: SQL,
) => {
  if (request.kind === 'rack') {
    if (rack) return 1;
    const [n] = await db.select({ n: count() }).from(t.racks).where(eq(t.racks.locationCode, location.code));
    return n?.n ?? 0;
  }
  if (request.kind === 'shelf') {
    const [n] = await db
      .select({ n: count() })
      .from(t.shelves)
      .where(
        and(eq(t.shelves.locationCode, location.code), rack ? eq(t.shelves.rackCode, rack.code) : undefined),
      );
    return n?.n ?? 0;
  }
  const [n] = await db.select({ n: count() }).from(t.containers).where(where);
  return n?.n ?? 0;
};

export const labelRoutes = defineRoutes('location', {
  labels: async ({ db, auth, params, body, reply, request }) => {
    checkLabelRequest(body);
    const location = await locationFor(db, auth, params.code);
    const rack = body.rack !== undefined ? await rackAt(db, location, body.rack) : null;
    const where = await containerFilter(db, location, body, rack);
    const total = await labelCount(db, body, location, rack, where);
    await writeProtocol(
      db,
      protocolEntry.labelsPrinted(auth.user.username, location.code, {
        kind: body.kind,
        layout: body.layout,
        count: total,
        scope: body.containerIds ? 'selection' : rack ? 'rack' : 'location',
        ...(rack ? { rackName: rack.name } : {}),
      }),
    );
    const filename = labelFilename(location.code, body);
    const { doc, write } = labelPdf({
      layout: body.layout,
      start: body.start,
      language: requestLanguage(request, auth),
      title: filename.replace(/\.pdf$/, ''),
    });
    const items =
      body.kind === 'container'
        ? containerLabels(db, auth, location, where)
        : body.kind === 'shelf'
          ? shelfLabels(db, auth, location, rack)
          : rackLabels(db, auth, location, rack);
    // Streamed: the headers go now, each page as it is drawn. A failure half-way (the database went
    // away) can only cut the download short; it is logged.
    write(items).catch((error) => request.log.error({ err: error }, 'label PDF failed'));
    return sendBytes(reply, { content: doc, contentType: 'application/pdf', filename });
  },
});
