import {
  type CountedContainer,
  countProgress,
  handOverRows,
  inventoryCsv,
  positionOf,
  protocolEntry,
  reconcile,
  type Stocktake,
  type StocktakeSummary,
  scanAnswer,
  scanOutcome,
} from '@falcon/api-client';
import type { DatasetLocation } from '@falcon/demo-data';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb, StoredStocktake } from '../db';
import { fail, MockError, notFound } from '../errors';
import { uploadInventoryList } from './lists';
import type { HandlerContext } from './route';
import { route } from './route';
import { locationFor } from './views';

const countOf = (db: MockDb, location: DatasetLocation, id: string): StoredStocktake =>
  db.stocktakes.find((s) => s.id === id && s.locationCode === location.code) ?? notFound();

/** A container as a count names it, when the caller may see it (the count's own location always). */
const counted = (db: MockDb, auth: Auth, count: StoredStocktake, id: string): CountedContainer | null => {
  const c = db.containers.get(id);
  if (!c) return null;
  if (c.locationCode !== count.locationCode && !db.canSeeLocation(auth.scope, c.locationCode)) return null;
  const rack = db.racksByLocation.get(c.locationCode)?.find((r) => r.code === c.rackCode);
  const shelf = db.shelvesByRack.get(c.rackCode)?.find((s) => s.code === c.shelfCode);
  const place = db.dataset.places.find((p) => p.code === c.placeCode);
  return {
    id: c.id,
    code: c.code,
    barcode: c.barcode,
    articleName: c.articleName,
    articleCode: c.articleCode,
    locationCode: c.locationCode,
    locationName: db.locations.get(c.locationCode)?.name ?? c.locationCode,
    rackName: rack?.name ?? '',
    rackPosition: rack?.position ?? 0,
    shelfPosition: shelf?.position ?? 0,
    placePosition: place?.position ?? 0,
  };
};

const factsOf = (db: MockDb, auth: Auth, count: StoredStocktake) => {
  const ids = new Set([
    ...count.expected,
    ...count.scans.flatMap((s) => (s.containerId ? [s.containerId] : [])),
  ]);
  const known = new Map<string, CountedContainer>();
  for (const id of ids) {
    const c = counted(db, auth, count, id);
    if (c) known.set(id, c);
  }
  const expected = count.expected.flatMap((id) => known.get(id) ?? []);
  return { expected, known };
};

const summaryOf = (db: MockDb, auth: Auth, count: StoredStocktake): StocktakeSummary => {
  const { expected } = factsOf(db, auth, count);
  const progress = countProgress(expected, count.scans);
  const rack = count.rackCode
    ? db.racksByLocation.get(count.locationCode)?.find((r) => r.code === count.rackCode)
    : undefined;
  return {
    id: count.id,
    locationCode: count.locationCode,
    locationName: db.locations.get(count.locationCode)?.name ?? count.locationCode,
    rack: rack ? { position: rack.position, name: rack.name } : null,
    state: count.state,
    startedBy: count.startedBy,
    startedAt: count.startedAt,
    finishedAt: count.finishedAt,
    inventoryListId: count.inventoryListId,
    expected: progress.expected,
    scanned: progress.scanned,
  };
};

const viewOf = (db: MockDb, auth: Auth, count: StoredStocktake): Stocktake => {
  const { expected, known } = factsOf(db, auth, count);
  return {
    ...summaryOf(db, auth, count),
    racks: countProgress(expected, count.scans).racks,
    scans: [...count.scans].reverse().map((s) => scanAnswer(s, known)),
    reconciliation: count.state === 'finished' ? reconcile(expected, count.scans, known) : null,
  };
};

const finished = () => new MockError(409, 'stocktake_finished', undefined, { field: 'state' });

export const stocktakesHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'stocktakes', 'list', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    return db.stocktakes
      .filter((s) => s.locationCode === location.code)
      .reverse()
      .slice(0, 50)
      .map((s) => summaryOf(db, auth, s));
  }),

  route(ctx, 'stocktakes', 'start', ({ db, auth, params, body }) => {
    const location = locationFor(db, auth, params.code);
    const wanted = body.rack === undefined ? null : positionOf(body.rack, 'rack');
    const rack =
      wanted === null
        ? null
        : ([...(db.racksByLocation.get(location.code) ?? [])]
            .sort((a, b) => a.code.localeCompare(b.code))
            .find((r) => r.position === wanted) ?? fail(404, 'not_found', 'rack'));
    const expected = (db.containersByLocation.get(location.code) ?? [])
      .filter((c) => c.active && (!rack || c.rackCode === rack.code))
      .map((c) => c.id);
    const count: StoredStocktake = {
      id: db.nextId('ST'),
      locationCode: location.code,
      rackCode: rack?.code ?? null,
      state: 'open',
      startedBy: auth.user.username,
      startedAt: db.now(),
      finishedAt: null,
      inventoryListId: null,
      expected,
      scans: [],
    };
    db.stocktakes.push(count);
    db.protocol.log(
      protocolEntry.stocktakeStarted(auth.user.username, {
        id: count.id,
        locationCode: location.code,
        rackName: rack?.name ?? null,
        expected: expected.length,
      }),
    );
    return viewOf(db, auth, count);
  }),

  route(ctx, 'stocktakes', 'get', ({ db, auth, params }) =>
    viewOf(db, auth, countOf(db, locationFor(db, auth, params.code), params.id)),
  ),

  route(ctx, 'stocktakes', 'scan', ({ db, auth, params, body }) => {
    const count = countOf(db, locationFor(db, auth, params.code), params.id);
    const seen = count.scans.find((s) => s.key === body.key);
    const known = () => factsOf(db, auth, count).known;
    if (seen) return scanAnswer(seen, known());
    if (count.state !== 'open') throw finished();
    const byCode = [...db.containers.values()].find((c) => c.barcode === body.code || c.code === body.code);
    const container = byCode ? counted(db, auth, count, byCode.id) : null;
    const containerId = container?.id ?? null;
    const scan = {
      key: body.key,
      seq: count.scans.length + 1,
      scanned: body.code,
      containerId,
      outcome: scanOutcome(containerId, new Set(count.expected), count.scans),
      scannedAt: body.scannedAt ?? db.now(),
      undone: false,
    };
    count.scans.push(scan);
    return scanAnswer(scan, known());
  }),

  route(ctx, 'stocktakes', 'undo', ({ db, auth, params }) => {
    const count = countOf(db, locationFor(db, auth, params.code), params.id);
    const scan = count.scans.find((s) => s.key === params.key) ?? notFound();
    if (!scan.undone) {
      if (count.state !== 'open') throw finished();
      scan.undone = true;
    }
    return scanAnswer(scan, factsOf(db, auth, count).known);
  }),

  route(ctx, 'stocktakes', 'finish', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    const count = countOf(db, location, params.id);
    if (count.state !== 'open') throw finished();
    const { expected, known } = factsOf(db, auth, count);
    const progress = countProgress(expected, count.scans);
    const result = reconcile(expected, count.scans, known);
    count.state = 'finished';
    count.finishedAt = db.now();
    db.protocol.log(
      protocolEntry.stocktakeFinished(
        auth.user.username,
        { id: count.id, locationCode: location.code },
        {
          expected: progress.expected,
          scanned: progress.scanned,
          missing: result.missing.length,
          unexpected: result.unexpected.reduce((n, u) => n + u.times, 0),
          twice: result.scannedTwice.length,
        },
      ),
    );
    return viewOf(db, auth, count);
  }),

  route(ctx, 'stocktakes', 'handOver', async ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    const count = countOf(db, location, params.id);
    if (count.state === 'open') throw new MockError(409, 'stocktake_open', undefined, { field: 'state' });
    if (count.inventoryListId)
      throw new MockError(409, 'stocktake_handed_over', undefined, { field: 'inventoryListId' });
    const rows = handOverRows(
      count.expected.flatMap((id) => db.containers.get(id) ?? []),
      count.scans,
    );
    const file = new File([inventoryCsv(rows)], `Count_${location.code}_${count.id}.csv`, {
      type: 'text/csv',
    });
    const list = await uploadInventoryList(db, auth, location, file, 'true');
    count.inventoryListId = list.id;
    return list;
  }),
];
