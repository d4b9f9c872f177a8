// npm run profile:api -w @falcon/server — where a request's CPU time goes, per stage.
//
// Starts the server from source (tsx, so that profile frames name the source files) under
// `node --cpu-prof` on DATABASE_URL (default: the benchmark's `falcon_bench`, seeded by `npm run bench:api`),
// loads one call at a time with autocannon (10 connections, PROFILE_SECONDS, default 8 s), stops the server
// (SIGTERM: the profile is written on exit) and prints the process's CPU time per stage and per request.
//
// Stages: each profile sample is charged to the innermost frame that belongs to a known part
// (logging, security headers, zod, field filter, drizzle, pg, the session check, ...); samples in
// node's own code (http, net, streams) or native code with no known caller count as "node http/net".
// The numbers are CPU time of the server process only (the load generator runs beside it).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../../scripts/server-process.mjs';
import { deepSearchBody } from './bench-db';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const base = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const databaseUrl =
  process.env.PROFILE_DATABASE_URL ??
  (() => {
    const url = new URL(base);
    url.pathname = '/falcon_bench';
    return url.toString();
  })();
const serverDir = join(import.meta.dirname, '..');

interface Frame {
  functionName: string;
  url: string;
}
interface Node {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Ordered: the first rule a frame matches names its stage. */
const STAGES: [string, (f: Frame) => boolean][] = [
  ['logging (pino)', (f) => /\/(pino|sonic-boom|pino-std-serializers|thread-stream)\//.test(f.url)],
  ['security headers (helmet)', (f) => /\/(helmet|@fastify\/helmet)\//.test(f.url)],
  ['compression check', (f) => /\/@fastify\/compress\//.test(f.url)],
  ['cookies', (f) => /\/(@fastify\/cookie|cookie)\//.test(f.url)],
  ['under-pressure', (f) => /\/@fastify\/under-pressure\//.test(f.url)],
  [
    'request validation (zod)',
    (f) => /\/src\/plugins\/contract\.ts$/.test(f.url) && f.functionName === 'validate',
  ],
  ['zod', (f) => /\/zod\//.test(f.url)],
  ['query building (drizzle)', (f) => /\/drizzle-orm\//.test(f.url)],
  ['pg driver', (f) => /\/(pg|pg-protocol|pg-types|pg-pool|postgres-array|postgres-date)\//.test(f.url)],
  ['session and grants', (f) => /\/src\/auth\//.test(f.url)],
  ['field filter, domain rules (api-client)', (f) => /\/api-client\/dist\//.test(f.url)],
  ['services and handlers', (f) => /\/src\/(services|routes)\//.test(f.url)],
  ['contract pipeline (own code)', (f) => /\/src\/(plugins|app\.ts)/.test(f.url)],
  [
    'fastify core (routing, hooks, reply, serialise)',
    (f) =>
      /\/(fastify|find-my-way|avvio|fast-json-stringify|secure-json-parse|@fastify\/[a-z-]+|toad-cache|light-my-request|fast-querystring|process-warning|rfdc)\//.test(
        f.url,
      ),
  ],
  ['garbage collector', (f) => f.functionName === '(garbage collector)'],
  ['idle', (f) => f.functionName === '(idle)'],
];

/** Samples per stage (ms of CPU): a zod frame under `validate` is request validation, else response validation. */
const stagesOf = (profile: Profile, window: [number, number]): Map<string, number> => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, string>();
  const stageOf = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    let stage = 'node http/net, other';
    let zodSeen = false;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = (byId.get(at) as Node).callFrame;
      const hit = STAGES.find(([, test]) => test(frame));
      if (!hit) continue;
      if (hit[0] === 'zod') {
        zodSeen = true;
        continue;
      }
      if (zodSeen) stage = hit[0] === 'request validation (zod)' ? hit[0] : 'response validation (zod)';
      else stage = hit[0] === 'request validation (zod)' ? 'contract pipeline (own code)' : hit[0];
      break;
    }
    if (zodSeen && stage === 'node http/net, other') stage = 'response validation (zod)';
    const frame = (byId.get(id) as Node).callFrame;
    if (frame.functionName === '(program)') stage = 'program (V8, not attributed)';
    memo.set(id, stage);
    return stage;
  };
  const out = new Map<string, number>();
  // Sample times are microseconds of the monotonic clock, as process.hrtime (same machine).
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < window[0] || at > window[1]) return;
    const stage = stageOf(id);
    out.set(stage, (out.get(stage) ?? 0) + delta / 1000);
  });
  return out;
};

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const profileCall = async (call: Call, cookieFor: (origin: string) => Promise<string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'falcon-prof-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${dir}`, 'src/server.ts'],
    {
      // PROFILE_SERVER_DIR: another checkout's server (with src/server.ts), for a before/after.
      cwd: process.env.PROFILE_SERVER_DIR ?? serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DEMO_DATA: '0',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/version.txt`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const cookie = await cookieFor(origin);
  const load = (duration: number) =>
    autocannon({
      url: `${origin}${call.path}`,
      method: call.method,
      connections: 10,
      duration,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
  await load(2); // warm-up (JIT, caches, prepared statements): outside the window counted
  const micros = () => Number(process.hrtime.bigint() / 1000n);
  const started = micros();
  const result = await load(SECONDS);
  const window: [number, number] = [started, micros()];
  child.kill('SIGTERM');
  await exited;
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const stages = stagesOf(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile, window);
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    stages,
    file: join(dir, file),
  };
};

const main = async () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const {
    rows: [big],
  } = await db.query(
    'select location_code, count(*)::int as n from containers group by location_code order by n desc limit 1',
  );
  const {
    rows: [container],
  } = await db.query('select id from containers where location_code = $1 order by id limit 1', [
    big.location_code,
  ]);
  const deep = await deepSearchBody(db, big.location_code);
  // The benchmark's database: a sign-in back-off left by a benchmark's sign-in load would refuse ours.
  await db.query('delete from login_attempts');
  await db.end();
  const user = process.env.PROFILE_USER ?? 'admin';
  const cookieFor = async (origin: string) => {
    const res = await fetch(`${origin}/api/rest/v2/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ username: user, password: 'demo1234' }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
    return (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  };
  const calls: Call[] = [
    { name: 'concerns', method: 'GET', path: '/api/rest/v2/concerns' },
    { name: 'container detail', method: 'GET', path: `/api/rest/v2/container/${container.id}` },
    {
      name: 'location search, first page',
      method: 'POST',
      path: `/api/rest/v2/location/${big.location_code}/search`,
      body: { page: 0, size: 20 },
    },
    {
      // The benchmark's deep page: the middle of the location, two filters, sorted by price.
      name: 'location search, deep page',
      method: 'POST',
      path: `/api/rest/v2/location/${big.location_code}/search`,
      body: deep,
    },
    // The soak's heaviest answers: a location's whole grid, and the container type-ahead.
    { name: 'racks', method: 'GET', path: `/api/rest/v2/location/${big.location_code}/racks` },
    {
      name: 'container type-ahead',
      method: 'POST',
      path: `/api/rest/v2/suggestcontainer/${big.location_code}/search`,
      body: { query: '10' },
    },
  ];
  const only = process.env.PROFILE_CALLS?.split(',');
  for (const call of calls.filter((c) => !only || only.some((o) => c.name.startsWith(o)))) {
    const { requests, non2xx, stages, file } = await profileCall(call, cookieFor);
    const busy = [...stages].filter(([s]) => s !== 'idle').reduce((sum, [, v]) => sum + v, 0);
    console.log(`\n${call.name} (${user}): ${requests} requests in ${SECONDS} s, ${non2xx} non-2xx; ${file}`);
    console.log(`CPU ${busy.toFixed(0)} ms = ${((busy * 1000) / requests).toFixed(0)} µs a request`);
    console.log('| stage | CPU ms | µs a request | share |');
    console.log('|---|---:|---:|---:|');
    for (const [stage, value] of [...stages].sort((a, b) => b[1] - a[1]))
      if (stage !== 'idle')
        console.log(
          `| ${stage} | ${value.toFixed(0)} | ${((value * 1000) / requests).toFixed(0)} | ${((100 * value) / busy).toFixed(1)} % |`,
        );
  }
};

await main();
