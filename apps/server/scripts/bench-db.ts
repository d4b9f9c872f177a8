// The benchmarks' PostgreSQL database: `falcon_bench` (or BENCH_DATABASE) next to DATABASE_URL's (default:
// the local PostgreSQL 15), migrated and seeded once with `createDataset({ scale: 'large' })` (kept for later
// runs). A database seeded before container history existed gets its year of history added (once).
import { createDataset } from '@falcon/demo-data';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { hasHistory, seedContainerHistory, seedDataset } from '../src/db/seed';

const baseUrl = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
/** The database's name: BENCH_DATABASE (letters, digits, underscores), else `falcon_bench`. */
const benchDatabase = (() => {
  const name = process.env.BENCH_DATABASE || 'falcon_bench';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`BENCH_DATABASE: not a plain database name: ${name}`);
  return name;
})();
export const benchUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${benchDatabase}`;
  return url.toString();
})();

/** Creates, migrates and seeds `falcon_bench` unless it holds the large dataset already. */
export async function prepareBenchDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [benchDatabase]);
  if (exists.rowCount === 0) await admin.query(`create database ${benchDatabase}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: benchUrl });
  const counted = (await database.db.execute(sql`select count(*)::int as n from containers`)) as unknown as {
    rows: { n: number }[];
  };
  const count = counted.rows[0]?.n ?? 0;
  if (count < 1_000_000) {
    if (count > 0)
      throw new Error(`${benchDatabase} holds a partial dataset: drop the database and run again`);
    const started = Date.now();
    console.log(`seeding the large dataset into ${benchDatabase} (once)...`);
    await seedDataset(database.db, createDataset({ seed: 1, scale: 'large' }), { log: console.log });
    await database.db.execute(sql`analyze`);
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else if (!(await hasHistory(database.db))) {
    const started = Date.now();
    console.log(`adding a year of container history to ${benchDatabase} (once)...`);
    await seedContainerHistory(database.db, 1, new Date(), console.log);
    await database.db.execute(sql`analyze`);
    console.log(`history seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await database.close();
}

/** The benchmarks' deep page's filters: two of them, as a user narrowing a big location would set. */
export const DEEP_FILTERS = { deliveryState: ['indelivery', 'backorder'], reach: { max: 12 } };

/**
 * The body of the benchmarks' deep page in `location`: the middle page of what DEEP_FILTERS leave, sorted
 * by price (a page past the end of the matches would measure the count alone).
 */
export async function deepSearchBody(db: Pick<pg.Client, 'query'>, location: string) {
  const {
    rows: [matching],
  } = await db.query<{ n: number }>(
    'select count(*)::int as n from containers where location_code = $1 and delivery_status = any($2) and reach_in_weeks <= $3',
    [location, DEEP_FILTERS.deliveryState, DEEP_FILTERS.reach.max],
  );
  return {
    page: Math.floor((matching?.n ?? 0) / 2 / 20),
    size: 20,
    filters: DEEP_FILTERS,
    sortField: 'price',
    sortAsc: true,
  };
}
