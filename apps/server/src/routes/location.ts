import {
  containerCell,
  fullNameOf,
  positionOf,
  protocolEntry,
  type Rack,
  rackPayload,
  rackScanRefusal,
} from '@falcon/api-client';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { fail, invalid } from '../errors';
import { type MailContext, thenWakeMail } from '../mail/outbox';
import { searchContainers, suggestContainers } from '../services/containers';
import { writeProtocol } from '../services/protocol';
import { createReview } from '../services/reviews';
import {
  type LocationRow,
  locationFor,
  locationView,
  rackActionStateOf,
  racksWithPendingScan,
} from '../services/tree';
import { defineRoutes } from './define';

const racksView = async (db: Db, code: string): Promise<Rack[]> => {
  const [racks, shelves, cells, scanning] = await Promise.all([
    db
      .select()
      .from(t.racks)
      .where(eq(t.racks.locationCode, code))
      .orderBy(asc(t.racks.position), asc(t.racks.code)),
    db.select().from(t.shelves).where(eq(t.shelves.locationCode, code)).orderBy(asc(t.shelves.position)),
    db
      .select({
        id: t.containers.id,
        placeCode: t.containers.placeCode,
        articleName: t.containers.articleName,
        articleCode: t.containers.articleCode,
        code: t.containers.code,
        position: t.containers.position,
        active: t.containers.active,
        alarming: t.containers.alarming,
        error: t.containers.error,
        deliveryStatus: t.containers.deliveryStatus,
      })
      .from(t.containers)
      .where(eq(t.containers.locationCode, code)),
    racksWithPendingScan(db, code),
  ]);
  const byPlace = new Map(cells.map((c) => [c.placeCode, c]));
  return racks.map((rack) => ({
    code: rack.code,
    name: rack.name,
    position: rack.position,
    ...rackActionStateOf(rack, scanning),
    shelves: shelves
      .filter((s) => s.rackCode === rack.code)
      .map((shelf) => ({
        code: shelf.code,
        position: shelf.position,
        places: Array.from({ length: shelf.placeCount }, (_, i) => {
          const placeCode = `${shelf.code}-P${String(i + 1).padStart(2, '0')}`;
          const container = byPlace.get(placeCode);
          return { code: placeCode, position: i + 1, container: container ? containerCell(container) : null };
        }),
      })),
  }));
};

type RackRow = typeof t.racks.$inferSelect;

/** A rack of the location by its position (as the grid shows it); 404 naming `rack` when there is none. */
const rackAt = async (db: Db, location: LocationRow, position: string, lock = false): Promise<RackRow> => {
  const query = db
    .select()
    .from(t.racks)
    .where(and(eq(t.racks.locationCode, location.code), eq(t.racks.position, positionOf(position, 'rack'))))
    .orderBy(asc(t.racks.code))
    .limit(1);
  const [rack] = lock ? await query.for('update') : await query;
  return rack ?? fail(404, 'not_found', 'rack');
};

/** A message about a rack or one of its shelves, to the location's responsible clerk. */
const rackMessage = (
  db: Db,
  mail: MailContext,
  auth: Auth,
  params: { code: string; rack: string; shelf?: string },
  message: string,
  now: Date,
) =>
  thenWakeMail(
    mail,
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const location = await locationFor(tx, auth, params.code);
      const rack = await rackAt(tx, location, params.rack);
      let shelf: { code: string; position: number } | undefined;
      if (params.shelf !== undefined) {
        const [found] = await tx
          .select({ code: t.shelves.code, position: t.shelves.position })
          .from(t.shelves)
          .where(
            and(eq(t.shelves.rackCode, rack.code), eq(t.shelves.position, positionOf(params.shelf, 'shelf'))),
          )
          .limit(1);
        shelf = found ?? fail(404, 'not_found', 'shelf');
      }
      return createReview(
        tx,
        mail,
        auth,
        'message',
        location,
        null,
        { message, ...rackPayload(rack, shelf) },
        now,
        rack,
      );
    }),
  );

/** Customer admins responsible for a location: KD_ADMIN users with a restricted scope reaching it. */
const adminsOf = async (db: Db, location: { code: string; branchCode: string; concernCode: string }) => {
  const rows = await db
    .selectDistinct({
      id: t.users.id,
      username: t.users.username,
      firstname: t.users.firstname,
      lastname: t.users.lastname,
      email: t.users.email,
      phone: t.users.phone,
    })
    .from(t.users)
    .innerJoin(t.userRoles, eq(t.userRoles.userId, t.users.id))
    .innerJoin(t.roles, and(eq(t.roles.id, t.userRoles.roleId), eq(t.roles.rolename, 'KD_ADMIN')))
    .innerJoin(t.userScope, eq(t.userScope.userId, t.users.id))
    .where(
      and(
        eq(t.users.scopeAll, false),
        sql`(${t.userScope.kind} = 'concern' and ${t.userScope.code} = ${location.concernCode})
          or (${t.userScope.kind} = 'branch' and ${t.userScope.code} = ${location.branchCode})
          or (${t.userScope.kind} = 'location' and ${t.userScope.code} = ${location.code})`,
      ),
    )
    .orderBy(asc(t.users.id));
  return rows.map((u) => ({
    userId: u.id,
    username: u.username,
    fullName: fullNameOf(u.firstname, u.lastname, u.username),
    email: u.email,
    phone: u.phone,
  }));
};

/** Location detail, grid, appointments, contacts, search and quick search; gallery and export: location-files.ts. */
export const locationRoutes = defineRoutes('location', {
  get: async ({ db, auth, params }) => locationView(db, await locationFor(db, auth, params.code)),
  getPa: async ({ db, auth, params }) => locationView(db, await locationFor(db, auth, params.code)),
  racks: async ({ db, auth, params }) => racksView(db, (await locationFor(db, auth, params.code)).code),

  saveRackOrder: async ({ db, auth, params, body }) => {
    const location = await locationFor(db, auth, params.code);
    return db.transaction(async (tx) => {
      const racks = await tx
        .select()
        .from(t.racks)
        .where(eq(t.racks.locationCode, location.code))
        .for('update');
      const codes = new Set(body.rackCodes);
      if (
        codes.size !== body.rackCodes.length ||
        codes.size !== racks.length ||
        racks.some((r) => !codes.has(r.code))
      )
        invalid('rackCodes', "must list each of the location's racks once");
      const before = [...racks].sort((a, b) => a.position - b.position || a.code.localeCompare(b.code));
      for (const [i, code] of body.rackCodes.entries())
        await tx
          .update(t.racks)
          .set({ position: i + 1 })
          .where(eq(t.racks.code, code));
      // The order as lists under `rackCodes`: readers without the rack code field see no codes.
      await writeProtocol(
        tx as unknown as Db,
        protocolEntry.rackOrderChanged(auth.user.username, location.code, before, body.rackCodes),
      );
      return { ok: true as const };
    });
  },

  appointments: async ({ db, auth, params }) => {
    const location = await locationFor(db, auth, params.code);
    const rows = await db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.locationCode, location.code))
      .orderBy(asc(t.appointments.startDate), asc(t.appointments.id));
    return rows.map((a) => ({
      id: a.id,
      title: a.title,
      startDate: a.startDate.toISOString(),
      endDate: a.endDate.toISOString(),
      appointmentType: a.appointmentType,
    }));
  },

  admins: async ({ db, auth, params }) => adminsOf(db, await locationFor(db, auth, params.code)),

  // The contract plugin has already checked the location (tenant kind `location`: missing or out of
  // scope answered 404), so the search runs without loading it again.
  search: ({ db, auth, params, body }) =>
    searchContainers(db, auth, { column: 'locationCode', code: params.code }, body),

  /** One request to scan every active container of the rack; the clerk approves it like a container scan. */
  scanRack: async ({ db, auth, params, ctx }) =>
    thenWakeMail(
      ctx,
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const location = await locationFor(tx, auth, params.code);
        // The rack row lock makes a second scan request (another instance) wait, then see the first.
        const rack = await rackAt(tx, location, params.rack, true);
        const [pending] = await tx
          .select({ id: t.reviewRequests.id })
          .from(t.reviewRequests)
          .where(
            and(
              eq(t.reviewRequests.rackCode, rack.code),
              eq(t.reviewRequests.type, 'rackscan'),
              eq(t.reviewRequests.state, 'pending'),
            ),
          )
          .limit(1);
        const [held] = await tx
          .select({ n: count() })
          .from(t.containers)
          .where(and(eq(t.containers.rackCode, rack.code), eq(t.containers.active, true)));
        const containerCount = held?.n ?? 0;
        const refused = rackScanRefusal({
          scanPending: pending !== undefined,
          activeContainers: containerCount,
        });
        if (refused) fail(409, 'scan_error', undefined, refused);
        return createReview(
          tx,
          ctx,
          auth,
          'rackscan',
          location,
          null,
          { ...rackPayload(rack), containerCount },
          ctx.now(),
          rack,
        );
      }),
    ),

  /** "Handle rack": the clerk records that the rack was serviced, now and by them (protocolled). */
  handleRack: async ({ db, auth, params, ctx }) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const location = await locationFor(tx, auth, params.code);
      const rack = await rackAt(tx, location, params.rack, true);
      const now = ctx.now();
      await tx
        .update(t.racks)
        .set({ lastHandledAt: now, lastHandledBy: auth.user.username })
        .where(eq(t.racks.code, rack.code));
      await writeProtocol(
        tx,
        protocolEntry.rackHandled(
          auth.user.username,
          location.code,
          rack.name,
          rack.lastHandledAt?.toISOString() ?? null,
          now.toISOString(),
        ),
        now,
      );
      return {
        rackCode: rack.code,
        rackName: rack.name,
        rackPosition: rack.position,
        lastHandled: { at: now.toISOString(), by: auth.user.username },
      };
    }),

  rackMessage: ({ db, auth, params, body, ctx }) =>
    rackMessage(db, ctx, auth, params, body.message, ctx.now()),
  shelfMessage: ({ db, auth, params, body, ctx }) =>
    rackMessage(db, ctx, auth, params, body.message, ctx.now()),

  suggestContainer: async ({ db, auth, params, body }) => {
    const location = await locationFor(db, auth, params.code);
    return suggestContainers(db, auth, location.code, body.query);
  },
});
