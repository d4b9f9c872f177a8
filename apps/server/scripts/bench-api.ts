// npm run bench:api — the API on the `large` dataset (>= 1,000,000 containers) in PostgreSQL.
//
// 1. Creates the database `falcon_bench` next to DATABASE_URL's (default: the local PostgreSQL 15),
//    runs the migrations and seeds `createDataset({ scale: 'large' })` once (kept for later runs).
// 2. Starts the built server on it (child process, loopback) and measures with autocannon
//    (10 connections) p50/p95/p99 and requests/s for sign-in, concerns, location search (first page
//    and a deep page with filters), suggest and container detail.
// 3. Runs the server's statements as raw SQL through `pg` (10 concurrent clients) and prints server/raw.
//
// BENCH_SECONDS (default 10) sets each measurement's length.
import { createDataset } from '@falcon/demo-data';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startServer } from '../../../scripts/server-process.mjs';
import { openDatabase } from '../src/db/client';
import { seedDataset } from '../src/db/seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const base = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const benchUrl = (() => {
  const url = new URL(base);
  url.pathname = '/falcon_bench';
  return url.toString();
})();

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number) : 0;

interface Measured {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

async function prepareDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = 'falcon_bench'");
  if (exists.rowCount === 0) await admin.query('create database falcon_bench');
  await admin.end();
  const database = await openDatabase({ databaseUrl: benchUrl });
  const counted = (await database.db.execute(sql`select count(*)::int as n from containers`)) as unknown as {
    rows: { n: number }[];
  };
  const count = counted.rows[0]?.n ?? 0;
  if (count < 1_000_000) {
    if (count > 0) throw new Error('falcon_bench holds a partial dataset: drop the database and run again');
    const started = Date.now();
    console.log('seeding the large dataset into falcon_bench (once)...');
    await seedDataset(database.db, createDataset({ seed: 1, scale: 'large' }));
    await database.db.execute(sql`analyze`);
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await database.close();
}

async function measureHttp(
  name: string,
  origin: string,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown; cookie?: string },
): Promise<Measured> {
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: `${origin}${request.path}`,
    method: request.method,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(request.cookie ? { cookie: request.cookie } : {}),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
    if (status >= 400) errors++;
    times.push(time);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.average,
    errors: errors + result.errors + result.non2xx,
  };
}

async function measureSql(name: string, pool: pg.Pool, text: string, values: unknown[]): Promise<Measured> {
  const times: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const started = performance.now();
      await pool.query(text, values);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  times.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: times.length / SECONDS,
    errors: 0,
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The server's statement for a page of a container search without text query (services/containers.ts). */
const pageSql = (where: string, orderBy: string, offset: number) =>
  `select total.n, c.* from (select count(*) as n from containers where ${where}) total
   left join (select id as page_id from containers where ${where} order by ${orderBy} limit 20 offset ${offset}) page on true
   left join containers c on c.id = page.page_id order by ${orderBy.replaceAll(/(^|, )/g, '$1c.')}`;

async function main() {
  await prepareDatabase();
  const pool = new pg.Pool({ connectionString: benchUrl, max: CONNECTIONS });
  pool.on('error', () => {});
  // The biggest location and one of its containers; an article word to suggest.
  const {
    rows: [big],
  } = await pool.query(
    'select location_code, count(*)::int as n from containers group by location_code order by n desc limit 1',
  );
  const location: string = big.location_code;
  const {
    rows: [container],
  } = await pool.query('select id from containers where location_code = $1 order by id limit 1', [location]);

  const server = await startServer({ DATABASE_URL: benchUrl, DEMO_DATA: '0' });
  try {
    const signin = await fetch(`${server.origin}/api/rest/v2/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    if (!signin.ok) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);
    const cookie = (signin.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const deepPage = Math.floor(big.n / 2 / 20);
    const filters = { deliveryState: ['indelivery', 'backorder'], reach: { max: 12 } };

    const http: Measured[] = [];
    http.push(
      await measureHttp('sign-in', server.origin, {
        method: 'POST',
        path: '/api/rest/v2/auth/signin',
        body: { username: 'admin', password: 'demo1234' },
      }),
    );
    http.push(
      await measureHttp('concerns', server.origin, { method: 'GET', path: '/api/rest/v2/concerns', cookie }),
    );
    http.push(
      await measureHttp('location search, first page', server.origin, {
        method: 'POST',
        path: `/api/rest/v2/location/${location}/search`,
        body: { page: 0, size: 20 },
        cookie,
      }),
    );
    http.push(
      await measureHttp(`location search, page ${deepPage}, filters`, server.origin, {
        method: 'POST',
        path: `/api/rest/v2/location/${location}/search`,
        body: { page: deepPage, size: 20, filters, sortField: 'price', sortAsc: true },
        cookie,
      }),
    );
    http.push(
      await measureHttp('suggest (suggestcbl)', server.origin, {
        method: 'POST',
        path: '/api/rest/v2/suggestcbl',
        body: { query: 'werk' },
        cookie,
      }),
    );
    http.push(
      await measureHttp('container detail', server.origin, {
        method: 'GET',
        path: `/api/rest/v2/container/${container.id}`,
        cookie,
      }),
    );

    // The same data read as directly as SQL allows: the floor the server is compared with.
    const raw: (Measured | null)[] = [
      null, // sign-in is argon2id by design; no SQL equivalent
      await measureSql('concerns', pool, 'select code, name from concerns order by code', []),
      await measureSql('location search, first page', pool, pageSql('location_code = $1', 'place_code', 0), [
        location,
      ]),
      await measureSql(
        'location search, deep page, filters',
        pool,
        pageSql(
          'location_code = $1 and delivery_status = any($2) and reach_in_weeks <= $3',
          'price asc nulls last, place_code',
          deepPage * 20,
        ),
        [location, filters.deliveryState, filters.reach.max],
      ),
      // The server answers suggest from the scope's org entries it keeps for a minute; this is what
      // asking the database every time costs.
      await measureSql(
        'suggest',
        pool,
        `(select code, name from concerns where name ilike $1 or code ilike $1 limit 10)
         union all (select code, name from branches where name ilike $1 or code ilike $1 limit 10)
         union all (select code, name from locations where name ilike $1 or code ilike $1 limit 10)`,
        ['%werk%'],
      ),
      await measureSql('container detail', pool, 'select * from containers where id = $1', [container.id]),
    ];

    console.log(
      `\nAPI on PostgreSQL, ${big.n.toLocaleString('en')} containers in ${location}, ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    console.log('| call | p50 | p95 | p99 | req/s | errors | raw SQL p95 | raw req/s | server/raw p95 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    http.forEach((h, i) => {
      const r = raw[i];
      console.log(
        `| ${h.name} | ${ms(h.p50)} | ${ms(h.p95)} | ${ms(h.p99)} | ${h.rps.toFixed(0)} | ${h.errors} | ${r ? ms(r.p95) : '-'} | ${r ? r.rps.toFixed(0) : '-'} | ${r ? (h.p95 / Math.max(r.p95, 0.01)).toFixed(1) : '-'} |`,
      );
    });
    console.log('targets: location search p95 < 50 ms, suggest p95 < 20 ms (2 cores, loopback)');
  } finally {
    await server.stop();
    await pool.end();
  }
}

await main();
