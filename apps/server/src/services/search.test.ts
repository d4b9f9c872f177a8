import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, signIn, type TestApp } from '../../test/harness';
import * as t from '../db/schema';

let h: TestApp;
let kdadmin: Client;
let location: string;
let total: number;

beforeAll(async () => {
  h = await createTestApp();
  kdadmin = await signIn(h.app, 'kdadmin');
  const [row] = await h.database.db
    .select({ code: t.containers.locationCode, n: count() })
    .from(t.containers)
    .where(eq(t.containers.concernCode, 'C001'))
    .groupBy(t.containers.locationCode)
    .orderBy(asc(t.containers.locationCode))
    .limit(1);
  location = row!.code;
  total = row!.n;
});
afterAll(() => h.close());

const search = (body: unknown, path = `location/${location}`) =>
  kdadmin.post(`/api/rest/v2/${path}/search`, body);

describe('container search', () => {
  it('pages through every container of a location exactly once', async () => {
    const seen = new Set<string>();
    for (let page = 0; page * 20 < total; page++) {
      const res = (await search({ page, size: 20 })).json();
      expect(res).toMatchObject({ total, page, size: 20 });
      for (const item of res.items) seen.add(item.id);
    }
    expect(seen.size).toBe(total);
    expect((await search({ page: 999, size: 20 })).json().items).toEqual([]);
  });

  it('sorts by a field both ways, nulls last', async () => {
    const asc = (await search({ sortField: 'price', sortAsc: true, size: 200 })).json().items;
    const prices = asc.map((c: { price: number }) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await search({ sortField: 'price', sortAsc: false, size: 1 })).json().items;
    expect(desc[0].price).toBe(Math.max(...prices));
    const dates = (await search({ sortField: 'lastScannedDate', sortAsc: true, size: 200 })).json().items;
    const firstNull = dates.findIndex((c: { lastScannedDate: string | null }) => c.lastScannedDate === null);
    if (firstNull >= 0)
      expect(
        dates.slice(firstNull).every((c: { lastScannedDate: unknown }) => c.lastScannedDate === null),
      ).toBe(true);
  });

  it('filters by delivery state, alarming and reach; matches every word of the query', async () => {
    const backorder = (await search({ filters: { deliveryState: ['backorder'] }, size: 200 })).json();
    expect(backorder.items.every((c: { deliveryStatus: string }) => c.deliveryStatus === 'backorder')).toBe(
      true,
    );
    const [expected] = await h.database.db
      .select({ n: count() })
      .from(t.containers)
      .where(and(eq(t.containers.locationCode, location), eq(t.containers.deliveryStatus, 'backorder')));
    expect(backorder.total).toBe(expected!.n);
    const alarming = (await search({ filters: { alarming: true, reach: { max: 1 } }, size: 200 })).json();
    expect(
      alarming.items.every(
        (c: { alarming: boolean; reachInWeeks: number }) => c.alarming && c.reachInWeeks <= 1,
      ),
    ).toBe(true);
    const first = (await search({ size: 1 })).json().items[0];
    const words = first.articleName.split(' ').slice(0, 2).join(' ').toUpperCase();
    const found = (await search({ query: words, size: 200 })).json();
    expect(found.items.length).toBeGreaterThan(0);
    for (const item of found.items)
      expect(JSON.stringify(item).toLowerCase()).toContain(words.split(' ')[0]!.toLowerCase());
    const exact = (await search({ query: first.code })).json();
    expect(exact.items[0].id).toBe(first.id);
    expect((await search({ query: '%' })).json().total).toBe(0);
  });

  it('searches a branch and a concern, only inside the caller’s scope', async () => {
    const concern = (await search({ size: 1 }, 'concern/C001')).json();
    expect(concern.total).toBeGreaterThanOrEqual(total);
    const [loc] = await h.database.db.select().from(t.locations).where(eq(t.locations.code, location));
    const branch = (await search({ size: 1 }, `branch/${loc!.branchCode}`)).json();
    expect(branch.total).toBeGreaterThanOrEqual(total);
    expect((await search({}, 'concern/C002')).statusCode).toBe(404);
  });

  it('suggests containers of a location for the quick search', async () => {
    const first = (await search({ size: 1 })).json().items[0];
    const res = await kdadmin.post(`/api/rest/v2/suggestcontainer/${location}/search`, { query: first.code });
    expect(res.json()[0]).toEqual({
      id: first.id,
      code: first.code,
      articleName: first.articleName,
      articleCode: first.articleCode,
      placeCode: first.placeCode,
    });
    expect(
      (await kdadmin.post(`/api/rest/v2/suggestcontainer/${location}/search`, { query: '' })).json(),
    ).toHaveLength(10);
  });
});
