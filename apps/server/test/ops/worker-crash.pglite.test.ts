/**
 * A server killed (SIGKILL: no shutdown, nothing handed back) while it produces an export, built
 * server on its embedded PGlite with the demo data; the next start on the same DATA_DIR produces the
 * export at once: a PGlite data directory is open in one process only, so the run the killed process
 * left active in the queue is given back when the next one opens it (no lease to wait for).
 *
 * PGlite pass only (vitest.config.ts), like the SIGTERM test. worker-crash.pg.test.ts is the
 * PostgreSQL case (another instance takes over after the lease).
 */
import { rmSync } from 'node:fs';
import { createDataset } from '@falcon/demo-data';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import * as t from '../../src/db/schema';
import { API, demoDataDir, type StartedServer, signInHttp, startServer, waitFor } from './support';

const LOCATION = 'C001-B01-L01'; // the demo data's big location: 5,026 containers
const rows = createDataset({ seed: 1, scale: 'demo' }).containers.filter(
  (c) => c.locationCode === LOCATION,
).length;

const servers: StartedServer[] = [];
let dataDir: string | undefined;
afterAll(async () => {
  for (const s of servers) await s.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed while it produces an export (built server, PGlite, demo data)', () => {
  it('leaves the export to the next start, which produces it once', async () => {
    dataDir = await demoDataDir();
    const options = { requireWeb: false, timeoutMs: 150_000, dataDir, outputLimit: 1_000_000 };
    const first = await startServer({}, options);
    servers.push(first);
    const kdadmin = await signInHttp(first.origin, 'kdadmin');
    const queued = await kdadmin.post(`${API}/location/${LOCATION}/export/xlsx`, {});
    expect(queued.status, queued.text).toBe(202);
    const jobId: string = queued.json().id;
    await waitFor(
      'the export to run',
      async () => {
        const jobs = (await kdadmin.post(`${API}/exports`, {})).json().items as {
          id: string;
          state: string;
        }[];
        const state = jobs.find((j) => j.id === jobId)?.state;
        if (state === 'done') throw new Error('the export finished before the kill: the test lost its race');
        return state === 'running' ? true : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 20 },
    );
    expect(first.kill('SIGKILL')).toBe(true);
    expect(await first.exited).toBe('SIGKILL');

    // What the killed process left: the row running (attempt 1), its run active in the queue.
    const database = await openDatabase({ dataDir, migrate: false });
    try {
      const [row] = await database.db.select().from(t.exportJobs).where(eq(t.exportJobs.id, jobId));
      expect(row).toMatchObject({ state: 'running', attempts: 1, fileId: null });
      const active = (await database.db.execute(
        sql`select state from pgboss.job where name = 'export' and data->>'exportId' = ${jobId}`,
      )) as unknown as { rows: { state: string }[] };
      expect(active.rows).toEqual([{ state: 'active' }]);
    } finally {
      await database.close();
    }

    const second = await startServer({}, options);
    servers.push(second);
    const again = await signInHttp(second.origin, 'kdadmin');
    const done = await waitFor(
      'the export to be done after the restart',
      async () => {
        const jobs = (await again.post(`${API}/exports`, {})).json().items as {
          id: string;
          state: string;
          rowCount: number | null;
        }[];
        const job = jobs.find((j) => j.id === jobId);
        if (job?.state === 'failed') throw new Error(`the export failed: ${JSON.stringify(job)}`);
        return job?.state === 'done' ? job : undefined;
      },
      // Far below the 11-minute lease: the start gave the run back.
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(done.rowCount).toBe(rows);
    expect(second.output()).toContain('job of a stopped process given back');
    const claimed = second
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"export claimed"') && line.includes(jobId))
      .map((line) => JSON.parse(line).attempt);
    expect(claimed).toEqual([2]);
    const file = await again.bytes(`${API}/export/${jobId}/download`);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.actualRowCount).toBe(rows + 1);
    await second.stop();
    expect(await second.exited).toBe(0);
  }, 300_000);
});
