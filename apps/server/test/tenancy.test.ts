import { type AnyEndpoint, buildPath, endpoints, pathParamNames, type TenantKind } from '@falcon/api-client';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema';
import { type Client, createTestApp, signIn, type TestApp, userForm } from './harness';

/**
 * A customer user of concern C001 (kdadmin) asks for another concern's data through every endpoint
 * of the contract that names a tenant object: the answer must be exactly the answer for a missing one.
 */
let h: TestApp;
let kdadmin: Client;
/** An object of every tenant kind that exists but belongs to another concern (or another user). */
const foreign: Partial<Record<TenantKind, string>> = {};
/** Users and roles are named by id or by name: the foreign one by each. */
const foreignBy: Record<string, string> = {};
const own: Record<string, string> = {};

beforeAll(async () => {
  h = await createTestApp();
  kdadmin = await signIn(h.app, 'kdadmin');
  const db = h.database.db;
  const first = async <T>(rows: Promise<T[]>) => (await rows)[0];
  foreign.concern = 'C002';
  foreign.branch = (
    await first(db.select().from(t.branches).where(eq(t.branches.concernCode, 'C002')))
  )?.code;
  const loc = await first(db.select().from(t.locations).where(eq(t.locations.concernCode, 'C002')));
  foreign.location = loc?.code;
  foreign.container = (
    await first(db.select().from(t.containers).where(eq(t.containers.concernCode, 'C002')))
  )?.id;
  const c001Articles = db
    .selectDistinct({ code: t.containers.articleCode })
    .from(t.containers)
    .where(eq(t.containers.concernCode, 'C001'));
  foreign.article = (
    await first(
      db
        .select({ code: t.containers.articleCode })
        .from(t.containers)
        .where(and(ne(t.containers.concernCode, 'C001'), notInArray(t.containers.articleCode, c001Articles))),
    )
  )?.code;
  // A request and an employee that exist only for the foreign concern.
  await db.insert(t.employees).values({
    key: 'IH99',
    kind: 'inhousestaff',
    firstname: 'Foreign',
    lastname: 'Clerk',
    fullName: 'Foreign Clerk',
  });
  await db
    .update(t.locations)
    .set({ inHouseStaffEmployeeKey: 'IH99' })
    .where(eq(t.locations.code, loc!.code));
  await db.insert(t.reviewRequests).values({
    id: 'RQ-FOREIGN',
    type: 'scan',
    state: 'pending',
    containerId: foreign.container!,
    containerCode: 'KB',
    locationCode: loc!.code,
    locationName: loc!.name,
    concernCode: 'C002',
    branchCode: loc!.branchCode,
    requestedBy: 'someone',
    requestedAt: new Date(),
    assigneeKey: 'IH99',
    payload: {},
  });
  foreign.review = 'RQ-FOREIGN';
  foreign.document = (
    await first(
      db
        .select({ id: t.documents.id })
        .from(t.documents)
        .innerJoin(t.containers, eq(t.containers.id, t.documents.containerId))
        .where(eq(t.containers.concernCode, 'C002')),
    )
  )?.id;
  foreign.employee = 'IH99';
  // A barcode and an inventory list of the foreign location, an export job of another user.
  const now = new Date();
  await db.insert(t.files).values({
    id: 'F-FOREIGN',
    filename: 'list.csv',
    contentType: 'text/csv',
    size: 3,
    sha256: 'x',
    content: new Uint8Array([49, 50, 51]),
    createdAt: now,
  });
  const list = {
    locationCode: loc!.code,
    fileId: 'F-FOREIGN',
    filename: 'list.csv',
    uploadedAt: now,
    uploadedBy: 'admin',
    rowCount: 0,
    fingerprint: 'x',
  };
  await db.insert(t.barcodeLists).values({ ...list, id: 'BL-FOREIGN', invalidCount: 0, rows: [] });
  await db.insert(t.inventoryLists).values({ ...list, id: 'IL-FOREIGN', errorCount: 0, state: 'uploaded' });
  foreign.barcodeList = 'BL-FOREIGN';
  foreign.inventoryList = 'IL-FOREIGN';
  const [adminUser] = await db.select().from(t.users).where(eq(t.users.username, 'admin'));
  await db.insert(t.exportJobs).values({
    id: 'EX-FOREIGN',
    ownerUserId: adminUser!.id,
    kind: 'location',
    scopeCode: loc!.code,
    scopeName: loc!.name,
    state: 'queued',
    filename: 'x.xlsx',
    request: {},
    createdAt: now,
  });
  foreign.export = 'EX-FOREIGN';
  // A customer user of the foreign concern, and a role that concern owns.
  const [foreignUser] = await db
    .select({ id: t.users.id, username: t.users.username })
    .from(t.users)
    .innerJoin(t.userScope, eq(t.userScope.userId, t.users.id))
    .where(and(eq(t.userScope.kind, 'concern'), eq(t.userScope.code, 'C002')));
  foreign.user = foreignUser!.id;
  foreignBy.username = foreignUser!.username;
  await db.insert(t.roles).values({ id: 'R-FOREIGN', rolename: 'C002 Lager', concernCode: 'C002' });
  foreign.role = 'R-FOREIGN';
  foreignBy.rolename = 'C002 Lager';
  // Valid values for the other path parameters.
  const ownLoc = await first(db.select().from(t.locations).where(eq(t.locations.concernCode, 'C001')));
  own.code = ownLoc?.code ?? '';
  own.branchCode = ownLoc?.branchCode ?? '';
  own.imageId = 'IMG-none';
  own.key = 'scan-key-none';
  own.rack = '1';
  own.shelf = '1';
  expect(Object.keys(foreign).sort()).toEqual([...TENANT_KINDS].sort());
  expect(Object.values(foreign).every(Boolean)).toBe(true);
  expect(
    await db
      .select()
      .from(t.containers)
      .where(inArray(t.containers.articleCode, [foreign.article ?? ''])),
  ).not.toHaveLength(0);
});
afterAll(() => h.close());

/** Every tenant kind, by type: a new kind must be added here too (and gets its foreign object above). */
const KINDS: Record<TenantKind, true> = {
  concern: true,
  branch: true,
  location: true,
  container: true,
  article: true,
  barcodeList: true,
  inventoryList: true,
  review: true,
  export: true,
  document: true,
  user: true,
  role: true,
  employee: true,
};
const TENANT_KINDS = Object.keys(KINDS) as TenantKind[];

/** Valid bodies, so the answer is the tenant check's and not the body validation's. */
const BODIES: Record<string, unknown> = {
  'users.update': userForm({
    username: 'renamed.user',
    firstname: 'A',
    lastname: 'B',
    email: null,
    password: undefined,
    passwordRepeat: undefined,
  }),
  'roles.update': { rolename: 'Renamed', permissions: [] },
  'location.suggestContainer': { query: 'KB' },
  'container.additionalOrder': { factor: 1, additionalOrderDate: '2025-09-10' },
  'container.changeQuantity': { factor: 5 },
  'location.saveRackOrder': { rackCodes: ['R1'] },
  'branch.saveLocationPosition': { branchCode: 'x', locationCode: 'y', x: 0.5, y: 0.5 },
  'branch.deleteLocationPosition': { locationCode: 'y' },
  'container.message': { message: 'Etikett fehlt' },
  'location.rackMessage': { message: 'Regal wackelt' },
  'location.shelfMessage': { message: 'Fach verbogen' },
  'stocktakes.scan': { key: 'scan-key-none', code: '4000000000000' },
  'location.labels': { layout: 'a4-l7163' },
};

const bodyFor = (name: string, endpoint: AnyEndpoint) => {
  if (BODIES[name]) return BODIES[name];
  if (!endpoint.body || endpoint.multipart) return undefined;
  return endpoint.body.safeParse({}).success ? {} : undefined;
};

const tenantEndpoints = endpoints.filter(({ endpoint }) => endpoint.tenant && !endpoint.multipart);

describe('tenancy: another concern’s data answers exactly like missing data', () => {
  it.each(tenantEndpoints.map((e) => [e.name, e] as const))('%s', async (name, { endpoint }) => {
    const tenant = endpoint.tenant!;
    const value = foreignBy[tenant.param] ?? foreign[tenant.kind];
    expect(value).toBeTruthy();
    const url = (v: string) =>
      (endpoint.root ? '' : '/api') +
      buildPath(
        endpoint.path,
        Object.fromEntries(
          pathParamNames(endpoint.path).map((p) => [p, p === tenant.param ? v : (own[p] ?? 'x')]),
        ),
      );
    const send = (v: string) => {
      const body = bodyFor(name, endpoint);
      if (endpoint.method === 'GET') return kdadmin.get(url(v));
      return endpoint.method === 'POST' ? kdadmin.post(url(v), body) : kdadmin.del(url(v), body);
    };
    const foreignRes = await send(value!);
    const missingRes = await send(`${value!.slice(0, 3)}-missing-0000`);
    expect(foreignRes.statusCode).toBe(missingRes.statusCode);
    // 404 from the tenant check; 403 where kdadmin lacks the endpoint's permission (checked before).
    expect([403, 404]).toContain(foreignRes.statusCode);
    expect(foreignRes.json()).toEqual(missingRes.json());
  });
});

describe('tenancy with remembered org checks', () => {
  it('an answer remembered for one scope never serves another: admin sees C002, kdadmin still gets 404', async () => {
    const admin = await signIn(h.app, 'admin');
    const location = `/api/rest/v2/location/${foreign.location}`;
    expect((await admin.get(location)).statusCode).toBe(200);
    const denied = await kdadmin.get(location);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toMatchObject({ error: 'location_not_found' });
    expect((await admin.get(location)).statusCode).toBe(200);
    expect((await kdadmin.get(`/api/rest/v2/concern/C002`)).statusCode).toBe(404);
    expect((await admin.get(`/api/rest/v2/concern/C002`)).statusCode).toBe(200);
  });
});
