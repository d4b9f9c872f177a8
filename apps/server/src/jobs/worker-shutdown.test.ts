import { eventually } from '@falcon/contract-testing';
import { createDataset } from '@falcon/demo-data';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, openTestDatabase, signIn, type TestApp } from '../../test/harness';
import { buildApp } from '../app';
import * as t from '../db/schema';
import { exportJob } from './exports';
import { createJobQueue, type JobLog } from './queue';

/** The first export hangs until it is aborted (a long export caught by a shutdown); later ones run. */
const control = vi.hoisted(() => ({ hang: true, started: false }));
vi.mock('../exports/xlsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../exports/xlsx')>();
  return {
    ...actual,
    writeContainersXlsx: async (options: Parameters<typeof actual.writeContainersXlsx>[0]) => {
      if (!control.hang) return actual.writeContainersXlsx(options);
      control.started = true;
      await new Promise((_, reject) =>
        options.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true }),
      );
      throw new Error('unreachable');
    },
  };
});

const quiet: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

const own = createDataset({ seed: 1, scale: 'small' }).containers.find((c) => c.concernCode === 'C001')!;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ jobs: false });
});
afterAll(() => app.close());

describe('export worker shutdown', () => {
  it('puts a running export back into the queue on stop, and the next worker produces it', async () => {
    const db = app.database.db;
    const sales = await signIn(app.app, 'sales');
    const job = (await sales.post(`/api/rest/v2/location/${own.locationCode}/export/xlsx`, {})).json();

    const first = createJobQueue({ db, log: quiet, jobs: [exportJob] });
    await first.start();
    await eventually('the export to start', async () => (control.started ? true : undefined));
    const [running] = await db.select().from(t.exportJobs).where(eq(t.exportJobs.id, job.id));
    expect(running).toMatchObject({ state: 'running', attempts: 1 });
    await first.stop();
    const [requeued] = await db.select().from(t.exportJobs).where(eq(t.exportJobs.id, job.id));
    expect(requeued).toMatchObject({ state: 'queued', attempts: 0, fileId: null });

    control.hang = false;
    const second = createJobQueue({ db, log: quiet, jobs: [exportJob] });
    await second.start();
    try {
      const done = await eventually('the export to be done', async () => {
        const [row] = await db.select().from(t.exportJobs).where(eq(t.exportJobs.id, job.id));
        return row?.state === 'done' ? row : undefined;
      });
      expect(done.rowCount).toBeGreaterThan(0);
      expect(done.attempts).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('closing the app (SIGTERM) requeues the running export before the database closes', async () => {
    control.hang = true;
    control.started = false;
    const database = await openTestDatabase();
    const server = await buildApp({
      db: database.db,
      webDist: null,
      underPressure: false,
    });
    // Like server.ts: the database closes in an onClose hook added after the app was built; what the
    // job looks like is read there, just before the pool goes.
    let atClose: { state: string; attempts: number } | undefined;
    let jobId = '';
    server.addHook('onClose', async () => {
      [atClose] = await database.db.select().from(t.exportJobs).where(eq(t.exportJobs.id, jobId));
      await database.close();
    });
    await server.ready();
    const sales = await signIn(server, 'sales');
    jobId = (await sales.post(`/api/rest/v2/location/${own.locationCode}/export/xlsx`, {})).json().id;
    await eventually('the export to start', async () => (control.started ? true : undefined));
    await server.close();
    expect(atClose).toMatchObject({ state: 'queued', attempts: 0 });
  });
});
