/**
 * An instance killed (SIGKILL: no shutdown, nothing handed back) while it produces an export, two
 * built servers on one PostgreSQL database: another instance takes the export over once the run's
 * lease is over, and the export is produced once.
 *
 * To catch the run mid-way the test holds a lock on the `files` table, so the export waits where it
 * would store its file; to skip the 11-minute lease it moves the run's start back, as the clock would.
 * PostgreSQL pass only (vitest.config.ts); worker-crash.pglite.test.ts is the embedded case.
 */
import { randomBytes } from 'node:crypto';
import { createDataset } from '@falcon/demo-data';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  API,
  createFreshDatabase,
  downloadExport,
  exportClaims,
  type StartedServer,
  signInHttp,
  startServer,
  waitFor,
  waitForExportDone,
} from './support';

/** The test template's data (test/global-setup.ts): the small dataset, seed 1, with the demo users. */
const demo = createDataset({ seed: 1, scale: 'small' });
const location = demo.containers.find((c) => c.concernCode === 'C001')?.locationCode as string;
const rows = demo.containers.filter((c) => c.locationCode === location).length;

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let sql: pg.Client;
const servers: StartedServer[] = [];
const options = { requireWeb: false, timeoutMs: 150_000, outputLimit: 1_000_000 };

beforeAll(async () => {
  const source = inject('testDatabase');
  if (source.kind !== 'postgres') throw new Error('the crash test runs in the PostgreSQL pass of npm test');
  database = await createFreshDatabase(
    source.url,
    `falcon_ops_crash_${process.pid}_${randomBytes(3).toString('hex')}`,
    source.template,
  );
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 300_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await sql?.end();
  await database?.drop();
});

describe('an instance killed while it produces an export (two built servers, PostgreSQL)', () => {
  it('is taken over by another instance once the lease is over, and produced once', async () => {
    const a = await startServer({ DATABASE_URL: database.url }, options);
    servers.push(a);
    const onA = await signInHttp(a.origin, 'kdadmin');
    const filesBefore = Number((await sql.query('select count(*) as n from files')).rows[0].n);

    // The export will wait where it stores its file (SHARE: no inserts; the export row's foreign key may
    // still read the table).
    await sql.query('begin');
    await sql.query('lock table files in share mode');
    const queued = await onA.post(`${API}/location/${location}/export/xlsx`, {});
    expect(queued.status, queued.text).toBe(202);
    const jobId: string = queued.json().id;
    await waitFor('A to claim the export', async () => (exportClaims(a, jobId).length ? true : undefined));
    await waitFor('A to wait for the lock on files', async () => {
      const { rows } = await sql.query(
        "select count(*)::int as n from pg_locks where relation = 'files'::regclass and not granted",
      );
      return rows[0].n > 0 ? true : undefined;
    });
    expect(a.kill('SIGKILL')).toBe(true);
    expect(await a.exited).toBe('SIGKILL');
    await sql.query('rollback');

    const state = async () => ({
      row: (await sql.query('select state, attempts, file_id from export_jobs where id = $1', [jobId]))
        .rows[0],
      run: (
        await sql.query("select state from pgboss.job where name = 'export' and data->>'exportId' = $1", [
          jobId,
        ])
      ).rows[0]?.state,
    });
    // What the killed instance left: its run active, the row running with one attempt, no file.
    expect(await state()).toEqual({ row: { state: 'running', attempts: 1, file_id: null }, run: 'active' });

    // The lease (11 minutes) runs out; B starts and its first maintenance gives the run back.
    await sql.query(
      "update pgboss.job set started_on = now() - interval '20 minutes' where name = 'export' and data->>'exportId' = $1",
      [jobId],
    );
    const b = await startServer({ DATABASE_URL: database.url }, options);
    servers.push(b);
    const onB = await signInHttp(b.origin, 'kdadmin');
    const done = await waitForExportDone(onB, jobId, 'B to produce the export', 30_000);
    expect(done.rowCount).toBe(rows);
    expect(exportClaims(b, jobId)).toEqual([2]);
    // pg-boss records the completion just after the run stored the file.
    await waitFor('the run to be completed in the queue', async () =>
      (await state()).run === 'completed' ? true : undefined,
    );
    expect((await state()).row).toMatchObject({ state: 'done', attempts: 2 });
    // One file: the killed run stored nothing.
    expect(Number((await sql.query('select count(*) as n from files')).rows[0].n)).toBe(filesBefore + 1);
    const { sheet } = await downloadExport(onB, jobId);
    expect(sheet?.actualRowCount).toBe(rows + 1);
  }, 300_000);
});
