import {
  type CountedContainer,
  countProgress,
  reconcile,
  type ScanFact,
  type Stocktake,
  type StocktakeSummary,
  scanAnswer,
} from '@falcon/api-client';
import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { notFound } from '../errors';
import { containerScope } from './scope';

export type StocktakeRow = typeof t.stocktakes.$inferSelect;
type ScanRow = typeof t.stocktakeScans.$inferSelect;
type LocationRow = import('./tree').LocationRow;

/** A container with where it stands (names and positions) and the quantity a hand-over lists. */
export type CountedRow = CountedContainer & { fillingQuantity: number };

/** Containers as a count names them, with their location, rack, shelf and place. */
export const countedContainers = async (db: Db, where: SQL | undefined): Promise<CountedRow[]> => {
  const rows = await db
    .select({
      id: t.containers.id,
      code: t.containers.code,
      barcode: t.containers.barcode,
      articleName: t.containers.articleName,
      articleCode: t.containers.articleCode,
      locationCode: t.containers.locationCode,
      locationName: t.locations.name,
      rackName: t.racks.name,
      rackPosition: t.racks.position,
      shelfPosition: t.shelves.position,
      placePosition: t.places.position,
      fillingQuantity: t.containers.fillingQuantity,
    })
    .from(t.containers)
    .innerJoin(t.locations, eq(t.locations.code, t.containers.locationCode))
    .innerJoin(t.racks, eq(t.racks.code, t.containers.rackCode))
    .innerJoin(t.shelves, eq(t.shelves.code, t.containers.shelfCode))
    .leftJoin(t.places, eq(t.places.code, t.containers.placeCode))
    .where(where);
  return rows.map((r) => ({ ...r, placePosition: r.placePosition ?? 0 }));
};

/** A count of the location in the caller's scope (the route's tenant check has passed); 404 like missing. */
export const stocktakeOf = async (
  db: Db,
  location: LocationRow,
  id: string,
  lock = false,
): Promise<StocktakeRow> => {
  const query = db
    .select()
    .from(t.stocktakes)
    .where(and(eq(t.stocktakes.id, id), eq(t.stocktakes.locationCode, location.code)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? notFound();
};

export const scanFact = (s: ScanRow): ScanFact => ({
  key: s.key,
  seq: s.seq,
  scanned: s.scanned,
  containerId: s.containerId,
  outcome: s.outcome,
  scannedAt: s.scannedAt.toISOString(),
  undone: s.undoneAt !== null,
});

/** Everything a count's answer is computed from: expected containers, scans, the containers scans named. */
export const countFacts = async (db: Db, auth: Auth, count: StocktakeRow) => {
  const [expectedIds, scans] = await Promise.all([
    db
      .select({ id: t.stocktakeExpected.containerId })
      .from(t.stocktakeExpected)
      .where(eq(t.stocktakeExpected.stocktakeId, count.id)),
    db
      .select()
      .from(t.stocktakeScans)
      .where(eq(t.stocktakeScans.stocktakeId, count.id))
      .orderBy(asc(t.stocktakeScans.seq)),
  ]);
  const ids = [
    ...new Set([
      ...expectedIds.map((e) => e.id),
      ...scans.map((s) => s.containerId).filter((id): id is string => id !== null),
    ]),
  ];
  // Expected containers are the count's own location; a scanned one elsewhere only while the scope reaches it.
  const containers = ids.length
    ? await countedContainers(
        db,
        and(
          inArray(t.containers.id, ids),
          or(eq(t.containers.locationCode, count.locationCode), containerScope(auth.scope)),
        ),
      )
    : [];
  const known = new Map(containers.map((c) => [c.id, c]));
  const expected = expectedIds.map((e) => known.get(e.id)).filter((c): c is CountedRow => c !== undefined);
  return { expected, scans: scans.map(scanFact), known };
};

const rackOf = async (db: Db, code: string | null) => {
  if (!code) return null;
  const [rack] = await db
    .select({ position: t.racks.position, name: t.racks.name })
    .from(t.racks)
    .where(eq(t.racks.code, code));
  return rack ?? null;
};

const summaryOf = async (
  db: Db,
  auth: Auth,
  count: StocktakeRow,
  location: LocationRow,
): Promise<StocktakeSummary & { facts: Awaited<ReturnType<typeof countFacts>> }> => {
  const facts = await countFacts(db, auth, count);
  const progress = countProgress(facts.expected, facts.scans);
  return {
    id: count.id,
    locationCode: location.code,
    locationName: location.name,
    rack: await rackOf(db, count.rackCode),
    state: count.state,
    startedBy: count.startedBy,
    startedAt: count.startedAt.toISOString(),
    finishedAt: count.finishedAt?.toISOString() ?? null,
    inventoryListId: count.inventoryListId,
    expected: progress.expected,
    scanned: progress.scanned,
    facts,
  };
};

/** The whole answer of a count: progress by rack, scans newest first, the reconciliation once finished. */
export const stocktakeView = async (
  db: Db,
  auth: Auth,
  count: StocktakeRow,
  location: LocationRow,
): Promise<Stocktake> => {
  const { facts, ...summary } = await summaryOf(db, auth, count, location);
  const progress = countProgress(facts.expected, facts.scans);
  return {
    ...summary,
    racks: progress.racks,
    scans: [...facts.scans].reverse().map((s) => scanAnswer(s, facts.known)),
    reconciliation: count.state === 'finished' ? reconcile(facts.expected, facts.scans, facts.known) : null,
  };
};

/** The location's last 50 counts, newest first. */
export const countsOf = async (db: Db, auth: Auth, location: LocationRow): Promise<StocktakeSummary[]> => {
  const rows = await db
    .select()
    .from(t.stocktakes)
    .where(eq(t.stocktakes.locationCode, location.code))
    .orderBy(desc(t.stocktakes.startedAt), desc(t.stocktakes.id))
    .limit(50);
  const out: StocktakeSummary[] = [];
  for (const row of rows) {
    const { facts: _facts, ...summary } = await summaryOf(db, auth, row, location);
    out.push(summary);
  }
  return out;
};
