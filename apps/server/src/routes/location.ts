import {
  containerCell,
  fullNameOf,
  protocolEntry,
  type Rack,
  suggestionOf,
  suggestionSearch,
} from '@falcon/api-client';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { invalid } from '../errors';
import { searchContainers } from '../services/containers';
import { writeProtocol } from '../services/protocol';
import { locationFor, locationView } from '../services/tree';
import { defineRoutes } from './define';

const racksView = async (db: Db, code: string): Promise<Rack[]> => {
  const [racks, shelves, cells] = await Promise.all([
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
  ]);
  const byPlace = new Map(cells.map((c) => [c.placeCode, c]));
  return racks.map((rack) => ({
    code: rack.code,
    name: rack.name,
    position: rack.position,
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
    searchContainers(db, auth, eq(t.containers.locationCode, params.code), body),

  suggestContainer: async ({ db, auth, params, body }) => {
    const location = await locationFor(db, auth, params.code);
    const found = await searchContainers(
      db,
      auth,
      eq(t.containers.locationCode, location.code),
      suggestionSearch(body.query),
    );
    return found.items.map(suggestionOf);
  },
});
