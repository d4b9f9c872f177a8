import { and, eq, ilike, ne, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, signIn, type TestApp } from '../../test/harness';
import * as t from '../db/schema';
import { branchScope, concernScope, locationTableScope } from '../services/scope';

let h: TestApp;
let admin: Client;
let kdadmin: Client;
beforeAll(async () => {
  h = await createTestApp();
  [admin, kdadmin] = await Promise.all([signIn(h.app, 'admin'), signIn(h.app, 'kdadmin')]);
});
afterAll(() => h.close());

describe('the concern > branch > location tree', () => {
  it('lists every concern for an ADMIN and only its own for a customer user', async () => {
    const all = (await admin.get('/api/rest/v2/concerns')).json();
    expect(all.map((c: { code: string }) => c.code)).toEqual(['C001', 'C002', 'C003']);
    expect((await kdadmin.get('/api/rest/v2/concerns')).json()).toEqual([
      { code: 'C001', name: all[0].name },
    ]);
  });

  it('gives the tree and suggestions of the caller’s scope only', async () => {
    const tree = (await kdadmin.get('/api/rest/v2/cbl')).json();
    expect(tree).toHaveLength(1);
    expect(tree[0].branches.length).toBeGreaterThan(0);
    const branch = tree[0].branches[0];
    const res = await kdadmin.post('/api/rest/v2/suggestcbl', { query: branch.code });
    expect(res.json().branches).toEqual([{ code: branch.code, name: branch.name }]);
    const foreign = await kdadmin.get('/api/rest/v2/suggestcbl?query=C002&lang=en');
    expect(foreign.json()).toEqual({ concerns: [], branches: [], locations: [] });
    const mine = await admin.get('/api/rest/v2/suggestcbl?query=C002&lang=en');
    expect(mine.json().concerns).toHaveLength(1);
    expect((await admin.get('/api/rest/v2/suggestcbl?query=x&evil=1')).statusCode).toBe(400);
  });

  it('suggests by a part of the name in any case, at most 10 of each kind, ordered by code', async () => {
    const [location] = await h.database.db.select().from(t.locations).orderBy(t.locations.code).limit(1);
    const part = location!.name.slice(1, 5);
    const byName = (await admin.post('/api/rest/v2/suggestcbl', { query: ` ${part.toUpperCase()} ` })).json();
    expect(byName.locations).toContainEqual({ code: location!.code, name: location!.name });
    // Every code starts with its concern's 'C0..': all of each kind match (the limit is 10).
    const all = (await admin.post('/api/rest/v2/suggestcbl', { query: 'c0' })).json();
    const db = h.database.db;
    const counts = await Promise.all([t.concerns, t.branches, t.locations].map((table) => db.$count(table)));
    for (const [i, list] of [all.concerns, all.branches, all.locations].entries()) {
      expect(list).toHaveLength(Math.min(10, counts[i]!));
      const codes = list.map((e: { code: string }) => e.code);
      expect(codes).toEqual([...codes].sort());
    }
    expect((await admin.post('/api/rest/v2/suggestcbl', { query: 'no such place %_' })).json()).toEqual({
      concerns: [],
      branches: [],
      locations: [],
    });
  });

  it('shows a concern, a branch and a location with parents, racks and counts', async () => {
    const concern = (await kdadmin.get('/api/rest/v2/concern/C001')).json();
    const branchCode = concern.branches[0].code;
    const branch = (await kdadmin.get(`/api/rest/v2/branch/${branchCode}`)).json();
    expect(branch.parentConcern.code).toBe('C001');
    expect(branch.locations.length).toBe(concern.branches[0].locationCount);
    const summary = branch.locations[0];
    const location = (await kdadmin.get(`/api/rest/v2/location/${summary.code}`)).json();
    expect(location).toMatchObject({
      code: summary.code,
      parentBranch: { code: branchCode, parentConcern: { code: 'C001' } },
      containerCount: summary.containerCount,
    });
    expect(location.containerCount).toBeGreaterThan(0);
    // Each rack's shelf count is that of its rack in the racks grid; the height follows the tallest.
    const grid = (await kdadmin.get(`/api/rest/v2/location/${summary.code}/racks`)).json();
    const shelvesOf = new Map<string, number>(
      grid.map((r: { code: string; shelves: unknown[] }) => [r.code, r.shelves.length]),
    );
    for (const rack of location.racks) expect(rack.shelfCount).toBe(shelvesOf.get(rack.code));
    expect(location.maxShelves).toBeGreaterThanOrEqual(4);
    expect(location.maxShelves).toBe(Math.max(...shelvesOf.values()));
    expect(location.inHouseStaffEmployeeKey).not.toBeNull();
    expect((await kdadmin.get(`/api/rest/v2/location/pa/${summary.code}`)).json()).toEqual(location);
    const racks = (await kdadmin.get(`/api/rest/v2/location/${summary.code}/racks`)).json();
    const cells = racks.flatMap((r: { shelves: { places: { container: unknown }[] }[] }) =>
      r.shelves.flatMap((s) => s.places.filter((p) => p.container)),
    );
    expect(cells).toHaveLength(location.containerCount);
  });

  it('answers 404 location_not_found for another concern’s location, like a missing one', async () => {
    const other = (await admin.get('/api/rest/v2/concern/C002')).json();
    const branch = (await admin.get(`/api/rest/v2/branch/${other.branches[0].code}`)).json();
    const code = branch.locations[0].code;
    expect((await admin.get(`/api/rest/v2/location/${code}`)).statusCode).toBe(200);
    const res = await kdadmin.get(`/api/rest/v2/location/${code}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual((await kdadmin.get('/api/rest/v2/location/NOPE-1')).json());
    expect(res.json()).toMatchObject({ error: 'location_not_found' });
    expect((await kdadmin.get('/api/rest/v2/concern/C002')).statusCode).toBe(404);
  });

  it('gives contacts: employees, location admins and appointments', async () => {
    const location = (await kdadmin.get('/api/rest/v2/concern/C001')).json();
    const branch = (await kdadmin.get(`/api/rest/v2/branch/${location.branches[0].code}`)).json();
    const code = branch.locations[0].code;
    const loc = (await kdadmin.get(`/api/rest/v2/location/${code}`)).json();
    const employee = await kdadmin.get(`/api/rest/v2/employee/${loc.inHouseStaffEmployeeKey}`);
    expect(employee.json()).toMatchObject({ key: loc.inHouseStaffEmployeeKey, kind: 'inhousestaff' });
    const admins = (await kdadmin.get(`/api/rest/v2/location/${code}/admin`)).json();
    expect(admins.map((a: { username: string }) => a.username)).toContain('kdadmin');
    const appointments = (await kdadmin.get(`/api/rest/v2/location/${code}/appointments`)).json();
    expect(appointments.length).toBeGreaterThan(0);
    const staff = (await kdadmin.get('/api/rest/v2/concerns/employees/inhousestaff')).json();
    expect(staff.every((e: { kind: string }) => e.kind === 'inhousestaff')).toBe(true);
    const page = (
      await kdadmin.post('/api/rest/v2/employees', { size: 1, filterMap: { kind: 'fieldservice' } })
    ).json();
    expect(page).toMatchObject({ page: 0, size: 1 });
    expect(page.items).toHaveLength(Math.min(1, page.total));
  });

  it('serves footer links publicly', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/rest/v2/content/footer?lang=de' });
    expect(Object.keys(res.json().footerLinks)).toEqual(['legalNotice', 'privacy', 'terms']);
  });

  it('limits a user scoped to one location to that location, also within its own branch', async () => {
    const [scoped] = await h.database.db
      .select({ username: t.users.username, code: t.userScope.code })
      .from(t.userScope)
      .innerJoin(t.users, eq(t.users.id, t.userScope.userId))
      .where(eq(t.userScope.kind, 'location'))
      .limit(1);
    const user = await signIn(h.app, scoped!.username);
    const tree = (await user.get('/api/rest/v2/cbl')).json();
    expect(
      tree.flatMap((c: { branches: { locations: { code: string }[] }[] }) =>
        c.branches.flatMap((b) => b.locations.map((l) => l.code)),
      ),
    ).toEqual([scoped!.code]);
    expect((await user.get(`/api/rest/v2/location/${scoped!.code}`)).statusCode).toBe(200);
    const [sibling] = await h.database.db
      .select()
      .from(t.locations)
      .where(and(ne(t.locations.code, scoped!.code)))
      .limit(1);
    expect((await user.get(`/api/rest/v2/location/${sibling!.code}`)).statusCode).toBe(404);
    const branch = (await user.get(`/api/rest/v2/branch/${tree[0].branches[0].code}`)).json();
    expect(branch.locations.map((l: { code: string }) => l.code)).toEqual([scoped!.code]);
    const concern = (await user.get(`/api/rest/v2/concern/${tree[0].code}`)).json();
    expect(concern.branches).toHaveLength(1);
  });
});

describe('suggestions follow the scope rules for every kind of scope', () => {
  it('a user scoped by one branch of C002 and one location of C003 gets exactly what services/scope.ts shows', async () => {
    const db = h.database.db;
    const [branch] = await db.select().from(t.branches).where(eq(t.branches.concernCode, 'C002')).limit(1);
    const [location] = await db
      .select()
      .from(t.locations)
      .where(eq(t.locations.concernCode, 'C003'))
      .limit(1);
    const [staff] = await db.select().from(t.users).where(eq(t.users.username, 'staff'));
    await db.delete(t.userScope).where(eq(t.userScope.userId, staff!.id));
    await db.insert(t.userScope).values([
      { userId: staff!.id, kind: 'branch', code: branch!.code },
      { userId: staff!.id, kind: 'location', code: location!.code },
    ]);
    const scope = { all: false, concerns: [], branches: [branch!.code], locations: [location!.code] };
    const staffClient = await signIn(h.app, 'staff');
    const got = (await staffClient.post('/api/rest/v2/suggestcbl', { query: 'C00' })).json();
    const expected = async (table: typeof t.concerns | typeof t.branches | typeof t.locations, where: SQL) =>
      (
        await db
          .select({ code: table.code, name: table.name })
          .from(table)
          .where(and(where, ilike(table.code, '%C00%')))
          .orderBy(table.code)
          .limit(10)
      ).map((r) => ({ code: r.code, name: r.name }));
    expect(got).toEqual({
      concerns: await expected(t.concerns, concernScope(scope)),
      branches: await expected(t.branches, branchScope(scope)),
      locations: await expected(t.locations, locationTableScope(scope)),
    });
    expect(got.concerns.map((c: { code: string }) => c.code)).toEqual(['C002', 'C003']);
    expect(got.branches.length).toBeGreaterThan(0);
    expect(got.locations.length).toBeGreaterThan(0);
  });
});
