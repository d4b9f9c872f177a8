/**
 * SIGTERM to the BUILT server (real child process, embedded PGlite, fresh DATA_DIR, demo data:
 * a copy of the directory the built server seeded on its first start, see `demoDataDir`)
 * while a request is genuinely in flight and an export is running; then a second start on the same
 * DATA_DIR finishes the export. (src/jobs/worker-shutdown.test.ts covers the in-process part.)
 *
 * PGlite pass only (vitest.config.ts): the server runs on its embedded PGlite whatever
 * DATABASE_URL says, so the PostgreSQL pass would repeat exactly the same test.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createDataset } from '@falcon/demo-data';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import * as t from '../../src/db/schema';
import {
  API,
  demoDataDir,
  downloadExport,
  BIG_LOCATION as LOCATION,
  type StartedServer,
  signInHttp,
  startServer,
  waitFor,
  waitForExportDone,
  waitForExportRunning,
} from './support';

const demo = createDataset({ seed: 1, scale: 'demo' });
const locationContainers = demo.containers.filter((c) => c.locationCode === LOCATION);
const barcodes = locationContainers.slice(0, 40).map((c) => c.barcode);

const servers: StartedServer[] = [];
let dataDir: string | undefined;
afterAll(async () => {
  for (const s of servers) await s.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface SlowUpload {
  /** Resolves once the server has taken the request into its handler (it answered 100 Continue). */
  accepted: Promise<void>;
  /** Sends the rest of the body. */
  finish: () => void;
  response: Promise<{ status: number; body: string; at: number }>;
}

/**
 * A multipart barcode-list upload whose body is sent in two parts: headers with
 * `Expect: 100-continue` (Node's HTTP server answers 100 when it hands the request to fastify), then
 * the file's first half; the second half only when `finish()` is called.
 */
const slowUpload = (origin: string, cookie: string, path: string, csv: string): SlowUpload => {
  const boundary = `----falcon-ops-${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="codes.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const body = Buffer.from(`${head}${csv}\r\n--${boundary}--\r\n`);
  const half = head.length + Math.floor(csv.length / 2);
  const url = new URL(path, origin);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: {
      cookie,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.byteLength),
      expect: '100-continue',
    },
  });
  const accepted = new Promise<void>((resolve, reject) => {
    req.once('continue', () => {
      req.write(body.subarray(0, half));
      resolve();
    });
    req.once('error', reject);
  });
  const response = new Promise<{ status: number; body: string; at: number }>((resolve, reject) => {
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        }),
      );
      res.on('error', reject);
    });
    req.once('error', reject);
  });
  req.flushHeaders();
  return { accepted, finish: () => req.end(body.subarray(half)), response };
};

describe('SIGTERM with a request in flight and an export running (built server, PGlite, demo data)', () => {
  it('answers the in-flight upload normally, exits 0, and the next start finishes the export into a real xlsx', async () => {
    const t0 = Date.now();
    const mark = (what: string) => console.log(`[ops] ${what}: ${Date.now() - t0} ms`);
    // A fresh DATA_DIR with the demo data (a copy of what the built server seeded on an earlier start).
    dataDir = await demoDataDir();
    mark('demo data dir');
    const first = await startServer({}, { requireWeb: false, timeoutMs: 150_000, dataDir });
    servers.push(first);
    expect(first.output()).not.toContain('seeding the demo dataset');
    mark('first start');
    const kdadmin = await signInHttp(first.origin, 'kdadmin');

    // 1. A request in flight: the upload's handler is waiting for the rest of the body.
    const upload = slowUpload(
      first.origin,
      kdadmin.cookie,
      `${API}/location/${LOCATION}/barcodelist/upload`,
      `${barcodes.join('\n')}\n`,
    );
    await upload.accepted;

    // 2. An export of the big location, caught while it runs.
    const queued = await kdadmin.post(`${API}/location/${LOCATION}/export/xlsx`, {});
    expect(queued.status, queued.text).toBe(202);
    const jobId: string = queued.json().id;
    await waitForExportRunning(kdadmin, jobId, 'SIGTERM');

    mark('export running');
    // 3. SIGTERM; the server says it is finishing in-flight requests; only then the body's rest.
    expect(first.kill('SIGTERM')).toBe(true);
    await waitFor('the server to start shutting down', () =>
      first.output().includes('SIGTERM: finishing in-flight requests') ? true : undefined,
    );
    expect(first.running()).toBe(true);
    upload.finish();
    const answer = await upload.response;
    const exitCode = await first.exited;
    const exitedAt = Date.now();
    mark('exited');

    // The in-flight request got its normal answer (the stored list, every barcode checked), before the exit.
    expect(answer.status, answer.body).toBe(201);
    const list = JSON.parse(answer.body);
    expect(list).toMatchObject({ locationCode: LOCATION, rowCount: barcodes.length, invalidCount: 0 });
    expect(list.rows.map((r: { barcode: string }) => r.barcode)).toEqual(barcodes);
    expect(answer.at).toBeLessThanOrEqual(exitedAt);
    expect(exitCode, first.output()).toBe(0);
    expect(first.output()).toContain('[falcon] stopped');

    // The export was running at SIGTERM and went back into the queue (not done, no file, attempt given back).
    const database = await openDatabase({ dataDir: first.dataDir, migrate: false });
    try {
      const [job] = await database.db.select().from(t.exportJobs).where(eq(t.exportJobs.id, jobId));
      expect(job).toMatchObject({ state: 'queued', fileId: null, attempts: 0 });
      const [stored] = await database.db.select().from(t.barcodeLists).where(eq(t.barcodeLists.id, list.id));
      expect(stored?.rowCount).toBe(barcodes.length);
    } finally {
      await database.close();
    }

    // 4. The next start on the same DATA_DIR (no new demo seed) produces the export.
    const second = await startServer({}, { requireWeb: false, timeoutMs: 150_000, dataDir: first.dataDir });
    servers.push(second);
    mark('second start');
    expect(second.output()).not.toContain('seeding the demo dataset');
    const again = await signInHttp(second.origin, 'kdadmin');
    const done = await waitForExportDone(again, jobId, 'the export to be done after the restart', 40_000);
    mark('export done');
    expect(done.rowCount).toBe(locationContainers.length);
    const { file, sheet } = await downloadExport(again, jobId);
    expect(file.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(sheet?.name).toBe(LOCATION);
    // A header row plus one row per container of the location.
    expect(sheet?.actualRowCount).toBe(locationContainers.length + 1);
    // The uploaded list survived too.
    expect((await again.get(`${API}/barcodelist/${list.id}`)).status).toBe(200);

    await second.stop();
    expect(await second.exited).toBe(0);
  }, 300_000);
});
