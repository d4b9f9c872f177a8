// npm run bench:soak — a long run of a day's call mix at ~70 % of the server's capacity, on the `large`
// dataset in PostgreSQL (`falcon_bench`, seeded once like bench:api).
//
// 1. Starts the built server on falcon_bench (child process, loopback, METRICS_TOKEN set).
// 2. Tries every call of the mix once (a call that fails stops the run before it starts).
// 3. Capacity: the mix as fast as 10 connections go for SOAK_CAPACITY_SECONDS (default 20); the soak's
//    rate is 70 % of what was served (SOAK_RATE=<req/s> gives the rate instead).
// 4. The soak: the mix at that rate for SOAK_SECONDS (default 600), and beside it an export of a location
//    (2,7xx rows) every SOAK_EXPORT_SECONDS (default 60): enqueued, waited for, downloaded. The server's
//    RSS and heap are read from its /metrics every 10 % of the run.
// 5. Prints throughput, p50/p95/p99 per call, errors, RSS and heap at start and end, and RSS growth from
//    minute 2 (or 20 % of a shorter run) to the end.
//
// The mix writes: sessions (sign-ins), message requests and exports; they are deleted again at the end, so that
// falcon_bench stays as bench:api expects it. `SOAK_SERVER_ENTRY=<server.js>` runs another build.

import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../../../scripts/server-process.mjs';
import { benchUrl, deepSearchBody, prepareBenchDatabase } from './bench-db';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CAPACITY_SECONDS = Number(process.env.SOAK_CAPACITY_SECONDS ?? 20);
const EXPORT_SECONDS = Number(process.env.SOAK_EXPORT_SECONDS ?? 60);
const CONNECTIONS = 10;
const API = '/api/rest/v2';
const METRICS_TOKEN = 'soak-metrics-token-0123456789';
/** The README's targets: location search p95 < 50 ms, suggest p95 < 20 ms. */
const TARGETS: Record<string, number> = {
  'search p0 (staff)': 50,
  'search p3 by article (staff)': 50,
  'search p0 (admin, big location)': 50,
  'search deep (admin, big location)': 50,
  'suggest cbl (staff)': 20,
};

interface Call {
  name: string;
  weight: number;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  cookie?: string;
  /** The status a success answers (default 200). */
  status?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number) : 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const load = () => os.loadavg()[0]?.toFixed(1);
const clock = () => new Date().toISOString().slice(11, 19);

const headersOf = (cookie?: string, json = true) => ({
  ...(json ? { 'content-type': 'application/json' } : {}),
  'x-requested-with': 'XMLHttpRequest',
  ...(cookie ? { cookie } : {}),
});

const signIn = async (origin: string, username: string) => {
  const res = await fetch(`${origin}${API}/auth/signin`, {
    method: 'POST',
    headers: headersOf(),
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
};

const send = async (origin: string, call: Pick<Call, 'method' | 'path' | 'body' | 'cookie'>) => {
  const res = await fetch(`${origin}${call.path}`, {
    method: call.method,
    headers: headersOf(call.cookie, call.body !== undefined),
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  return { status: res.status, body: await res.text() };
};

/** The server's memory from its /metrics. */
const memoryOf = async (origin: string) => {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    rss: value('process_resident_memory_bytes'),
    heap: value('nodejs_heap_size_used_bytes'),
    heapTotal: value('nodejs_heap_size_total_bytes'),
    external: value('nodejs_external_memory_bytes'),
    lagP99: value('nodejs_eventloop_lag_p99_seconds'),
  };
};

/** One deterministic order with each call as often as its weight says (the same shuffle as bench:api). */
const sequenceOf = (mix: Call[]) => {
  const sequence = mix.flatMap((call) => Array.from({ length: call.weight }, () => call));
  for (let i = sequence.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [sequence[i], sequence[j]] = [sequence[j] as Call, sequence[i] as Call];
  }
  return sequence;
};

interface Run {
  seconds: number;
  served: number;
  errors: number;
  statuses: Map<string, number>;
  perCall: Map<string, number[]>;
}

/**
 * The mix for `seconds`, at `rate` req/s in all (undefined: as fast as the connections go). One
 * autocannon instance per connection, each sending the sequence from its own starting point: with one
 * instance of 10 connections all of them would send the same call at the same moment (ten sign-ins of
 * one user at once trip its back-off).
 */
async function runMix(origin: string, mix: Call[], seconds: number, rate?: number): Promise<Run> {
  const sequence = sequenceOf(mix);
  const perCall = new Map<string, number[]>(mix.map((call) => [call.name, []]));
  const statuses = new Map<string, number>();
  let served = 0;
  let errors = 0;
  const connection = async (c: number) => {
    const shift = Math.floor((c * sequence.length) / CONNECTIONS);
    const own = [...sequence.slice(shift), ...sequence.slice(0, shift)];
    const instance = autocannon({
      url: origin,
      connections: 1,
      duration: seconds,
      ...(rate ? { overallRate: rate / CONNECTIONS } : {}),
      requests: own.map((call) => ({
        method: call.method,
        path: call.path,
        headers: headersOf(call.cookie, call.body !== undefined),
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      })),
    });
    // One request at a time: the n-th answer is own[n].
    let n = 0;
    instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
      const call = own[n++ % own.length] as Call;
      served++;
      if (status !== (call.status ?? 200)) {
        errors++;
        const key = `${call.name} ${status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      perCall.get(call.name)?.push(time);
    });
    const result = await instance;
    // Connection errors, timeouts included.
    errors += result.errors;
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => connection(c)));
  return { seconds, served, errors, statuses, perCall };
}

/** Every `everySeconds` until `until`: an export of `location` by `cookie`, waited for and downloaded. */
async function exportLoop(
  origin: string,
  cookie: string,
  location: string,
  everySeconds: number,
  until: number,
) {
  const times: number[] = [];
  const downloads: number[] = [];
  let errors = 0;
  while (Date.now() < until) {
    const next = Date.now() + everySeconds * 1000;
    const started = performance.now();
    try {
      const queued = await send(origin, {
        method: 'POST',
        path: `${API}/location/${location}/export/xlsx`,
        body: {},
        cookie,
      });
      if (queued.status !== 202) throw new Error(`export: ${queued.status} ${queued.body}`);
      const id = JSON.parse(queued.body).id as string;
      for (;;) {
        const list = await send(origin, { method: 'POST', path: `${API}/exports`, body: {}, cookie });
        const job = (JSON.parse(list.body).items as { id: string; state: string }[]).find((j) => j.id === id);
        if (job?.state === 'failed') throw new Error('export failed');
        if (job?.state === 'done') break;
        if (Date.now() > until + 120_000) throw new Error('export not done two minutes after the soak');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      times.push(performance.now() - started);
      const download = performance.now();
      const file = await fetch(`${origin}${API}/export/${id}/download`, {
        headers: headersOf(cookie, false),
      });
      const bytes = (await file.arrayBuffer()).byteLength;
      if (file.status !== 200 || bytes < 1000) throw new Error(`download: ${file.status}, ${bytes} bytes`);
      downloads.push(performance.now() - download);
    } catch (error) {
      errors++;
      console.log(`  export error: ${String(error)}`);
    }
    const wait = next - Date.now();
    if (wait > 0 && Date.now() + wait < until) await new Promise((resolve) => setTimeout(resolve, wait));
    else if (wait > 0) break;
  }
  return { times, downloads, errors };
}

async function main() {
  await prepareBenchDatabase();
  const pool = new pg.Pool({ connectionString: benchUrl, max: 2 });
  pool.on('error', () => {});
  await pool.query('delete from login_attempts');
  const {
    rows: [big],
  } = await pool.query(
    'select location_code, min(id) as id, count(*)::int as n from containers group by location_code order by n desc limit 1',
  );
  // The customer's staff user's biggest location (scope C001) and a container of it.
  const {
    rows: [own],
  } = await pool.query(
    `select location_code, min(id) as id, count(*)::int as n from containers where concern_code = 'C001'
     group by location_code order by count(*) desc limit 1`,
  );
  const {
    rows: [branch],
  } = await pool.query('select branch_code from locations where code = $1', [own.location_code]);

  const entry = process.env.SOAK_SERVER_ENTRY;
  const server = await startServer(
    { DATABASE_URL: benchUrl, DEMO_DATA: '0', METRICS_TOKEN, LOG_LEVEL: 'warn' },
    { requireWeb: false, ...(entry ? { entry: path.resolve(entry) } : {}) },
  );
  const startedAt = new Date();
  try {
    const admin = await signIn(server.origin, 'admin');
    const staff = await signIn(server.origin, 'staff');
    // The back office (in-house staff) sends messages about containers: the customer's staff may not.
    const backoffice = await signIn(server.origin, 'backoffice');
    const deep = await deepSearchBody(pool, big.location_code);
    // A day at the portal, per 100 calls: browsing the org tree and a location's racks, searching a
    // location (mostly the first page), suggest while typing, container details with their requests, the
    // dashboard, two sign-ins (two users: each (address, user) pair has its own back-off budget); the back
    // office sends messages about containers (requests: written) and reads its own requests. An
    // administrator and a customer's staff member (whose answers go through the field filter).
    const mix: Call[] = [
      {
        name: 'sign-in (staff)',
        weight: 1,
        method: 'POST',
        path: `${API}/auth/signin`,
        body: { username: 'staff', password: 'demo1234' },
      },
      {
        name: 'sign-in (backoffice)',
        weight: 1,
        method: 'POST',
        path: `${API}/auth/signin`,
        body: { username: 'backoffice', password: 'demo1234' },
      },
      { name: 'session (staff)', weight: 8, method: 'GET', path: `${API}/auth/session`, cookie: staff },
      { name: 'dashboard (staff)', weight: 2, method: 'GET', path: `${API}/dashboard`, cookie: staff },
      { name: 'concerns (staff)', weight: 6, method: 'GET', path: `${API}/concerns`, cookie: staff },
      {
        name: 'branch (staff)',
        weight: 2,
        method: 'GET',
        path: `${API}/branch/${branch.branch_code}`,
        cookie: staff,
      },
      {
        name: 'location (staff)',
        weight: 3,
        method: 'GET',
        path: `${API}/location/${own.location_code}`,
        cookie: staff,
      },
      {
        name: 'racks (staff)',
        weight: 3,
        method: 'GET',
        path: `${API}/location/${own.location_code}/racks`,
        cookie: staff,
      },
      {
        name: 'search p0 (staff)',
        weight: 16,
        method: 'POST',
        path: `${API}/location/${own.location_code}/search`,
        body: { page: 0, size: 20 },
        cookie: staff,
      },
      {
        name: 'search p3 by article (staff)',
        weight: 4,
        method: 'POST',
        path: `${API}/location/${own.location_code}/search`,
        body: { page: 3, size: 20, sortField: 'articleName', sortAsc: true },
        cookie: staff,
      },
      {
        name: 'suggest cbl (staff)',
        weight: 8,
        method: 'POST',
        path: `${API}/suggestcbl`,
        body: { query: 'werk' },
        cookie: staff,
      },
      {
        name: 'suggest container (staff)',
        weight: 6,
        method: 'POST',
        path: `${API}/suggestcontainer/${own.location_code}/search`,
        body: { query: '10' },
        cookie: staff,
      },
      {
        name: 'detail (staff)',
        weight: 12,
        method: 'GET',
        path: `${API}/container/${own.id}`,
        cookie: staff,
      },
      {
        name: 'container requests (staff)',
        weight: 4,
        method: 'GET',
        path: `${API}/container/${own.id}/requests`,
        cookie: staff,
      },
      {
        name: 'message request (backoffice)',
        weight: 2,
        method: 'POST',
        path: `${API}/container/${own.id}/message`,
        body: { message: 'Soak: please check this bin.' },
        cookie: backoffice,
        status: 201,
      },
      {
        name: 'my requests (backoffice)',
        weight: 4,
        method: 'POST',
        path: `${API}/reviews/mine`,
        body: {},
        cookie: backoffice,
      },
      {
        name: 'search p0 (admin, big location)',
        weight: 8,
        method: 'POST',
        path: `${API}/location/${big.location_code}/search`,
        body: { page: 0, size: 20 },
        cookie: admin,
      },
      {
        name: 'search deep (admin, big location)',
        weight: 4,
        method: 'POST',
        path: `${API}/location/${big.location_code}/search`,
        body: deep,
        cookie: admin,
      },
      { name: 'detail (admin)', weight: 4, method: 'GET', path: `${API}/container/${big.id}`, cookie: admin },
      {
        name: 'reviews inbox (admin)',
        weight: 2,
        method: 'POST',
        path: `${API}/reviews`,
        body: {},
        cookie: admin,
      },
    ];
    const perCycle = mix.reduce((n, call) => n + call.weight, 0);

    for (const call of mix) {
      const res = await send(server.origin, call);
      if (res.status !== (call.status ?? 200))
        throw new Error(
          `${call.name}: ${call.method} ${call.path} answered ${res.status} ${res.body.slice(0, 300)}`,
        );
    }

    let rate = Number(process.env.SOAK_RATE ?? 0);
    if (!rate) {
      console.log(
        `${clock()} capacity: the mix as fast as ${CONNECTIONS} connections go, ${CAPACITY_SECONDS} s (load ${load()})`,
      );
      const capacity = await runMix(server.origin, mix, CAPACITY_SECONDS);
      const served = capacity.served / CAPACITY_SECONDS;
      rate = Math.max(1, Math.round(served * 0.7));
      console.log(
        `  served ${served.toFixed(0)} req/s (${capacity.errors} errors): the soak runs at 70 %, ${rate} req/s`,
      );
    }

    const begin = await memoryOf(server.origin);
    const memory: ({ at: number } & Awaited<ReturnType<typeof memoryOf>>)[] = [{ at: 0, ...begin }];
    console.log(
      `${clock()} soak: ${rate} req/s for ${SOAK_SECONDS} s, ${perCycle} calls a cycle, ${CONNECTIONS} connections, an export of ${own.location_code} (${own.n} containers) every ${EXPORT_SECONDS} s (load ${load()})`,
    );
    const t0 = Date.now();
    const step = Number(process.env.SOAK_SAMPLE_SECONDS ?? Math.max(5, Math.round(SOAK_SECONDS / 10)));
    const sampler = setInterval(() => {
      memoryOf(server.origin).then(
        (m) => {
          const at = Math.round((Date.now() - t0) / 1000);
          memory.push({ at, ...m });
          console.log(
            `  ${clock()} t=${at} s: RSS ${mb(m.rss)}, heap ${mb(m.heap)} of ${mb(m.heapTotal)}, external ${mb(m.external)}, event-loop p99 ${(m.lagP99 * 1000).toFixed(1)} ms, load ${load()}`,
          );
        },
        () => undefined,
      );
    }, step * 1000);
    const [soak, exports] = await Promise.all([
      runMix(server.origin, mix, SOAK_SECONDS, rate),
      exportLoop(server.origin, backoffice, own.location_code, EXPORT_SECONDS, t0 + SOAK_SECONDS * 1000),
    ]);
    clearInterval(sampler);
    const end = await memoryOf(server.origin);
    memory.push({ at: Math.round((Date.now() - t0) / 1000), ...end });

    console.log(
      `\nsoak on PostgreSQL (falcon_bench, large dataset), ${clock()} UTC, load ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')}`,
    );
    console.log(
      `offered ${rate} req/s for ${SOAK_SECONDS} s: served ${soak.served.toLocaleString('en')} requests, ${(soak.served / SOAK_SECONDS).toFixed(1)} req/s, ${soak.errors} errors`,
    );
    for (const [key, n] of soak.statuses) console.log(`  error: ${key} x ${n}`);
    console.log('| call | requests | p50 | p95 | p99 | target p95 |');
    console.log('|---|---:|---:|---:|---:|---|');
    const all: number[] = [];
    for (const call of mix) {
      const times = (soak.perCall.get(call.name) ?? []).sort((a, b) => a - b);
      all.push(...times);
      const target = TARGETS[call.name];
      const p95 = percentile(times, 95);
      console.log(
        `| ${call.name} | ${times.length} | ${ms(percentile(times, 50))} | ${ms(p95)} | ${ms(percentile(times, 99))} | ${target ? `< ${target} ms: ${p95 < target ? 'met' : 'MISSED'}` : '-'} |`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `| all calls | ${all.length} | ${ms(percentile(all, 50))} | ${ms(percentile(all, 95))} | ${ms(percentile(all, 99))} | - |`,
    );
    const exportTimes = exports.times.sort((a, b) => a - b);
    const downloads = exports.downloads.sort((a, b) => a - b);
    console.log(
      `| export ${own.location_code} (queued to done) | ${exportTimes.length} | ${ms(percentile(exportTimes, 50))} | ${ms(percentile(exportTimes, 95))} | ${ms(percentile(exportTimes, 99))} | - |`,
    );
    console.log(
      `| export download | ${downloads.length} | ${ms(percentile(downloads, 50))} | ${ms(percentile(downloads, 95))} | ${ms(percentile(downloads, 99))} | - |`,
    );
    console.log(`export errors: ${exports.errors}`);
    console.log(`total errors: ${soak.errors + exports.errors}`);

    console.log(
      `server memory: RSS ${mb(begin.rss)} -> ${mb(end.rss)}, heap used ${mb(begin.heap)} -> ${mb(end.heap)}`,
    );
    // Growth after the warm-up: from minute 2 (or 20 % into a shorter run) to the end. The heap rises
    // and falls with each full collection, so one sample against another says more about where the
    // collector was than about growth: the floor (lowest sample) and the peak of the window after the
    // warm-up are compared with those of the last window of the same length as well.
    const warm = Math.min(120, SOAK_SECONDS * 0.2);
    const from = memory.find((m) => m.at >= warm) ?? begin;
    const pct = (a: number, b: number) => {
      const p = ((b - a) / a) * 100;
      return `${p >= 0 ? '+' : ''}${p.toFixed(1)} %`;
    };
    console.log(
      `RSS growth from t=${'at' in from ? from.at : 0} s to the end: ${mb(from.rss)} -> ${mb(end.rss)} (${pct(from.rss, end.rss)}; target < 10 %)`,
    );
    // A quarter of the run: long enough to hold a full collection (one every 2-3 minutes at 300 req/s).
    const span = Math.max(step * 3, SOAK_SECONDS * 0.25);
    const window = (start: number) => memory.filter((m) => m.at >= start && m.at < start + span);
    const early = window(warm);
    const late = memory.filter((m) => m.at > SOAK_SECONDS - span);
    if (early.length && late.length) {
      const range = (ms: typeof memory, key: 'rss' | 'heap') => ({
        floor: Math.min(...ms.map((m) => m[key])),
        peak: Math.max(...ms.map((m) => m[key])),
      });
      for (const key of ['rss', 'heap'] as const) {
        const a = range(early, key);
        const b = range(late, key);
        console.log(
          `${key === 'rss' ? 'RSS' : 'heap used'} over ${span} s at t=${warm} s and at the end (${early.length} and ${late.length} samples): floor ${mb(a.floor)} -> ${mb(b.floor)} (${pct(a.floor, b.floor)}), peak ${mb(a.peak)} -> ${mb(b.peak)} (${pct(a.peak, b.peak)})`,
        );
      }
    }
  } finally {
    await server.stop();
    // The soak's writes go again: falcon_bench stays as bench:api expects it.
    const since = [startedAt.toISOString()];
    const reviews = await pool.query(
      "delete from review_requests where type = 'message' and requested_at >= $1",
      since,
    );
    const exported = await pool.query(
      `with gone as (delete from export_jobs where created_at >= $1 returning file_id)
       delete from files where id in (select file_id from gone)`,
      since,
    );
    const sessions = await pool.query('delete from sessions where created_at >= $1', since);
    await pool.query('delete from login_attempts');
    console.log(
      `cleaned up: ${reviews.rowCount} message requests, ${exported.rowCount} export files, ${sessions.rowCount} sessions`,
    );
    await pool.end();
  }
}

await main();
