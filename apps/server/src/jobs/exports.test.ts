import { LABELS } from '@falcon/api-client';
import { eventually } from '@falcon/contract-testing';
import { createDataset } from '@falcon/demo-data';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/harness';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { runExport } from './exports';

const dataset = createDataset({ seed: 1, scale: 'small' });
const own = dataset.containers.find((c) => c.concernCode === 'C001' && c.active)!;

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
  t1 = await createTestApp();
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
    const job = await eventually('the export', async () => {
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
      const job = await eventually('the export', async () => {
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

/** pg-boss's job of an export (the queue's own table): what a crashed worker leaves behind is written there. */
const bossJob = async (db: Db, exportId: string) => {
  const result = (await db.execute(
    sql`select id, state from pgboss.job where name = 'export' and data->>'exportId' = ${exportId}`,
  )) as unknown as { rows: { id: string; state: string }[] };
  return result.rows[0];
};

describe('the export job', () => {
  it('is enqueued with its row in one transaction: a refused export leaves neither', async () => {
    const sales = await signIn(t1.app, 'sales');
    const queued = (await sales.post(`/api/rest/v2/location/${own.locationCode}/export/xlsx`, {})).json();
    expect(await bossJob(t1.database.db, queued.id)).toBeDefined();
    const count = async () =>
      (
        (await t1.database.db.execute(
          sql`select (select count(*) from export_jobs)::int as rows, (select count(*) from pgboss.job where name = 'export')::int as jobs`,
        )) as unknown as { rows: { rows: number; jobs: number }[] }
      ).rows[0];
    const before = await count();
    // A check at commit, after the row, its protocol entry and the job were written, refuses the transaction.
    await t1.database.db.execute(
      sql.raw(`create or replace function falcon_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await t1.database.db.execute(
      sql.raw(`create constraint trigger falcon_test_refuse after insert on export_jobs
        deferrable initially deferred for each row execute function falcon_test_refuse()`),
    );
    try {
      const refused = await sales.post(`/api/rest/v2/location/${own.locationCode}/export/xlsx`, {});
      expect(refused.statusCode).toBe(500);
    } finally {
      await t1.database.db.execute(sql.raw('drop trigger falcon_test_refuse on export_jobs'));
    }
    expect(await count()).toEqual(before);
  });

  it('takes over a run lost with its process once its lease is over, not before', async () => {
    const t2 = await createTestApp({ jobs: false });
    try {
      const db = t2.database.db;
      const sales = await signIn(t2.app, 'sales');
      const queued = (await sales.post(`/api/rest/v2/branch/${own.branchCode}/export/xlsx`, {})).json();
      // What a process that died while producing the export leaves behind: its run active in pg-boss
      // (lease from now on), the row running with one attempt.
      const job = await bossJob(db, queued.id);
      await db.execute(
        sql`update pgboss.job set state = 'active', started_on = now() where name = 'export' and id = ${job?.id}`,
      );
      await db
        .update(t.exportJobs)
        .set({ state: 'running', attempts: 1, startedAt: new Date() })
        .where(eq(t.exportJobs.id, queued.id));
      await t2.app.close();

      // Another instance starts, maintaining the queue every second.
      const other = await buildApp({
        db,
        webDist: null,
        underPressure: false,
        jobs: { maintenanceSeconds: 1 },
      });
      await other.ready();
      try {
        const startedAt = new Date();
        await eventually('a maintenance run of the other instance', async () => {
          const result = (await db.execute(sql`select maintained_on from pgboss.version`)) as unknown as {
            rows: { maintained_on: string | Date | null }[];
          };
          const at = result.rows[0]?.maintained_on;
          return at && new Date(at) > startedAt ? true : undefined;
        });
        // The lease (11 minutes for an export) is not over: the run may still be alive somewhere.
        expect((await bossJob(db, queued.id))?.state).toBe('active');
        const [row] = await db.select().from(t.exportJobs).where(eq(t.exportJobs.id, queued.id));
        expect(row).toMatchObject({ state: 'running', attempts: 1 });

        // Twenty minutes later (as far as the lease can tell): the next maintenance gives the job back
        // and the other instance produces it.
        await db.execute(
          sql`update pgboss.job set started_on = now() - interval '20 minutes' where name = 'export' and id = ${job?.id}`,
        );
        const done = await eventually('the export taken over', async () => {
          const [current] = await db.select().from(t.exportJobs).where(eq(t.exportJobs.id, queued.id));
          return current?.state === 'done' || current?.state === 'failed' ? current : undefined;
        });
        expect(done).toMatchObject({ state: 'done', attempts: 2, kind: 'branch' });
        expect(done.rowCount).toBe(dataset.containers.filter((c) => c.branchCode === own.branchCode).length);
        // pg-boss records the completion just after the run stored the file.
        await eventually('the run to be completed in the queue', async () =>
          (await bossJob(db, queued.id))?.state === 'completed' ? true : undefined,
        );
      } finally {
        await other.close();
      }
    } finally {
      await t2.database.close();
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
