// npm run bench:api — the API on the `large` dataset (>= 1,000,000 containers) in PostgreSQL.
//
// 1. Creates the database `falcon_bench` (BENCH_DATABASE) next to DATABASE_URL's (default: the local
//    PostgreSQL 15), runs the migrations and seeds `createDataset({ scale: 'large' })` once (kept for later
//    runs), with a year of container history (added once to a database seeded before it existed).
// 2. Starts the built server on it (child process, loopback) and measures with autocannon
//    (10 connections) p50/p95/p99 and requests/s for sign-in, concerns, location search (first page
//    and a deep page with filters), suggest, container detail, the reorder worklist and a container's history.
// 3. Runs the server's statements as raw SQL through `pg` (10 concurrent clients) and prints server/raw.
//
// 4. Three runs (BENCH_RUNS): each runs every call against the server and as raw SQL, one after the
//    other, and the table gives the median of the runs' p95s and the median of the runs' server/raw ratios
//    (each ratio from one run: the machine's load moves both alike).
// 5. A mixed load (a day's call mix, two users) at rising request rates: the highest rate whose p95 stays
//    under the 50 ms target while the server keeps up with it.
//
// BENCH_SECONDS (default 10) sets each measurement's length; BENCH_SERVER_ENTRY runs another build of the
// server (A/B against a baseline: `cp dist/server.js .bench-base/` before a change); `--seed-only` seeds and
// stops; `--no-mixed` / `--mixed-only` choose the parts.

import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../../../scripts/server-process.mjs';
import { SESSION_COOKIE } from '../src/auth/sessions';
import { randomToken, sha256 } from '../src/ids';
import { benchUrl, DEEP_FILTERS, deepSearchBody, prepareBenchDatabase } from './bench-db';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 10;

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

interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  cookie?: string;
}

async function measureHttp(name: string, origin: string, request: HttpCall): Promise<Measured> {
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

/**
 * The worklist's page (50, most urgent first) with its due rows counted up to 1,001, in one statement, as
 * the server reads it (services/worklist.ts, ADR 0067).
 */
const worklistSql = (scope: string) =>
  `select n.counted, p.* from
     (select count(*)::int as counted from (select 1 from container_forecasts f
        where f.active and f.due_date <= current_date ${scope} limit 1001) due) n
   left join (select f.*, c.code, c.article_name, c.article_code, c.place_code, c.filling_quantity, l.name as location_name
         from container_forecasts f join containers c on c.id = f.container_id join locations l on l.code = f.location_code
         where f.active and f.due_date <= current_date ${scope}
         order by f.order_date, f.container_id limit 50) p on true
   order by p.order_date, p.container_id`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const loadAverage = () => {
  const [one, five] = os.loadavg();
  return `load ${one?.toFixed(1)} / ${five?.toFixed(1)}`;
};

/** The mixed load at a fixed request rate: p95 of all its calls and the rate the server kept up with. */
async function measureMix(
  origin: string,
  requests: (HttpCall & { weight: number; name: string })[],
  rate: number,
) {
  const times: number[] = [];
  let errors = 0;
  // One deterministic sequence per connection with each call as often as its weight says.
  const sequence = requests.flatMap((r) => Array.from({ length: r.weight }, () => r));
  for (let i = sequence.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [sequence[i], sequence[j]] = [
      sequence[j] as HttpCall & { weight: number; name: string },
      sequence[i] as HttpCall & { weight: number; name: string },
    ];
  }
  const instance = autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    overallRate: rate,
    requests: sequence.map((r) => ({
      method: r.method,
      path: r.path,
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(r.cookie ? { cookie: r.cookie } : {}),
      },
      ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
    })),
  });
  // Each connection sends the sequence in order, one request at a time: its n-th answer is sequence[n].
  const sent = new Map<unknown, number>();
  const perCall = new Map<string, number[]>();
  instance.on('response', (client: unknown, status: number, _bytes: number, time: number) => {
    if (status >= 400) errors++;
    times.push(time);
    const n = sent.get(client) ?? 0;
    sent.set(client, n + 1);
    const name = (sequence[n % sequence.length] as { name: string }).name;
    perCall.set(name, [...(perCall.get(name) ?? []), time]);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    perCall: [...perCall].map(([name, list]) => {
      list.sort((a, b) => a - b);
      return `${name} ${ms(percentile(list, 95))}`;
    }),
    rate,
    achieved: times.length / SECONDS,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors: errors + result.errors,
  };
}

const signIn = async (origin: string, username: string, pool: pg.Pool) => {
  const signin = await fetch(`${origin}/api/rest/v2/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  if (!signin.ok) throw new Error(`sign-in of ${username} failed: ${signin.status} ${await signin.text()}`);
  const cookie = (signin.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  if (cookie.startsWith(`${SESSION_COOKIE}=`)) return cookie;
  // The password was right but a second factor is due (the ADMIN role requires one since issue 18, and the
  // benchmark has no authenticator): its session is opened in the bench database, as the sign-in would.
  const token = randomToken();
  await pool.query(
    `insert into sessions (id, user_id, created_at, last_seen_at)
     select $1, id, now(), now() from users where username = $2`,
    [sha256(token), username],
  );
  return `${SESSION_COOKIE}=${token}`;
};

async function main() {
  await prepareBenchDatabase();
  if (process.argv.includes('--seed-only')) return;
  const pool = new pg.Pool({ connectionString: benchUrl, max: CONNECTIONS });
  pool.on('error', () => {});
  // The biggest location and one of its containers; an article word to suggest.
  const {
    rows: [big],
  } = await pool.query(
    'select location_code, count(*)::int as n from containers group by location_code order by n desc limit 1',
  );
  const location: string = big.location_code;
  // The benchmark's own database: a back-off left by an earlier run's sign-in load must not refuse this one's.
  await pool.query('delete from login_attempts');
  const {
    rows: [container],
  } = await pool.query('select id from containers where location_code = $1 order by id limit 1', [location]);
  // The customer staff user's biggest location (scope C001) and a container of it, for the mixed load.
  const {
    rows: [own],
  } = await pool.query(
    `select location_code, min(id) as id from containers where concern_code = 'C001'
     group by location_code order by count(*) desc limit 1`,
  );

  const entry = process.env.BENCH_SERVER_ENTRY;
  const server = await startServer(
    { DATABASE_URL: benchUrl, DEMO_DATA: '0' },
    { requireWeb: false, ...(entry ? { entry: path.resolve(entry) } : {}) },
  );
  try {
    const cookie = await signIn(server.origin, 'admin', pool);
    const staff = await signIn(server.origin, 'staff', pool);
    const deep = await deepSearchBody(pool, location);
    const deepPage = deep.page;
    const filters = DEEP_FILTERS;
    const calls: { name: string; http: HttpCall; raw: null | [string, unknown[]] }[] = [
      {
        name: 'sign-in (argon2id)',
        http: {
          method: 'POST',
          path: '/api/rest/v2/auth/signin',
          body: { username: 'admin', password: 'demo1234' },
        },
        raw: null, // argon2id by design; no SQL equivalent
      },
      {
        name: 'concerns',
        http: { method: 'GET', path: '/api/rest/v2/concerns', cookie },
        raw: ['select code, name from concerns order by code', []],
      },
      {
        name: 'location search, first page',
        http: {
          method: 'POST',
          path: `/api/rest/v2/location/${location}/search`,
          body: { page: 0, size: 20 },
          cookie,
        },
        raw: [pageSql('location_code = $1', 'place_code', 0), [location]],
      },
      {
        name: `location search, page ${deepPage}, filters`,
        http: {
          method: 'POST',
          path: `/api/rest/v2/location/${location}/search`,
          body: deep,
          cookie,
        },
        raw: [
          pageSql(
            'location_code = $1 and delivery_status = any($2) and reach_in_weeks <= $3',
            'price asc nulls last, place_code',
            deepPage * 20,
          ),
          [location, filters.deliveryState, filters.reach.max],
        ],
      },
      {
        // The server answers suggest from the scope's org entries it keeps for a minute; the raw SQL is
        // what asking the database every time costs.
        name: 'suggest (suggestcbl)',
        http: { method: 'POST', path: '/api/rest/v2/suggestcbl', body: { query: 'werk' }, cookie },
        raw: [
          `(select code, name from concerns where name ilike $1 or code ilike $1 limit 10)
         union all (select code, name from branches where name ilike $1 or code ilike $1 limit 10)
         union all (select code, name from locations where name ilike $1 or code ilike $1 limit 10)`,
          ['%werk%'],
        ],
      },
      {
        name: 'container detail',
        http: { method: 'GET', path: `/api/rest/v2/container/${container.id}`, cookie },
        raw: ['select * from containers where id = $1', [container.id]],
      },
      // Issue 16: the reorder worklist over every container (admin) and one concern's (staff), and a
      // container's year of history. Raw SQL: the page with its count, and the year's events.
      {
        name: 'worklist, first page (admin, all)',
        http: { method: 'POST', path: '/api/rest/v2/replenishment/worklist', body: { size: 50 }, cookie },
        raw: [worklistSql(''), []],
      },
      {
        name: 'worklist, first page (staff, C001)',
        http: {
          method: 'POST',
          path: '/api/rest/v2/replenishment/worklist',
          body: { size: 50 },
          cookie: staff,
        },
        raw: [worklistSql("and f.concern_code = 'C001'"), []],
      },
      {
        name: 'container history',
        http: { method: 'GET', path: `/api/rest/v2/container/${container.id}/history`, cookie },
        raw: [
          `select * from container_events where container_id = $1 and at >= now() - interval '53 weeks' order by at, id`,
          [container.id],
        ],
      },
    ];
    const only = process.env.BENCH_CALLS?.split(',');
    const chosen = calls.filter((c) => !only || only.some((o) => c.name.startsWith(o)));

    const runs: { server: Measured; raw: Measured | null }[][] = [];
    if (!process.argv.includes('--mixed-only'))
      for (let run = 1; run <= RUNS; run++) {
        const results: { server: Measured; raw: Measured | null }[] = [];
        console.log(
          `\nrun ${run} of ${RUNS} (${new Date().toISOString().slice(11, 19)} UTC, ${loadAverage()})`,
        );
        for (const call of chosen) {
          const measured = await measureHttp(call.name, server.origin, call.http);
          // The same data read as directly as SQL allows, right after: the floor the server is compared with.
          const raw = call.raw ? await measureSql(call.name, pool, call.raw[0], call.raw[1]) : null;
          results.push({ server: measured, raw });
          console.log(
            `  ${call.name}: p95 ${ms(measured.p95)} (${measured.rps.toFixed(0)} req/s, ${measured.errors} errors)` +
              (raw
                ? `, raw SQL p95 ${ms(raw.p95)} (${raw.rps.toFixed(0)} req/s), server/raw ${(measured.p95 / Math.max(raw.p95, 0.01)).toFixed(2)}`
                : '') +
              ` [${loadAverage()}]`,
          );
        }
        runs.push(results);
      }

    if (runs.length) {
      console.log(
        `\nAPI on PostgreSQL, ${big.n.toLocaleString('en')} containers in ${location}, ${CONNECTIONS} connections, ${SECONDS} s each, ${runs.length} runs: medians of the runs (range)`,
      );
      console.log('| call | p50 | p95 | p99 | req/s | errors | raw SQL p95 | raw req/s | server/raw p95 |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
      const range = (values: number[], format: (n: number) => string) =>
        `${format(median(values))} (${format(Math.min(...values))}-${format(Math.max(...values))})`;
      chosen.forEach((call, i) => {
        const server = runs.map((r) => (r[i] as { server: Measured }).server);
        const raw = runs
          .map((r) => (r[i] as { raw: Measured | null }).raw)
          .filter((r): r is Measured => r !== null);
        const ratios = runs.flatMap((r) => {
          const x = r[i] as { server: Measured; raw: Measured | null };
          return x.raw ? [x.server.p95 / Math.max(x.raw.p95, 0.01)] : [];
        });
        const fixed = (n: number) => n.toFixed(2);
        const whole = (n: number) => n.toFixed(0);
        console.log(
          `| ${call.name} | ${ms(median(server.map((m) => m.p50)))} | ${range(
            server.map((m) => m.p95),
            ms,
          )} | ${ms(median(server.map((m) => m.p99)))} | ${range(
            server.map((m) => m.rps),
            whole,
          )} | ${server.reduce((n, m) => n + m.errors, 0)} | ${
            raw.length
              ? range(
                  raw.map((m) => m.p95),
                  ms,
                )
              : '-'
          } | ${raw.length ? whole(median(raw.map((m) => m.rps))) : '-'} | ${ratios.length ? range(ratios, fixed) : '-'} |`,
        );
      });
      console.log(
        'targets: location search p95 < 50 ms and <= 1.5 x raw SQL; container detail and concerns p95 <= 2 x raw SQL; concerns >= 3,000 req/s; suggest p95 < 20 ms; worklist p95 < 100 ms; container history p95 < 50 ms',
      );
    }

    if (!process.argv.includes('--no-mixed')) {
      // A day's mix: mostly browsing a location (its search pages, a container, suggest while typing),
      // the session and the selector's concerns now and then; an administrator and a customer's staff
      // member (whose answers go through the field filter).
      const mix: (HttpCall & { weight: number; name: string })[] = [
        { name: 'session', weight: 2, method: 'GET', path: '/api/rest/v2/auth/session', cookie: staff },
        { name: 'concerns', weight: 2, method: 'GET', path: '/api/rest/v2/concerns', cookie: staff },
        {
          name: 'search p0 (staff)',
          weight: 4,
          method: 'POST',
          path: `/api/rest/v2/location/${own.location_code}/search`,
          body: { page: 0, size: 20 },
          cookie: staff,
        },
        {
          name: 'search p3 by article (staff)',
          weight: 2,
          method: 'POST',
          path: `/api/rest/v2/location/${own.location_code}/search`,
          body: { page: 3, size: 20, sortField: 'articleName', sortAsc: true },
          cookie: staff,
        },
        {
          name: 'detail (staff)',
          weight: 3,
          method: 'GET',
          path: `/api/rest/v2/container/${own.id}`,
          cookie: staff,
        },
        {
          name: 'suggest (staff)',
          weight: 3,
          method: 'POST',
          path: '/api/rest/v2/suggestcbl',
          body: { query: 'werk' },
          cookie: staff,
        },
        {
          name: 'search p0 (admin, big location)',
          weight: 2,
          method: 'POST',
          path: `/api/rest/v2/location/${location}/search`,
          body: { page: 0, size: 20 },
          cookie,
        },
        {
          name: 'search deep (admin, big location)',
          weight: 1,
          method: 'POST',
          path: `/api/rest/v2/location/${location}/search`,
          body: deep,
          cookie,
        },
        {
          name: 'detail (admin)',
          weight: 1,
          method: 'GET',
          path: `/api/rest/v2/container/${container.id}`,
          cookie,
        },
      ];
      const rates = (process.env.BENCH_MIX_RATES ?? '50,100,200,300,400,600,800,1000,1500,2000')
        .split(',')
        .map(Number);
      console.log(
        `\nmixed load (${mix.reduce((n, r) => n + r.weight, 0)} calls a cycle: session 2, concerns 2, search 9, detail 4, suggest 3), ${CONNECTIONS} connections, ${SECONDS} s a rate`,
      );
      console.log('| offered req/s | served req/s | p50 | p95 | errors | load | p95 per call |');
      console.log('|---:|---:|---:|---:|---:|---|---|');
      let best = 0;
      for (const rate of rates) {
        const m = await measureMix(server.origin, mix, rate);
        console.log(
          `| ${rate} | ${m.achieved.toFixed(0)} | ${ms(m.p50)} | ${ms(m.p95)} | ${m.errors} | ${loadAverage()} | ${m.perCall.join(', ')} |`,
        );
        const keptUp = m.achieved >= rate * 0.95;
        if (keptUp && m.p95 < 50 && m.errors === 0) best = rate;
        // Past what the server keeps up with, higher rates only queue.
        if (m.achieved < rate * 0.8) break;
      }
      console.log(
        `mixed load: p95 < 50 ms up to ${best} req/s (the highest rate tried that the server kept up with)`,
      );
    }
  } finally {
    await server.stop();
    await pool.end();
  }
}

await main();
