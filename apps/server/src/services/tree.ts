import type { Branch, Concern, Location } from '@falcon/api-client';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { notFound } from '../errors';
import { branchScope, concernScope, locationTableScope } from './scope';

/** Container and alarming counts per location. */
export const containerCounts = async (
  db: Db,
  codes: string[],
): Promise<Map<string, { containerCount: number; alarmingCount: number }>> => {
  const out = new Map<string, { containerCount: number; alarmingCount: number }>();
  if (!codes.length) return out;
  const rows = await db
    .select({
      code: t.containers.locationCode,
      containerCount: count(),
      alarmingCount: sql<number>`count(*) filter (where ${t.containers.alarming})`.mapWith(Number),
    })
    .from(t.containers)
    .where(inArray(t.containers.locationCode, codes))
    .groupBy(t.containers.locationCode);
  for (const r of rows) out.set(r.code, { containerCount: r.containerCount, alarmingCount: r.alarmingCount });
  return out;
};

const countsOf = (counts: Map<string, { containerCount: number; alarmingCount: number }>, code: string) =>
  counts.get(code) ?? { containerCount: 0, alarmingCount: 0 };

export const concernView = async (db: Db, auth: Auth, code: string): Promise<Concern> => {
  const [concern] = await db
    .select()
    .from(t.concerns)
    .where(and(eq(t.concerns.code, code), concernScope(auth.scope)));
  if (!concern) return notFound();
  const branches = await db
    .select({ code: t.branches.code, name: t.branches.name })
    .from(t.branches)
    .where(and(eq(t.branches.concernCode, code), branchScope(auth.scope)))
    .orderBy(asc(t.branches.code));
  const locationCounts = branches.length
    ? await db
        .select({ branchCode: t.locations.branchCode, n: count() })
        .from(t.locations)
        .where(
          and(
            inArray(
              t.locations.branchCode,
              branches.map((b) => b.code),
            ),
            locationTableScope(auth.scope),
          ),
        )
        .groupBy(t.locations.branchCode)
    : [];
  const byBranch = new Map(locationCounts.map((r) => [r.branchCode, r.n]));
  return {
    code: concern!.code,
    name: concern!.name,
    inHouseStaffEmployeeKey: concern!.inHouseStaffEmployeeKey,
    fieldServiceEmployeeKey: concern!.fieldServiceEmployeeKey,
    branches: branches.map((b) => ({ ...b, locationCount: byBranch.get(b.code) ?? 0 })),
  };
};

export const branchView = async (db: Db, auth: Auth, code: string): Promise<Branch> => {
  const [row] = await db
    .select({ branch: t.branches, concernName: t.concerns.name, mapFile: t.branchMaps.fileId })
    .from(t.branches)
    .innerJoin(t.concerns, eq(t.concerns.code, t.branches.concernCode))
    .leftJoin(t.branchMaps, eq(t.branchMaps.branchCode, t.branches.code))
    .where(and(eq(t.branches.code, code), branchScope(auth.scope)));
  if (!row) return notFound();
  const { branch, concernName, mapFile } = row!;
  const locations = await db
    .select({ code: t.locations.code, name: t.locations.name })
    .from(t.locations)
    .where(and(eq(t.locations.branchCode, code), locationTableScope(auth.scope)))
    .orderBy(asc(t.locations.code));
  const counts = await containerCounts(
    db,
    locations.map((l) => l.code),
  );
  return {
    code: branch.code,
    name: branch.name,
    parentConcern: { code: branch.concernCode, name: concernName },
    inHouseStaffEmployeeKey: branch.inHouseStaffEmployeeKey,
    fieldServiceEmployeeKey: branch.fieldServiceEmployeeKey,
    hasMap: mapFile !== null,
    locations: locations.map((l) => ({ ...l, ...countsOf(counts, l.code) })),
  };
};

export interface LocationRow {
  code: string;
  name: string;
  concernCode: string;
  branchCode: string;
  inHouseStaffEmployeeKey: string | null;
  fieldServiceEmployeeKey: string | null;
  address: string | null;
}

/** A location the caller may see, else 404 location_not_found (missing and out of scope alike). */
export const locationFor = async (db: Db, auth: Auth, code: string): Promise<LocationRow> => {
  const [row] = await db
    .select()
    .from(t.locations)
    .where(and(eq(t.locations.code, code), locationTableScope(auth.scope)));
  if (!row) return notFound('location_not_found');
  return row!;
};

/** Employee keys of a location: its own, else its branch's, else its concern's. */
export const employeeKeysOf = async (db: Db, location: LocationRow) => {
  const [row] = await db
    .select({
      bIh: t.branches.inHouseStaffEmployeeKey,
      bFs: t.branches.fieldServiceEmployeeKey,
      cIh: t.concerns.inHouseStaffEmployeeKey,
      cFs: t.concerns.fieldServiceEmployeeKey,
      branchName: t.branches.name,
      concernName: t.concerns.name,
    })
    .from(t.branches)
    .innerJoin(t.concerns, eq(t.concerns.code, t.branches.concernCode))
    .where(eq(t.branches.code, location.branchCode));
  return {
    inHouseStaffEmployeeKey: location.inHouseStaffEmployeeKey ?? row?.bIh ?? row?.cIh ?? null,
    fieldServiceEmployeeKey: location.fieldServiceEmployeeKey ?? row?.bFs ?? row?.cFs ?? null,
    branch: row,
  };
};

/** The racks of a location with a scan waiting for review. */
export const racksWithPendingScan = async (db: Db, locationCode: string): Promise<Set<string>> => {
  const rows = await db
    .select({ rackCode: t.reviewRequests.rackCode })
    .from(t.reviewRequests)
    .where(
      and(
        eq(t.reviewRequests.locationCode, locationCode),
        eq(t.reviewRequests.type, 'rackscan'),
        eq(t.reviewRequests.state, 'pending'),
      ),
    );
  return new Set(rows.map((r) => r.rackCode).filter((c): c is string => c !== null));
};

/** What a rack says about its actions: last handled (when, by whom) and whether a scan of it is pending. */
export const rackActionStateOf = (
  rack: { code: string; lastHandledAt: Date | null; lastHandledBy: string | null },
  scanning: ReadonlySet<string>,
) => ({
  lastHandled:
    rack.lastHandledAt && rack.lastHandledBy
      ? { at: rack.lastHandledAt.toISOString(), by: rack.lastHandledBy }
      : null,
  scanPending: scanning.has(rack.code),
});

export const locationView = async (db: Db, location: LocationRow): Promise<Location> => {
  const keys = await employeeKeysOf(db, location);
  const racks = await db
    .select({
      code: t.racks.code,
      name: t.racks.name,
      position: t.racks.position,
      // Qualified by hand: drizzle renders a column inside a select's sql without its table, so
      // `code` would bind to the subquery's own shelves.code and every rack would count 0 shelves.
      shelfCount:
        sql<number>`(select count(*) from "shelves" s where s."rack_code" = "racks"."code")`.mapWith(Number),
      lastHandledAt: t.racks.lastHandledAt,
      lastHandledBy: t.racks.lastHandledBy,
    })
    .from(t.racks)
    .where(eq(t.racks.locationCode, location.code))
    .orderBy(asc(t.racks.position), asc(t.racks.code));
  const [counts, scanning] = await Promise.all([
    containerCounts(db, [location.code]),
    racksWithPendingScan(db, location.code),
  ]);
  return {
    code: location.code,
    name: location.name,
    parentBranch: {
      code: location.branchCode,
      name: keys.branch?.branchName ?? '',
      parentConcern: { code: location.concernCode, name: keys.branch?.concernName ?? '' },
      inHouseStaffEmployeeKey: keys.branch?.bIh ?? null,
      fieldServiceEmployeeKey: keys.branch?.bFs ?? null,
    },
    inHouseStaffEmployeeKey: keys.inHouseStaffEmployeeKey,
    fieldServiceEmployeeKey: keys.fieldServiceEmployeeKey,
    address: location.address,
    racks: racks.map(({ lastHandledAt, lastHandledBy, ...rack }) => ({
      ...rack,
      ...rackActionStateOf({ lastHandledAt, lastHandledBy, code: rack.code }, scanning),
    })),
    maxShelves: racks.reduce((max, r) => Math.max(max, r.shelfCount), 0),
    ...countsOf(counts, location.code),
  };
};
