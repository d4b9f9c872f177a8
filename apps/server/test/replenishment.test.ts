import { WORKLIST_COUNT_LIMIT } from '@falcon/api-client';
import { eventually } from '@falcon/contract-testing';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema';
import { refreshAllForecasts } from '../src/services/history';
import { activeContainers, type Client, createTestApp, signIn, type TestApp } from './harness';

/**
 * Issue 16 on the server: the container history written on approval, the series behind the field
 * filter, the scope, sizing on a known series, the worklist (order, filters, count, export) and bad input.
 */

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const monday = (d: Date) => {
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return midnight - ((d.getUTCDay() + 6) % 7) * DAY_MS;
};

let h: TestApp;
let admin: Client;
let kdadmin: Client;
let staff: Client;
let own: typeof t.containers.$inferSelect;
let foreign: typeof t.containers.$inferSelect;

beforeAll(async () => {
  h = await createTestApp();
  [admin, kdadmin, staff] = await Promise.all([
    signIn(h.app, 'admin'),
    signIn(h.app, 'kdadmin'),
    signIn(h.app, 'staff'),
  ]);
  [own] = (await activeContainers(h.database.db)) as [typeof own];
  [foreign] = (await h.database.db
    .select()
    .from(t.containers)
    .where(and(ne(t.containers.concernCode, 'C001'), eq(t.containers.active, true)))
    .orderBy(asc(t.containers.id))
    .limit(1)) as [typeof foreign];
}, 60_000);
afterAll(() => h?.close());

/** Replaces a container's history with consumption per whole week (oldest first, ending last week). */
const knownSeries = async (containerId: string, weeks: number[], stock: number) => {
  const db = h.database.db;
  const [c] = await db.select().from(t.containers).where(eq(t.containers.id, containerId));
  await db.delete(t.containerEvents).where(eq(t.containerEvents.containerId, containerId));
  const start = monday(new Date()) - weeks.length * WEEK_MS;
  await db.insert(t.containerEvents).values(
    weeks.map((q, i) => ({
      containerId,
      concernCode: c!.concernCode,
      locationCode: c!.locationCode,
      at: new Date(start + i * WEEK_MS + 2 * DAY_MS),
      kind: 'consumption' as const,
      quantity: q,
      stockAfter: i === weeks.length - 1 ? stock : stock + q,
    })),
  );
};

describe('container history', () => {
  it('keeps the generated year: 53 weeks with consumption, stock and reach, and the alarm threshold', async () => {
    const res = await kdadmin.get(`/api/rest/v2/container/${own.id}/history`);
    expect(res.statusCode).toBe(200);
    const history = res.json();
    expect(history.weeks).toHaveLength(53);
    expect(history.consumption).toHaveLength(53);
    expect(history.stock).toHaveLength(53);
    expect(history.consumption.filter((q: number) => q > 0).length).toBeGreaterThan(30);
    expect(history.alarmReachWeeks).toBe(1);
    expect(history.averageWeekly).toBeGreaterThan(0);
    expect(history.alarmStock).toBeCloseTo(history.averageWeekly, 6);
    expect(history.events.length).toBeGreaterThan(0);
  });

  it('writes the approved change into the history: a quantity change, then a scan as a consumption', async () => {
    const [c] = await activeContainers(h.database.db, 3).then((rows) => rows.slice(2));
    const before = (await admin.get(`/api/rest/v2/container/${c!.id}/history`)).json();
    const stockBefore = before.stock.filter((s: number | null) => s !== null).at(-1);
    const asked = await staff.post(`/api/rest/v2/container/${c!.id}/changequantity`, {
      factor: c!.fillingQuantity + 100,
    });
    expect(asked.statusCode).toBe(201);
    expect((await admin.post(`/api/rest/v2/review/${asked.json().id}/approve`, {})).statusCode).toBe(200);
    const changed = (await admin.get(`/api/rest/v2/container/${c!.id}/history`)).json();
    expect(changed.events[0]).toMatchObject({
      kind: 'quantity_change',
      quantity: c!.fillingQuantity + 100,
      previousQuantity: c!.fillingQuantity,
      stockAfter: stockBefore,
    });
    expect(changed.fillingQuantity).toBe(c!.fillingQuantity + 100);

    const scan = await staff.post(`/api/rest/v2/container/${c!.id}/scan`, {});
    expect(scan.statusCode).toBe(201);
    expect((await admin.post(`/api/rest/v2/review/${scan.json().id}/approve`, {})).statusCode).toBe(200);
    const scanned = (await admin.get(`/api/rest/v2/container/${c!.id}/history`)).json();
    expect(scanned.events[0]).toMatchObject({
      kind: 'consumption',
      quantity: c!.fillingQuantity + 100,
      stockAfter: Math.max(0, stockBefore - (c!.fillingQuantity + 100)),
    });
    // This week's consumption shows it, and the stored forecast follows the new stock at once.
    expect(scanned.consumption.at(-1)).toBe(before.consumption.at(-1) + c!.fillingQuantity + 100);
    const [forecast] = await h.database.db
      .select()
      .from(t.containerForecasts)
      .where(eq(t.containerForecasts.containerId, c!.id));
    expect(forecast?.stock).toBe(Math.max(0, stockBefore - (c!.fillingQuantity + 100)));
  });

  it('gives a user without the consumption field no consumption series, events or average', async () => {
    const history = (await staff.get(`/api/rest/v2/container/${own.id}/history`)).json();
    expect(history.weeks).toHaveLength(53);
    for (const hidden of ['consumption', 'averageWeekly', 'alarmStock', 'events'])
      expect(history).not.toHaveProperty(hidden);
    // Staff sees the filling quantity and the reach: the stock and reach series are there.
    expect(history.stock).toHaveLength(53);
    expect(history.reach).toHaveLength(53);
    const sizing = (await staff.post(`/api/rest/v2/container/${own.id}/sizing`, {})).json();
    expect(sizing).toHaveProperty('suggested');
    expect(sizing).not.toHaveProperty('averageWeekly');
    expect(sizing).not.toHaveProperty('needed');
  });

  it("answers another concern's container 404 like a missing one", async () => {
    for (const path of ['history', 'sizing']) {
      const res =
        path === 'history'
          ? await kdadmin.get(`/api/rest/v2/container/${foreign.id}/${path}`)
          : await kdadmin.post(`/api/rest/v2/container/${foreign.id}/${path}`, {});
      expect([res.statusCode, res.json().error]).toEqual([404, 'container_not_found']);
    }
    const sizing = await kdadmin.post(`/api/rest/v2/location/${foreign.locationCode}/sizing`, {});
    expect([sizing.statusCode, sizing.json().error]).toEqual([404, 'location_not_found']);
    const bands = await kdadmin.get(`/api/rest/v2/location/${foreign.locationCode}/reachbands`);
    expect(bands.statusCode).toBe(404);
  });
});

describe('sizing', () => {
  it('suggests average a day x (lead + safety time), rounded up to the packaging unit, a spike ignored', async () => {
    const [c] = await activeContainers(h.database.db, 5).then((rows) => rows.slice(4));
    await h.database.db
      .update(t.containers)
      .set({ packagingUnit: '50 Stk', fillingQuantity: 200 })
      .where(eq(t.containers.id, c!.id));
    // 70 a week for 12 weeks, one of them a spike of 700.
    await knownSeries(
      c!.id,
      Array.from({ length: 12 }, (_, i) => (i === 8 ? 700 : 70)),
      100,
    );
    // The product's defaults first (10 + 5 days): 70 / 7 x 15 = 150 -> 3 units of 50, less than 200.
    await admin.post(`/api/rest/v2/location/${c!.locationCode}/replenishment`, {
      leadTimeDays: null,
      safetyTimeDays: null,
    });
    const [branchOf] = await h.database.db
      .select({ code: t.locations.branchCode })
      .from(t.locations)
      .where(eq(t.locations.code, c!.locationCode));
    await admin.post(`/api/rest/v2/branch/${branchOf!.code}/replenishment`, {
      leadTimeDays: null,
      safetyTimeDays: null,
    });
    expect(
      (await kdadmin.post(`/api/rest/v2/container/${c!.id}/sizing`, { windowWeeks: 12 })).json(),
    ).toMatchObject({ coverDays: 15, suggested: 150, reason: 'decrease' });
    const saved = await admin.post(`/api/rest/v2/location/${c!.locationCode}/replenishment`, {
      leadTimeDays: 14,
      safetyTimeDays: 7,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      effective: { leadTimeDays: 14, safetyTimeDays: 7 },
      source: { leadTimeDays: 'location', safetyTimeDays: 'location' },
    });
    const sizing = (await kdadmin.post(`/api/rest/v2/container/${c!.id}/sizing`, { windowWeeks: 12 })).json();
    // 70 / 7 x 21 = 210 -> 5 units of 50 = 250.
    expect(sizing).toMatchObject({
      windowWeeks: 12,
      leadTimeDays: 14,
      safetyTimeDays: 7,
      coverDays: 21,
      averageWeekly: 70,
      needed: 210,
      packagingUnit: 50,
      suggested: 250,
      fillingQuantity: 200,
      reason: 'increase',
      outliersIgnored: 1,
    });
    // A window of the last 2 weeks: 70 a week as well; no consumption at all: one unit, no_consumption.
    expect(
      (await kdadmin.post(`/api/rest/v2/container/${c!.id}/sizing`, { windowWeeks: 2 })).json().suggested,
    ).toBe(250);
    await knownSeries(
      c!.id,
      Array.from({ length: 12 }, () => 0),
      100,
    );
    expect((await kdadmin.post(`/api/rest/v2/container/${c!.id}/sizing`, {})).json()).toMatchObject({
      suggested: 50,
      reason: 'no_consumption',
    });
    // The location's bulk list names the container with its sizing (only changes by default).
    const bulk = (
      await kdadmin.post(`/api/rest/v2/location/${c!.locationCode}/sizing`, { changesOnly: false, size: 200 })
    ).json();
    expect(bulk).toMatchObject({ locationCode: c!.locationCode, leadTimeDays: 14, safetyTimeDays: 7 });
    expect(bulk.items.find((i: { containerId: string }) => i.containerId === c!.id)).toMatchObject({
      suggested: 50,
      reason: 'no_consumption',
      code: c!.code,
    });
    const changes = (await kdadmin.post(`/api/rest/v2/location/${c!.locationCode}/sizing`, {})).json();
    for (const item of changes.items) expect(['increase', 'decrease']).toContain(item.reason);
  });

  it('keeps lead and safety time per location with defaults per branch, editable by who edits the layout', async () => {
    const location = own.locationCode;
    const [l] = await h.database.db.select().from(t.locations).where(eq(t.locations.code, location));
    const branch = await admin.post(`/api/rest/v2/branch/${l!.branchCode}/replenishment`, {
      leadTimeDays: 20,
      safetyTimeDays: null,
    });
    expect(branch.json()).toMatchObject({
      leadTimeDays: 20,
      safetyTimeDays: null,
      effective: { leadTimeDays: 20, safetyTimeDays: 5 },
      source: { leadTimeDays: 'branch', safetyTimeDays: 'default' },
    });
    await admin.post(`/api/rest/v2/location/${location}/replenishment`, {
      leadTimeDays: null,
      safetyTimeDays: 3,
    });
    const read = (await staff.get(`/api/rest/v2/location/${location}/replenishment`)).json();
    expect(read).toMatchObject({
      code: location,
      leadTimeDays: null,
      safetyTimeDays: 3,
      effective: { leadTimeDays: 20, safetyTimeDays: 3 },
      inherited: { leadTimeDays: 20, safetyTimeDays: 5 },
      source: { leadTimeDays: 'branch', safetyTimeDays: 'location' },
      editable: false,
    });
    const refused = await staff.post(`/api/rest/v2/location/${location}/replenishment`, {
      leadTimeDays: 1,
      safetyTimeDays: 1,
    });
    expect(refused.statusCode).toBe(403);
    const [entry] = await h.database.db
      .select()
      .from(t.protocol)
      .where(eq(t.protocol.objectType, 'locationReplenishment'))
      .orderBy(desc(t.protocol.at))
      .limit(1);
    expect(entry).toMatchObject({ objectId: location, username: 'admin', after: { safetyTimeDays: 3 } });
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      [`/api/rest/v2/container/${own.id}/sizing`, { windowWeeks: 0 }, 'windowWeeks'],
      [`/api/rest/v2/container/${own.id}/sizing`, { windowWeeks: 53 }, 'windowWeeks'],
      [
        `/api/rest/v2/location/${own.locationCode}/replenishment`,
        { leadTimeDays: -1, safetyTimeDays: 0 },
        'leadTimeDays',
      ],
      [
        `/api/rest/v2/location/${own.locationCode}/replenishment`,
        { leadTimeDays: 1.5, safetyTimeDays: 0 },
        'leadTimeDays',
      ],
      [`/api/rest/v2/location/${own.locationCode}/replenishment`, { leadTimeDays: 1 }, 'safetyTimeDays'],
      ['/api/rest/v2/replenishment/worklist', { size: 0 }, 'size'],
      ['/api/rest/v2/replenishment/worklist', { concernCode: '' }, 'concernCode'],
    ];
    for (const [url, body, field] of cases) {
      const res = await admin.post(url, body);
      expect([url, res.statusCode, res.json().details?.field]).toEqual([url, 400, field]);
    }
  });
});

describe('reorder worklist', () => {
  beforeAll(async () => {
    await refreshAllForecasts(h.database.db, new Date());
  });

  it('lists the due containers in scope, least margin first, pages without gaps, and counts them', async () => {
    const first = (await admin.post('/api/rest/v2/replenishment/worklist', { size: 10 })).json();
    expect(first.total).toBeGreaterThan(10);
    const second = (await admin.post('/api/rest/v2/replenishment/worklist', { size: 10, page: 1 })).json();
    const items = [...first.items, ...second.items];
    expect(new Set(items.map((i: { containerId: string }) => i.containerId)).size).toBe(20);
    for (const item of items) expect(item.why.length).toBeGreaterThan(0);
    const margins = items.map((i: { marginDays: number }) => i.marginDays);
    expect(margins).toEqual([...margins].sort((a, b) => a - b));
    expect(first.more).toBe(false);
    expect((await admin.get('/api/rest/v2/replenishment/worklist/count')).json()).toEqual({
      count: first.total,
      more: false,
    });
    // Below the alarm reach means a reach under one week.
    for (const item of items.filter((i: { why: string[] }) => i.why.includes('below_alarm')))
      expect(item.reachInWeeks).toBeLessThan(1);
  });

  it("filters by concern, branch and location within the caller's scope; a foreign code is 404", async () => {
    const mine = (await kdadmin.post('/api/rest/v2/replenishment/worklist', { size: 200 })).json();
    expect(mine.total).toBeGreaterThan(0);
    for (const item of mine.items) expect(item.concernCode).toBe('C001');
    const all = (await admin.get('/api/rest/v2/replenishment/worklist/count')).json().count;
    expect(mine.total).toBeLessThan(all);
    const location = mine.items[0].locationCode;
    const atLocation = (
      await kdadmin.post('/api/rest/v2/replenishment/worklist', { locationCode: location, size: 200 })
    ).json();
    expect(atLocation.total).toBeGreaterThan(0);
    for (const item of atLocation.items) expect(item.locationCode).toBe(location);
    const branch = mine.items[0].branchCode;
    for (const item of (
      await kdadmin.post('/api/rest/v2/replenishment/worklist', { branchCode: branch, size: 200 })
    ).json().items)
      expect(item.branchCode).toBe(branch);
    const refused = await kdadmin.post('/api/rest/v2/replenishment/worklist', {
      concernCode: foreign.concernCode,
    });
    expect(refused.statusCode).toBe(404);
    const foreignLocation = await kdadmin.post('/api/rest/v2/replenishment/worklist', {
      locationCode: foreign.locationCode,
    });
    expect(foreignLocation.statusCode).toBe(404);
  });

  it('counts up to 1,000 and says there are more; a deep page counts on to the page after it', async () => {
    const db = h.database.db;
    const exact = (await admin.get('/api/rest/v2/replenishment/worklist/count')).json().count as number;
    const mine = (await kdadmin.get('/api/rest/v2/replenishment/worklist/count')).json();
    // Due forecasts of a concern no customer sees, ordered after every real one, until over 1,000 are due.
    const extra = Math.max(0, WORKLIST_COUNT_LIMIT + 100 - exact);
    const ids = Array.from({ length: extra }, (_, i) => `ZZCAP${String(i).padStart(5, '0')}`);
    const row = (containerId: string) => ({
      containerId,
      concernCode: 'ZZCAP',
      branchCode: 'ZZCAP-B',
      locationCode: 'ZZCAP-L',
      active: true,
      stock: 0,
      averageWeekly: 1,
      reachWeeks: 0,
      computedOn: '2000-01-01',
      leadTimeDays: 10,
      alarmDate: '2000-01-01',
      dueDate: '2000-01-01',
      orderDate: '2999-01-01',
    });
    for (let i = 0; i < ids.length; i += 500)
      await db.insert(t.containerForecasts).values(ids.slice(i, i + 500).map(row));
    try {
      const all = exact + extra;
      expect((await admin.get('/api/rest/v2/replenishment/worklist/count')).json()).toEqual({
        count: WORKLIST_COUNT_LIMIT,
        more: true,
      });
      const first = (await admin.post('/api/rest/v2/replenishment/worklist', { size: 50 })).json();
      expect(first).toMatchObject({ total: WORKLIST_COUNT_LIMIT, more: true, page: 0 });
      expect(first.items).toHaveLength(50);
      // Page 20 of 50 counts to the end of page 21 (1,100 rows): past the whole list, so exact.
      const deep = (await admin.post('/api/rest/v2/replenishment/worklist', { size: 50, page: 20 })).json();
      expect(deep).toMatchObject({ total: all, more: false, page: 20 });
      // The customer's own count does not move.
      expect((await kdadmin.get('/api/rest/v2/replenishment/worklist/count')).json()).toEqual(mine);
    } finally {
      await db.delete(t.containerForecasts).where(eq(t.containerForecasts.concernCode, 'ZZCAP'));
    }
  });

  it('exports the worklist as the caller sees it (xlsx through the export job)', async () => {
    const listed = (await kdadmin.post('/api/rest/v2/replenishment/worklist', { size: 1 })).json();
    const queued = await kdadmin.post('/api/rest/v2/replenishment/worklist/export/xlsx?lang=en', {});
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ kind: 'worklist', scopeCode: '', state: 'queued' });
    const job = await eventually('the worklist export', async () => {
      const jobs = (await kdadmin.post('/api/rest/v2/exports', {})).json();
      const found = jobs.items.find((j: { id: string }) => j.id === queued.json().id);
      expect(found.state).not.toBe('failed');
      return found.state === 'done' ? found : undefined;
    });
    expect(job.rowCount).toBe(listed.total);
    const file = await kdadmin.get(`/api/rest/v2/export/${job.id}/download`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).filter((v) => typeof v === 'string');
    expect(headers).toEqual(
      expect.arrayContaining(['Container code', 'Stock', 'Runs dry on', 'Days of margin', 'Reason']),
    );
    expect(sheet.actualRowCount).toBe(listed.total + 1);
  });

  it("shows the location's containers by reach band week by week", async () => {
    const res = await kdadmin.get(`/api/rest/v2/location/${own.locationCode}/reachbands`);
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary.bands).toEqual(['empty', 'alarm', 'low', 'ok', 'high', 'no_consumption']);
    expect(summary.counts).toHaveLength(53);
    const active = await h.database.db
      .select({ id: t.containers.id })
      .from(t.containers)
      .where(and(eq(t.containers.locationCode, own.locationCode), eq(t.containers.active, true)));
    for (const week of summary.counts)
      expect(week.reduce((a: number, b: number) => a + b, 0)).toBe(active.length);
  });
});
