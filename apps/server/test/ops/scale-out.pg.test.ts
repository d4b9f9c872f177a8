/**
 * Scale-out: two BUILT server processes on ONE PostgreSQL database (ARCHITECTURE.md: no state in
 * server memory; sessions, rate-limit counters, jobs and files live in the database).
 *
 * PostgreSQL pass only (vitest.config.ts includes `*.pg.test.ts` only when DATABASE_URL is set):
 * PGlite is embedded in one process and cannot be shared by two. The test creates a fresh database
 * on the DATABASE_URL server for this run (a copy of the seeded test template) and drops it at the end.
 */
import { randomBytes } from 'node:crypto';
import { createDataset } from '@falcon/demo-data';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userForm } from '../harness';
import {
  API,
  createFreshDatabase,
  DEMO_PASSWORD,
  type HttpClient,
  httpClient,
  type StartedServer,
  signInHttp,
  startServer,
  waitFor,
} from './support';

/** The test template's data (test/global-setup.ts): the small dataset, seed 1, with the demo users. */
const demo = createDataset({ seed: 1, scale: 'small' });
const countIn = (location: string) => demo.containers.filter((c) => c.locationCode === location).length;
/** Ten exports of kdadmin's concern C001, spread over its locations. */
const C001_LOCATIONS = [
  ...new Set(demo.containers.filter((c) => c.concernCode === 'C001').map((c) => c.locationCode)),
];
const EXPORTS = Array.from({ length: 10 }, (_, i) => C001_LOCATIONS[i % C001_LOCATIONS.length] as string);

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let a: StartedServer;
let b: StartedServer;
let sql: pg.Client;

beforeAll(async () => {
  const source = inject('testDatabase');
  if (source.kind !== 'postgres')
    throw new Error('the scale-out test runs in the PostgreSQL pass of npm test');
  // A fresh database for this run: a copy of the seeded test template (seeding the demo data again
  // would cost 15-40 s on the shared machine); both processes start on it (no seed: it is not empty).
  database = await createFreshDatabase(
    source.url,
    `falcon_ops_scale_${process.pid}_${randomBytes(3).toString('hex')}`,
    source.template,
  );
  // The whole output is kept: the worker logs one line per claimed and per finished export.
  const options = { requireWeb: false, timeoutMs: 150_000, outputLimit: 10_000_000 };
  a = await startServer({ DATABASE_URL: database.url, DEMO_DATA: '1' }, options);
  b = await startServer({ DATABASE_URL: database.url, DEMO_DATA: '1' }, options);
  for (const server of [a, b]) expect(server.output()).not.toContain('seeding the demo dataset');
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 300_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

describe('two server processes on one PostgreSQL database (PostgreSQL pass only: PGlite cannot be shared by two processes)', () => {
  it('a session signed in on one process is valid on the other, and a sign-out on the other ends it at once (both keep sessions in memory)', async () => {
    const onA = await signInHttp(a.origin, 'backoffice');
    const sameOnB = httpClient(b.origin, onA.cookie);
    const session = await sameOnB.get(`${API}/auth/session`);
    expect(session.status, session.text).toBe(200);
    expect(session.json()).toMatchObject({ username: 'backoffice' });
    // A keeps the session now (ADR 0044); B's sign-out must reach it before B answers.
    expect((await onA.get(`${API}/auth/session`)).status).toBe(200);
    expect((await sameOnB.post(`${API}/auth/signout`)).status).toBeLessThan(300);
    expect((await onA.get(`${API}/auth/session`)).status).toBe(401);
  });

  it('a role change on one process takes effect at once in a session the other keeps', async () => {
    const admin = await signInHttp(a.origin, 'admin');
    const user = userForm({
      username: 'scale.user',
      firstname: 'Sam',
      lastname: 'Scale',
      email: null,
      password: undefined,
      passwordRepeat: undefined,
    });
    const created = await admin.post(`${API}/user/create`, {
      ...user,
      password: 'scale-pass-11',
      passwordRepeat: 'scale-pass-11',
    });
    expect(created.status, created.text).toBe(201);
    const onB = await signInHttp(b.origin, 'scale.user', 'scale-pass-11');
    expect((await onB.get(`${API}/auth/session`)).json().roles).toEqual(['KD_USER']);
    expect((await onB.post(`${API}/users`, {})).status).toBe(403);
    const changed = await admin.post(`${API}/user/scale.user`, { ...user, roles: ['KD_ADMIN'] });
    expect(changed.status, changed.text).toBe(200);
    expect((await onB.get(`${API}/auth/session`)).json().roles).toEqual(['KD_ADMIN']);
    expect((await onB.post(`${API}/users`, {})).status).toBe(200);
    // And back: the permission it lost is refused at once.
    expect((await admin.post(`${API}/user/scale.user`, user)).status).toBe(200);
    expect((await onB.post(`${API}/users`, {})).status).toBe(403);
  });

  it('shares the sign-in back-off: failures spread over both processes back off (username, address) on both', async () => {
    const attempt = (origin: string, password: string) =>
      httpClient(origin).post(`${API}/auth/signin`, { username: 'staff', password });
    // Five failures (the free ones of a username from one address), alternating: A sees three, B two.
    const failures = [];
    for (const origin of [a.origin, b.origin, a.origin, b.origin, a.origin])
      failures.push((await attempt(origin, 'wrong-password')).status);
    expect(failures).toEqual([401, 401, 401, 401, 401]);
    // Now even the right password is refused, on both processes.
    for (const origin of [b.origin, a.origin]) {
      const locked = await attempt(origin, DEMO_PASSWORD);
      expect(locked.status, locked.text).toBe(429);
      expect(locked.json()).toMatchObject({ error: 'too_many_requests' });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const { rows } = await sql.query<{ failures: number; refused: number }>(
      `select failures, refused from login_attempts where key like 'pair:%|staff'`,
    );
    expect(rows).toEqual([{ failures: 5, refused: 2 }]);
  });

  it('ten exports enqueued across both processes are each produced exactly once', async () => {
    const onA = await signInHttp(a.origin, 'kdadmin');
    const onB = await signInHttp(b.origin, 'kdadmin');
    const clients: HttpClient[] = [onA, onB];
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const count = async (query: string, params: unknown[] = []) =>
      Number((await sql.query<{ n: string }>(query, params)).rows[0]?.n);
    const xlsxFiles = () => count('select count(*) as n from files where content_type = $1', [XLSX]);
    const filesBefore = await xlsxFiles();
    const locations = EXPORTS;
    // All at once, alternating processes: both workers compete for the queue.
    const queued = await Promise.all(
      locations.map((code, i) =>
        (clients[i % 2] as HttpClient).post(`${API}/location/${code}/export/xlsx`, {}),
      ),
    );
    for (const res of queued) expect(res.status, res.text).toBe(202);
    const jobs = queued.map((res, i) => ({ id: res.json().id as string, location: locations[i] as string }));

    const listed = await waitFor(
      'all ten exports to be done',
      async () => {
        const page = (await onB.post(`${API}/exports`, { size: 50 })).json().items as {
          id: string;
          state: string;
          rowCount: number | null;
        }[];
        const ours = jobs.map((j) => page.find((p) => p.id === j.id));
        if (ours.some((j) => j?.state === 'failed'))
          throw new Error(`an export failed: ${JSON.stringify(ours)}`);
        return ours.every((j) => j?.state === 'done') ? ours : undefined;
      },
      { timeoutMs: 45_000, intervalMs: 100 },
    );
    for (const [i, job] of listed.entries()) expect(job?.rowCount).toBe(countIn(jobs[i]?.location as string));

    // The tables: every job claimed once (attempts 1), one distinct file each, no extra export file.
    const { rows } = await sql.query<{ id: string; state: string; attempts: number; file_id: string | null }>(
      'select id, state, attempts, file_id from export_jobs where id = any($1)',
      [jobs.map((j) => j.id)],
    );
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row, JSON.stringify(row)).toMatchObject({ state: 'done', attempts: 1 });
    const fileIds = rows.map((r) => r.file_id);
    expect(new Set(fileIds).size).toBe(10);
    expect(await xlsxFiles()).toBe(filesBefore + 10);
    expect(await count('select count(*) as n from files where id = any($1)', [fileIds])).toBe(10);

    // The workers' logs: each job claimed by exactly one process, once, and done there; both worked.
    const logged = (server: StartedServer, msg: string) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes(`"msg":"${msg}"`))
        .map((line) => JSON.parse(line).job as string);
    const claims = [...logged(a, 'export claimed'), ...logged(b, 'export claimed')].filter((id) =>
      jobs.some((j) => j.id === id),
    );
    expect(claims.sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(logged(a, 'export done').length + logged(b, 'export done').length).toBe(10);
    const byA = logged(a, 'export done').length;
    console.log(`[ops] exports produced: ${byA} by process A, ${10 - byA} by process B`);
    expect(byA).toBeGreaterThan(0);
    expect(byA).toBeLessThan(10);

    // Each file downloads from the process that did NOT take the request, as a real xlsx.
    for (const [i, job] of jobs.entries()) {
      const other = clients[(i + 1) % 2] as HttpClient;
      const file = await other.bytes(`${API}/export/${job.id}/download`);
      expect(file.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]?.actualRowCount).toBe(countIn(job.location) + 1);
    }
  }, 60_000);
});
