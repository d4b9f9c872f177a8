import { LABELS } from '@falcon/api-client';
import { createDataset } from '@falcon/demo-data';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/harness';
import { buildApp } from '../app';
import * as t from '../db/schema';
import { runExport } from './exports';

const dataset = createDataset({ seed: 1, scale: 'small' });
const own = dataset.containers.find((c) => c.concernCode === 'C001' && c.active)!;

const waitFor = async <T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Header texts and the number of rows of the first sheet. */
const sheetOf = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).filter((v) => typeof v === 'string');
  const values = (sheet.getRow(2).values as unknown[]).slice(1);
  return { headers, values, rows: sheet.actualRowCount };
};

let t1: TestApp;
beforeAll(async () => {
  t1 = await createTestApp({ exportWorker: { pollMs: 50 } });
});
afterAll(() => t1.close());

describe('exports', () => {
  it("writes a staff user's export without any column it may not see", async () => {
    const [staff] = await t1.database.db.select().from(t.users).where(eq(t.users.username, 'staff'));
    // Staff may not export by default: grant just that, its field permissions stay as they are.
    await t1.database.db
      .insert(t.userPermissions)
      .values({ userId: staff!.id, code: 'PERM_EXPORTSEARCHRESULTTOEXCEL' });
    const client = await signIn(t1.app, 'staff');
    // The client adds the locale on screen as `lang` to every request: the xlsx is written in it.
    const queued = await client.post(`/api/rest/v2/location/${own.locationCode}/export/xlsx?lang=de`, {});
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ kind: 'location', scopeCode: own.locationCode, state: 'queued' });
    const job = await waitFor('the export', async () => {
      const listed = (await client.post('/api/rest/v2/exports', {})).json();
      const found = listed.items.find((j: { id: string }) => j.id === queued.json().id);
      expect(found.state).not.toBe('failed');
      return found.state === 'done' ? found : undefined;
    });
    const file = await client.get(`/api/rest/v2/export/${job.id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const sheet = await sheetOf(file.rawPayload);
    // German headers (the shared labels of the contract, generated from the web app's translations).
    expect(sheet.headers).toEqual(
      expect.arrayContaining(['Lagerort-Code', 'Artikelbezeichnung', 'Füllmenge']),
    );
    expect(sheet.headers[0]).toBe('Lagerort-Code');
    for (const hidden of [
      'price',
      'charge',
      'rackCode',
      'placeCode',
      'storageCoordinate',
      'deliveryNoteNumber',
    ]) {
      expect(sheet.headers).not.toContain(hidden);
      expect(sheet.headers).not.toContain(LABELS.de.fields[hidden as keyof typeof LABELS.de.fields]);
    }
    // No field key is left as a header.
    expect(sheet.headers).not.toContain('articleName');
    expect(sheet.rows).toBe(job.rowCount + 1);
    expect(job.rowCount).toBe(dataset.containers.filter((c) => c.locationCode === own.locationCode).length);

    // Another user's job answers 404 like a missing one.
    const sales = await signIn(t1.app, 'sales');
    expect((await sales.get(`/api/rest/v2/export/${job.id}/download`)).statusCode).toBe(404);
    expect((await sales.post('/api/rest/v2/exports', {})).json().items).toEqual([]);
  });

  it("writes headers and values in the language of the request, else of the owner's profile", async () => {
    const sales = await signIn(t1.app, 'sales');
    const exported = async (query: string) => {
      const queued = (
        await sales.post(`/api/rest/v2/location/${own.locationCode}/export/xlsx${query}`, {})
      ).json();
      const job = await waitFor('the export', async () => {
        const listed = (await sales.post('/api/rest/v2/exports', {})).json();
        const found = listed.items.find((j: { id: string }) => j.id === queued.id);
        expect(found.state).not.toBe('failed');
        return found.state === 'done' ? found : undefined;
      });
      return sheetOf((await sales.get(`/api/rest/v2/export/${job.id}/download`)).rawPayload);
    };
    const english = await exported('?lang=en');
    expect(english.headers).toEqual(expect.arrayContaining(['Location code', 'Price', 'Delivery status']));
    // Delivery states and yes/no are words of the language, not keys.
    const states = new Set<string>(Object.values(LABELS.en.delivery));
    const deliveryAt = english.headers.indexOf('Delivery status');
    const delivery = english.values[deliveryAt];
    if (delivery !== undefined && delivery !== null) expect(states.has(String(delivery))).toBe(true);
    const obligatory = english.values[english.headers.indexOf('Obligatory')];
    if (obligatory !== undefined && obligatory !== null) expect(['Yes', 'No']).toContain(obligatory);

    // i18next's `cs` is the contract's `cz`.
    expect((await exported('?lang=cs')).headers).toContain(LABELS.cz.fields.price);
    // Without a usable `lang`: the owner's profile language.
    const [profile] = await t1.database.db.select().from(t.users).where(eq(t.users.username, 'sales'));
    await t1.database.db.update(t.users).set({ language: 'pl' }).where(eq(t.users.id, profile!.id));
    expect((await exported('?lang=xx')).headers).toContain(LABELS.pl.fields.price);
  });

  it('refuses filters over hidden fields when queueing (403), not later', async () => {
    const [staff] = await t1.database.db.select().from(t.users).where(eq(t.users.username, 'staff'));
    await t1.database.db
      .insert(t.userPermissions)
      .values({ userId: staff!.id, code: 'PERM_EXPORTSEARCHRESULTTOEXCEL' })
      .onConflictDoNothing();
    const client = await signIn(t1.app, 'staff');
    const res = await client.post(`/api/rest/v2/location/${own.locationCode}/export/xlsx`, {
      sortField: 'price',
    });
    expect([res.statusCode, res.json().details?.field]).toEqual([403, 'sortField']);
  });
});

describe('the export worker', () => {
  it('retries a job that was running when its process died, on the next start', async () => {
    const t2 = await createTestApp({ exportWorker: false });
    try {
      const sales = await signIn(t2.app, 'sales');
      const queued = (await sales.post(`/api/rest/v2/branch/${own.branchCode}/export/xlsx`, {})).json();
      // What a crash leaves behind: running, with a heartbeat nobody renews.
      await t2.database.db
        .update(t.exportJobs)
        .set({
          state: 'running',
          attempts: 1,
          startedAt: new Date(Date.now() - 120_000),
          heartbeatAt: new Date(Date.now() - 120_000),
        })
        .where(eq(t.exportJobs.id, queued.id));
      await t2.app.close();

      const restarted = await buildApp({ db: t2.database.db, webDist: null, exportWorker: { pollMs: 50 } });
      await restarted.ready();
      try {
        const job = await waitFor('the retried export', async () => {
          const [row] = await t2.database.db
            .select()
            .from(t.exportJobs)
            .where(eq(t.exportJobs.id, queued.id));
          return row?.state === 'done' || row?.state === 'failed' ? row : undefined;
        });
        expect(job).toMatchObject({ state: 'done', attempts: 2, kind: 'branch' });
        expect(job.rowCount).toBe(dataset.containers.filter((c) => c.branchCode === own.branchCode).length);
      } finally {
        await restarted.close();
      }
    } finally {
      await t2.database.close();
    }
  });

  it('leaves a job another live process is running alone (fresh heartbeat)', async () => {
    const t3 = await createTestApp({ exportWorker: false });
    try {
      const sales = await signIn(t3.app, 'sales');
      const queued = (await sales.post(`/api/rest/v2/location/${own.locationCode}/export/xlsx`, {})).json();
      await t3.database.db
        .update(t.exportJobs)
        .set({ state: 'running', attempts: 1, startedAt: new Date(), heartbeatAt: new Date() })
        .where(eq(t.exportJobs.id, queued.id));
      const { claimJob } = await import('./exports');
      expect(await claimJob(t3.database.db, new Date(), 30_000, 3)).toBeNull();
      expect((await claimJob(t3.database.db, new Date(Date.now() + 60_000), 30_000, 3))?.id).toBe(queued.id);
    } finally {
      await t3.close();
    }
  });
});

describe('runExport paging', () => {
  it('writes every row once with small pages, by place code and by another sort', async () => {
    const db = t1.database.db;
    const [sales] = await db.select().from(t.users).where(eq(t.users.username, 'sales'));
    const base = {
      id: 'X-PAGING',
      ownerUserId: sales!.id,
      kind: 'branch' as const,
      scopeCode: own.branchCode,
      scopeName: own.branchCode,
      state: 'running' as const,
      filename: 'x.xlsx',
      language: 'de' as const,
      rowCount: null,
      size: null,
      fileId: null,
      attempts: 1,
      createdAt: new Date(),
      startedAt: new Date(),
      heartbeatAt: new Date(),
      finishedAt: null,
      error: null,
    };
    const expected = dataset.containers.filter((c) => c.branchCode === own.branchCode).length;
    for (const request of [
      { searchTerm: '', filters: {}, sortField: 'relevance', sortAsc: false },
      { searchTerm: '', filters: {}, sortField: 'price', sortAsc: true },
    ]) {
      const result = await runExport(db, { ...base, request }, undefined, 7);
      expect(result.rowCount).toBe(expected);
      const sheet = await sheetOf(result.buffer as Buffer);
      expect(sheet.rows).toBe(expected + 1);
    }
  });
});
