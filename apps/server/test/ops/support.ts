/**
 * Helpers of the operational tests (test/ops): the BUILT server as a child process (root
 * scripts/server-process.mjs), an HTTP client with a session cookie, a private throwaway
 * PostgreSQL cluster, and waiting on conditions with deadlines (never fixed sleeps).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { generate } from 'otplib';
import pg from 'pg';

import { type StartedServer, startServer } from '../../../../scripts/server-process.mjs';
import { packageDir, seedFingerprint } from '../seed-fingerprint';

export { freePort, type StartedServer, startServer } from '../../../../scripts/server-process.mjs';

export const API = '/api/rest/v2';
export const DEMO_PASSWORD = 'demo1234';

/** Polls `check` until it returns a value other than undefined; throws after `timeoutMs`. */
export const waitFor = async <T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 20_000, intervalMs = 50 } = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON of the API, checked by the tests.
  json: () => any;
}

/** A client of one server origin; `cookie` is the session (from `signIn`). */
export interface HttpClient {
  origin: string;
  cookie: string;
  get: (path: string) => Promise<HttpResult>;
  post: (path: string, body?: unknown) => Promise<HttpResult>;
  bytes: (path: string) => Promise<{ status: number; headers: Headers; body: Buffer }>;
}

export const httpClient = (origin: string, cookie = ''): HttpClient => {
  const send = async (method: string, path: string, body?: unknown): Promise<HttpResult> => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  };
  return {
    origin,
    cookie,
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, body),
    bytes: async (path) => {
      const res = await fetch(`${origin}${path}`, {
        headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
      });
      return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
    },
  };
};

/**
 * Signs in over HTTP; the client carries the session cookie afterwards. A 503 with Retry-After (a PGlite
 * server busy with the export it resumed on start blocks its event loop for a while) is tried again, as
 * the web app's user would, for up to 30 s.
 */
export const signInHttp = async (
  origin: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<HttpClient> => {
  const res = await signInAnswer(origin, username, password);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('falcon_session='));
  if (!cookie) throw new Error('no session cookie');
  return httpClient(origin, cookie.split(';')[0] as string);
};

/** Recovery codes of the administrators the ops tests enrolled, per origin and username. */
const recoveryCodes = new Map<string, string[]>();

/**
 * The answer that opens the session: the password's, or, where a second factor is due (a production
 * start's ADMIN, ADR 0063), the second step's: the first sign-in enrols TOTP (otplib makes the code),
 * later ones answer with the recovery codes it gave, one each.
 */
export const signInAnswer = async (origin: string, username: string, password = DEMO_PASSWORD) => {
  const deadline = Date.now() + 30_000;
  let res = await httpClient(origin).post(`${API}/auth/signin`, { username, password });
  while (res.status === 503 && res.headers.get('retry-after') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    res = await httpClient(origin).post(`${API}/auth/signin`, { username, password });
  }
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${res.text}`);
  const step = (res.json() as { secondFactor?: { stage: 'verify' | 'enrol' } }).secondFactor;
  if (!step) return res;
  const pending = res.headers.getSetCookie().find((c) => c.startsWith('falcon_pending='));
  const second = httpClient(origin, pending?.split(';')[0] ?? '');
  const key = `${origin} ${username}`;
  if (step.stage === 'enrol') {
    const { secret } = (await second.post(`${API}/auth/enrol/totp`)).json() as { secret: string };
    const done = await second.post(`${API}/auth/enrol/totp/confirm`, { code: await generate({ secret }) });
    if (done.status !== 200) throw new Error(`enrolment of ${username} failed: ${done.status} ${done.text}`);
    recoveryCodes.set(key, (done.json() as { recoveryCodes: string[] }).recoveryCodes);
    return done;
  }
  const code = recoveryCodes.get(key)?.shift();
  if (!code) throw new Error(`no recovery code left for ${username}`);
  const done = await second.post(`${API}/auth/second-factor`, { method: 'recovery', code });
  if (done.status !== 200) throw new Error(`second step of ${username} failed: ${done.status} ${done.text}`);
  return done;
};

// --- exports, as their owner sees them ---------------------------------------------------------

/** The demo data's big location (5,026 containers): its export runs long enough to be caught running. */
export const BIG_LOCATION = 'C001-B01-L01';

interface ListedExport {
  id: string;
  state: string;
  rowCount: number | null;
}

const listedExport = async (client: HttpClient, jobId: string) =>
  ((await client.post(`${API}/exports`, {})).json().items as ListedExport[]).find((j) => j.id === jobId);

/**
 * Waits until the export runs; throws when it is done already (the test lost its race against it:
 * `before` names what the test meant to do while it runs).
 */
export const waitForExportRunning = (client: HttpClient, jobId: string, before: string) =>
  waitFor(
    'the export to run',
    async () => {
      const state = (await listedExport(client, jobId))?.state;
      if (state === 'done') throw new Error(`the export finished before ${before}: the test lost its race`);
      return state === 'running' ? true : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 20 },
  );

/** Waits until the export is done (throws when it failed); its entry on the Exports page. */
export const waitForExportDone = (client: HttpClient, jobId: string, what: string, timeoutMs: number) =>
  waitFor(
    what,
    async () => {
      const job = await listedExport(client, jobId);
      if (job?.state === 'failed') throw new Error(`the export failed: ${JSON.stringify(job)}`);
      return job?.state === 'done' ? job : undefined;
    },
    { timeoutMs, intervalMs: 100 },
  );

/** The attempts with which `server` claimed the export, from its log. */
export const exportClaims = (server: StartedServer, jobId: string): number[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"msg":"export claimed"') && line.includes(jobId))
    .map((line) => JSON.parse(line).attempt as number);

/** Downloads the export: the response and its first worksheet. */
export const downloadExport = async (client: HttpClient, jobId: string) => {
  const file = await client.bytes(`${API}/export/${jobId}/download`);
  if (file.status !== 200) throw new Error(`the download answered ${file.status}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
  return { file, sheet: workbook.worksheets[0] };
};

// --- the built server --------------------------------------------------------------------------

const serverDir = join(import.meta.dirname, '../..');

/** The newest modification time of the files under `dir` (recursively). */
const newest = (dir: string): number => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
};

/**
 * Builds apps/server/dist (tsup, about 2 s) when it is missing or older than the sources, so the
 * operational tests always run the server the code describes (CI runs `npm test` without a build of
 * the server itself: turbo builds its dependencies only).
 */
export const ensureServerBuilt = () => {
  const entry = join(serverDir, 'dist/server.js');
  const sources = Math.max(
    newest(join(serverDir, 'src')),
    newest(join(serverDir, 'drizzle')),
    statSync(join(serverDir, 'tsup.config.ts')).mtimeMs,
  );
  if (existsSync(entry) && statSync(entry).mtimeMs >= sources) return;
  const result = spawnSync('npx', ['tsup'], { cwd: serverDir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the server failed:\n${result.stdout}\n${result.stderr}`);
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A fresh PGlite DATA_DIR holding the demo data, as the built server seeds it on its first start.
 * The seed costs 5-40 s on the shared machine, so the first call runs the built server once on an
 * empty directory (DEMO_DATA=1), stops it (SIGTERM: a clean shutdown) and keeps that directory in
 * the temp dir, keyed by what the data depends on (seedFingerprint: migrations, seeding code, dataset
 * generator; and PGlite);
 * every call returns a new copy of it. The caller removes the copy.
 */
export const demoDataDir = async (): Promise<string> => {
  // What decides the seeded data (test/seed-fingerprint.ts) and the PGlite that wrote the directory.
  const pglite = join(packageDir('@electric-sql/pglite'), 'package.json');
  const cached = join(tmpdir(), `falcon-demo-datadir-${seedFingerprint([pglite])}`);
  if (!existsSync(cached)) {
    const seeding = mkdtempSync(join(tmpdir(), 'falcon-demo-seeding-'));
    try {
      const server = await startServer(
        { DEMO_DATA: '1' },
        { requireWeb: false, dataDir: seeding, timeoutMs: 170_000 },
      );
      await server.stop();
      if ((await server.exited) !== 0)
        throw new Error(`the seeding server did not stop cleanly:\n${server.output()}`);
      if (!server.output().includes('demo dataset seeded'))
        throw new Error(`no demo seed:\n${server.output()}`);
      // Atomic: a concurrent run that finished first keeps its copy.
      if (!existsSync(cached)) renameSync(seeding, cached);
      // Copies of older builds are of no use any more (about 120 MB each); one not a day old may be
      // another checkout's on this machine (its code differs), which would otherwise seed again.
      for (const name of readdirSync(tmpdir())) {
        const path = join(tmpdir(), name);
        if (
          name.startsWith('falcon-demo-datadir-') &&
          path !== cached &&
          statSync(path).mtimeMs < Date.now() - DAY_MS
        )
          rmSync(path, { recursive: true, force: true });
      }
    } finally {
      rmSync(seeding, { recursive: true, force: true });
    }
  }
  const fresh = mkdtempSync(join(tmpdir(), 'falcon-server-'));
  cpSync(cached, fresh, { recursive: true });
  return fresh;
};

// --- a private PostgreSQL cluster ---------------------------------------------------------------

/** The directory of the PostgreSQL server binaries (initdb, pg_ctl), or undefined. */
export const postgresBinDir = (): string | undefined => {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(join(fromEnv, 'pg_ctl'))) return fromEnv;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'pg_ctl'))) return dir;
  } catch {}
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
};

export interface PrivatePostgres {
  url: string;
  port: number;
  /** pg_ctl stop (-m fast: clients are told; -m immediate: like a crash). */
  stop: (mode?: 'fast' | 'immediate') => void;
  /** pg_ctl start; with `wait` (default) it returns once the server accepts connections. */
  start: (wait?: boolean) => void;
  /** Stops the cluster if it runs and removes its directory. */
  remove: () => void;
}

/**
 * A throwaway PostgreSQL cluster in a temp directory on a free port (initdb, trust auth on the
 * loopback, socket in its own directory), so a test can stop and start it without touching the
 * shared system cluster. initdb and pg_ctl refuse to run as root: then they run as `postgres`.
 */
export const startPrivatePostgres = async (port: number): Promise<PrivatePostgres> => {
  const bin = postgresBinDir();
  if (!bin) throw new Error('the PostgreSQL server binaries (initdb, pg_ctl) are not installed');
  const dir = mkdtempSync(join(tmpdir(), 'falcon-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: dir, timeout: 60_000 });
    if (result.status !== 0)
      throw new Error(
        `${tool} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
      );
    return result.stdout;
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = (wait = true) =>
    run('pg_ctl', [
      'start',
      wait ? '-w' : '-W',
      '-t',
      '60',
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      options,
    ]);
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    run('pg_ctl', ['stop', '-w', '-t', '60', '-m', mode, '-D', data]);
  const running = () => existsSync(join(data, 'postmaster.pid'));
  start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    remove: () => {
      if (running()) {
        try {
          stop('immediate');
        } catch {}
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** True once a new connection to `url` succeeds and answers a query. */
export const acceptsConnections = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};

/**
 * A fresh database on the PostgreSQL of `url` (DATABASE_URL), empty or a copy of `template`, dropped
 * by `drop()`.
 */
export const createFreshDatabase = async (url: string, name: string, template?: string) => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};
