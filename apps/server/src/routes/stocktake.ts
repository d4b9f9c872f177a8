import {
  countProgress,
  handOverRows,
  inventoryCsv,
  positionOf,
  protocolEntry,
  reconcile,
  scanAnswer,
  scanOutcome,
} from '@falcon/api-client';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { fail, HttpError, notFound } from '../errors';
import { newId } from '../ids';
import { writeProtocol } from '../services/protocol';
import { containerScope } from '../services/scope';
import {
  countedContainers,
  countFacts,
  countsOf,
  scanFact,
  stocktakeOf,
  stocktakeView,
} from '../services/stocktake';
import { locationFor } from '../services/tree';
import { createInventoryList } from '../services/uploaded-lists';
import { defineRoutes } from './define';
import { inventorySummary } from './lists';

const finished = () =>
  new HttpError(409, 'stocktake_finished', 'The count is finished: it takes no more scans.', {
    field: 'state',
  });

/** In one transaction with the count's row locked: scans of one count are classified one after the other. */
const inTransaction = <R>(db: Db, work: (tx: Db) => Promise<R>): Promise<R> =>
  db.transaction(async (transaction) => work(transaction as unknown as Db));

export const stocktakesRoutes = defineRoutes('stocktakes', {
  list: async ({ db, auth, params }) => countsOf(db, auth, await locationFor(db, auth, params.code)),

  start: async ({ db, auth, params, body, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const now = ctx.now();
    const rack = body.rack
      ? ((
          await db
            .select()
            .from(t.racks)
            .where(
              and(
                eq(t.racks.locationCode, location.code),
                eq(t.racks.position, positionOf(body.rack, 'rack')),
              ),
            )
            .orderBy(asc(t.racks.code))
            .limit(1)
        )[0] ?? fail(404, 'not_found', 'rack'))
      : null;
    const id = newId('ST');
    const count = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(t.stocktakes)
        .values({
          id,
          locationCode: location.code,
          rackCode: rack?.code ?? null,
          state: 'open',
          startedBy: auth.user.username,
          startedAt: now,
        })
        .returning();
      // Expected: the active containers of the location (or rack) now; later changes do not move the count.
      const expected = await tx
        .select({ id: t.containers.id })
        .from(t.containers)
        .where(
          and(
            eq(t.containers.locationCode, location.code),
            eq(t.containers.active, true),
            rack ? eq(t.containers.rackCode, rack.code) : undefined,
          ),
        );
      for (let i = 0; i < expected.length; i += 1_000)
        await tx
          .insert(t.stocktakeExpected)
          .values(expected.slice(i, i + 1_000).map((c) => ({ stocktakeId: id, containerId: c.id })));
      await writeProtocol(
        tx,
        protocolEntry.stocktakeStarted(auth.user.username, {
          id,
          locationCode: location.code,
          rackName: rack?.name ?? null,
          expected: expected.length,
        }),
        now,
      );
      return row ?? notFound();
    });
    return stocktakeView(db, auth, count, location);
  },

  get: async ({ db, auth, params }) => {
    const location = await locationFor(db, auth, params.code);
    return stocktakeView(db, auth, await stocktakeOf(db, location, params.id), location);
  },

  scan: async ({ db, auth, params, body, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const now = ctx.now();
    const row = await inTransaction(db, async (tx) => {
      const count = await stocktakeOf(tx, location, params.id, true);
      // A key seen before answers the first scan, also once the count is finished (a late retry).
      const [seen] = await tx
        .select()
        .from(t.stocktakeScans)
        .where(and(eq(t.stocktakeScans.stocktakeId, count.id), eq(t.stocktakeScans.key, body.key)));
      if (seen) return seen;
      if (count.state !== 'open') throw finished();
      const code = body.code;
      const [container] = await tx
        .select({ id: t.containers.id })
        .from(t.containers)
        .where(
          and(
            or(eq(t.containers.barcode, code), eq(t.containers.code, code)),
            // A container of the counted location is always known; one elsewhere only within the scope.
            or(eq(t.containers.locationCode, location.code), containerScope(auth.scope)),
          ),
        )
        .orderBy(asc(t.containers.id))
        .limit(1);
      const containerId = container?.id ?? null;
      const [expected, earlier] = await Promise.all([
        containerId
          ? tx
              .select({ id: t.stocktakeExpected.containerId })
              .from(t.stocktakeExpected)
              .where(
                and(
                  eq(t.stocktakeExpected.stocktakeId, count.id),
                  eq(t.stocktakeExpected.containerId, containerId),
                ),
              )
          : Promise.resolve([]),
        containerId
          ? tx
              .select()
              .from(t.stocktakeScans)
              .where(
                and(
                  eq(t.stocktakeScans.stocktakeId, count.id),
                  eq(t.stocktakeScans.containerId, containerId),
                  isNull(t.stocktakeScans.undoneAt),
                ),
              )
          : Promise.resolve([]),
      ]);
      const outcome = scanOutcome(containerId, new Set(expected.map((e) => e.id)), earlier.map(scanFact));
      // The unique (count, key) index decides: a concurrent twin of this request inserts nothing here.
      const [inserted] = await tx
        .insert(t.stocktakeScans)
        .values({
          stocktakeId: count.id,
          key: body.key,
          scanned: code,
          containerId,
          outcome,
          scannedBy: auth.user.username,
          scannedAt: body.scannedAt ? new Date(body.scannedAt) : now,
          receivedAt: now,
        })
        .onConflictDoNothing({ target: [t.stocktakeScans.stocktakeId, t.stocktakeScans.key] })
        .returning();
      if (inserted) return inserted;
      const [first] = await tx
        .select()
        .from(t.stocktakeScans)
        .where(and(eq(t.stocktakeScans.stocktakeId, count.id), eq(t.stocktakeScans.key, body.key)));
      return first ?? notFound();
    });
    const known = new Map(
      row.containerId
        ? (await countedContainers(db, eq(t.containers.id, row.containerId))).map((c) => [c.id, c])
        : [],
    );
    return scanAnswer(scanFact(row), known);
  },

  undo: async ({ db, auth, params, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const now = ctx.now();
    const row = await inTransaction(db, async (tx) => {
      const count = await stocktakeOf(tx, location, params.id, true);
      const [scan] = await tx
        .select()
        .from(t.stocktakeScans)
        .where(and(eq(t.stocktakeScans.stocktakeId, count.id), eq(t.stocktakeScans.key, params.key)));
      if (!scan) return notFound();
      if (scan.undoneAt) return scan;
      if (count.state !== 'open') throw finished();
      const [undone] = await tx
        .update(t.stocktakeScans)
        .set({ undoneAt: now })
        .where(eq(t.stocktakeScans.seq, scan.seq))
        .returning();
      return undone ?? scan;
    });
    const known = new Map(
      row.containerId
        ? (await countedContainers(db, eq(t.containers.id, row.containerId))).map((c) => [c.id, c])
        : [],
    );
    return scanAnswer(scanFact(row), known);
  },

  finish: async ({ db, auth, params, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const now = ctx.now();
    const count = await inTransaction(db, async (tx) => {
      const open = await stocktakeOf(tx, location, params.id, true);
      if (open.state !== 'open') throw finished();
      const facts = await countFacts(tx, auth, open);
      const progress = countProgress(facts.expected, facts.scans);
      const result = reconcile(facts.expected, facts.scans, facts.known);
      const [done] = await tx
        .update(t.stocktakes)
        .set({ state: 'finished', finishedBy: auth.user.username, finishedAt: now })
        .where(eq(t.stocktakes.id, open.id))
        .returning();
      await writeProtocol(
        tx,
        protocolEntry.stocktakeFinished(
          auth.user.username,
          { id: open.id, locationCode: location.code },
          {
            expected: progress.expected,
            scanned: progress.scanned,
            missing: result.missing.length,
            unexpected: result.unexpected.reduce((n, u) => n + u.times, 0),
            twice: result.scannedTwice.length,
          },
        ),
        now,
      );
      return done ?? open;
    });
    return stocktakeView(db, auth, count, location);
  },

  handOver: async ({ db, auth, params, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const now = ctx.now();
    const refusal = (count: { state: string; inventoryListId: string | null }) => {
      if (count.state === 'open')
        return new HttpError(409, 'stocktake_open', 'Finish the count first.', { field: 'state' });
      if (count.inventoryListId)
        return new HttpError(409, 'stocktake_handed_over', 'The count was handed over already.', {
          field: 'inventoryListId',
          inventoryListId: count.inventoryListId,
        });
      return null;
    };
    const count = await stocktakeOf(db, location, params.id);
    const refused = refusal(count);
    if (refused) throw refused;
    const facts = await countFacts(db, auth, count);
    const csv = inventoryCsv(handOverRows(facts.expected, facts.scans));
    // The one way an inventory list is made: the same parse, check and store as an upload.
    const { list, rows } = await createInventoryList(
      ctx.files,
      db,
      {
        username: auth.user.username,
        locationCode: location.code,
        bytes: new TextEncoder().encode(csv),
        filename: `Count_${location.code}_${count.id}.csv`,
        again: 'true',
        now,
      },
      // In the list's transaction, the count's row locked: a concurrent second hand-over rolls back here.
      async (tx, listId) => {
        const locked = await stocktakeOf(tx, location, count.id, true);
        const late = refusal(locked);
        if (late) throw late;
        await tx.update(t.stocktakes).set({ inventoryListId: listId }).where(eq(t.stocktakes.id, count.id));
      },
    );
    return { ...inventorySummary(list), rows };
  },
});
