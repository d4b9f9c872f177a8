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
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import * as t from '../../src/db/schema';
import {
  API,
  BIG_LOCATION,
  demoDataDir,
  downloadExport,
  exportClaims,
  type StartedServer,
  signInHttp,
  startServer,
  waitForExportDone,
  waitForExportRunning,
} from './support';

const rows = createDataset({ seed: 1, scale: 'demo' }).containers.filter(
  (c) => c.locationCode === BIG_LOCATION,
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
    const queued = await kdadmin.post(`${API}/location/${BIG_LOCATION}/export/xlsx`, {});
    expect(queued.status, queued.text).toBe(202);
    const jobId: string = queued.json().id;
    await waitForExportRunning(kdadmin, jobId, 'the kill');
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
    // Far below the 11-minute lease: the start gave the run back.
    const done = await waitForExportDone(again, jobId, 'the export to be done after the restart', 60_000);
    expect(done.rowCount).toBe(rows);
    expect(second.output()).toContain('job of a stopped process given back');
    expect(exportClaims(second, jobId)).toEqual([2]);
    const { sheet } = await downloadExport(again, jobId);
    expect(sheet?.actualRowCount).toBe(rows + 1);
    await second.stop();
    expect(await second.exited).toBe(0);
  }, 300_000);
});
