import { weekStart } from '@falcon/api-client';
import { containerEvents, createDataset } from '@falcon/demo-data';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import * as t from '../src/db/schema';
import { seedDataset } from '../src/db/seed';

/**
 * The seeded history (SQL, generate_series) is the generator's (JavaScript) row for row: the mock shows
 * what the server stores, and a million containers are seeded without a round trip per row.
 */
describe('container history seeding', () => {
  const dataset = createDataset({ seed: 1, scale: 'small' });
  const now = new Date('2026-11-24T15:00:00Z');
  let database: Database;

  beforeAll(async () => {
    // PGlite in memory; HISTORY_SEED_DATABASE_URL: an empty PostgreSQL database to seed instead.
    const url = process.env.HISTORY_SEED_DATABASE_URL;
    database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
    await seedDataset(database.db, dataset, { now });
  }, 120_000);
  afterAll(async () => database?.close());

  it('writes the generator events of every container, equal to the last bit', async () => {
    const rows = await database.db
      .select()
      .from(t.containerEvents)
      .orderBy(asc(t.containerEvents.containerId), asc(t.containerEvents.at), asc(t.containerEvents.kind));
    const expected = dataset.containers
      .flatMap((c) => containerEvents(dataset.seed, c, weekStart(now)))
      .sort(
        (a, b) =>
          a.containerId.localeCompare(b.containerId) ||
          a.at.localeCompare(b.at) ||
          a.kind.localeCompare(b.kind),
      );
    expect(rows.length).toBe(expected.length);
    const stored = rows.map((r) => ({
      containerId: r.containerId,
      at: r.at.toISOString(),
      kind: r.kind,
      quantity: r.quantity,
      previousQuantity: r.previousQuantity,
      stockAfter: r.stockAfter,
    }));
    expect(stored).toEqual(expected);
  });

  it('ends each container at its stock now (reach x weekly consumption) and keeps a forecast per container', async () => {
    const c = dataset.containers[0];
    const events = containerEvents(dataset.seed, c!, weekStart(now));
    const last = events.filter((e) => e.stockAfter !== null).at(-1);
    expect(last?.stockAfter).toBe(Math.floor(c!.reachInWeeks * Math.max(1, c!.consumption) + 0.5));
    const counted = (await database.db.execute(
      sql`select count(*)::int as n from container_forecasts`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(counted.rows[0]?.n).toBe(dataset.containers.length);
  });
});
