import {
  DEFAULT_ROLES,
  type EndpointName,
  endpoints,
  fieldPermissionPaths,
  getEndpoint,
  leakedFields,
} from '@falcon/api-client';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema';
import { png } from '../src/files/testing';
import { activeContainers, type Client, createTestApp, signIn, type TestApp } from './harness';
import { upload } from './uploads';

/**
 * Issue 11, case 3: fields a user may not see leak through answers that carry a container
 * indirectly (requests, the dashboard, protocol summaries, the rack grid, the barcode download).
 * `staff` (KD_USER) lacks the container, place, shelf and rack code fields.
 */

/** A container label code (`KB-0000022`) or a rack/shelf/place code (`C001-B01-L01-R01-S1-P01`). */
const CONTAINER_CODE = /KB-\d{7}/;
const RACK_CODE = /L\d{2}-R\d{2}/;

let h: TestApp;
let admin: Client;
let staff: Client;
let container: typeof t.containers.$inferSelect;

/** A user of concern C001 holding exactly these codes (no role). */
const userWith = async (username: string, permissions: string[]): Promise<Client> => {
  const res = await admin.post('/api/rest/v2/user/create', {
    username,
    firstname: 'Test',
    lastname: username,
    email: null,
    phone: null,
    region: null,
    useRegion: false,
    language: 'en',
    sessionTimeoutMinutes: 60,
    roles: [],
    permissions,
    scope: { all: false, concerns: ['C001'], branches: [], locations: [] },
    employeeKey: null,
    password: 'secret-pass-1',
    passwordRepeat: 'secret-pass-1',
  });
  expect(res.statusCode, res.body).toBe(201);
  return signIn(h.app, username, 'secret-pass-1');
};

beforeAll(async () => {
  h = await createTestApp({ jobs: false });
  [admin, staff] = await Promise.all([signIn(h.app, 'admin'), signIn(h.app, 'staff')]);
  const [row] = await activeContainers(h.database.db);
  container = row!;
  // staff asks for a scan (KD_USER may): from now on its requests carry this container.
  const scan = await staff.post(`/api/rest/v2/container/${container.id}/scan`);
  expect(scan.statusCode).toBe(201);
});
afterAll(() => h.close());

describe('requests carry no container code for a user without the code field', () => {
  it('GET /dashboard: the recent requests', async () => {
    const res = await staff.get('/api/rest/v2/dashboard');
    expect(res.statusCode).toBe(200);
    const recent = res.json().recentRequests;
    expect(recent.map((r: { containerId: string }) => r.containerId)).toContain(container.id);
    for (const r of recent) expect(r).not.toHaveProperty('containerCode');
    expect(res.body).not.toContain(container.code);
  });

  it('POST /reviews/mine', async () => {
    const res = await staff.post('/api/rest/v2/reviews/mine', {});
    expect(res.json().items.length).toBeGreaterThan(0);
    for (const r of res.json().items) expect(r).not.toHaveProperty('containerCode');
    expect(res.body).not.toMatch(CONTAINER_CODE);
  });

  it('GET /container/:id/requests', async () => {
    const res = await staff.get(`/api/rest/v2/container/${container.id}/requests`);
    expect(res.json().length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(CONTAINER_CODE);
    // ...while a user with the field still sees it.
    const full = (await admin.get(`/api/rest/v2/container/${container.id}/requests`)).json();
    expect(full[0].containerCode).toBe(container.code);
  });

  it('a request just made answers without the code too', async () => {
    const res = await staff.post(`/api/rest/v2/container/${container.id}/changequantity`, { factor: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('containerCode');
  });
});

describe('protocol summaries are written for the reader', () => {
  it('a reader without the code field reads the article instead; one with it reads the code', async () => {
    const reader = await userWith('protocol.reader', [
      'PERM_VIEWLOCATIONPROTOCOLENTRIES',
      'PERM_VIEWGLOBALPROTOCOLENTRIES',
      'PERM_FIELD_ARTICLENAME',
    ]);
    const blind = await userWith('protocol.blind', ['PERM_VIEWLOCATIONPROTOCOLENTRIES']);
    const requests = (
      await admin.post('/api/rest/v2/reviews', { filterMap: { locationCode: container.locationCode } })
    )
      .json()
      .items.filter((r: { containerId: string }) => r.containerId === container.id);
    const approved = await admin.post(`/api/rest/v2/review/${requests[0].id}/approve`, {});
    expect(approved.statusCode).toBe(200);

    const url = `/api/rest/v2/location/${container.locationCode}/protocol`;
    const body = { size: 200, filterMap: { locationCode: container.locationCode } };
    const ofContainer = (items: { objectId: string; type: string; summary: string }[]) =>
      items.filter((e) => e.objectId === container.id && e.type !== 'permission_denied');

    const forAdmin = ofContainer((await admin.post(url, body)).json().items);
    expect(forAdmin.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        `scan requested for ${container.code}`,
        expect.stringMatching(new RegExp(`for ${container.code} approved$`)),
      ]),
    );

    const res = await reader.post(url, body);
    expect(res.statusCode).toBe(200);
    const forReader = ofContainer(res.json().items);
    expect(forReader.length).toBe(forAdmin.length);
    expect(res.body).not.toMatch(CONTAINER_CODE);
    expect(forReader.map((e) => e.summary)).toContain(
      `scan requested for a container of ${container.articleName}`,
    );
    const global = await reader.post('/api/rest/v2/protocol', body);
    expect(global.body).not.toMatch(CONTAINER_CODE);

    const forBlind = ofContainer((await blind.post(url, body)).json().items);
    expect(forBlind.map((e) => e.summary)).toContain('scan requested for a container');
    // The words carry the container as far as the reader may see it, the same as the summary.
    const words = (items: { words?: { container?: Record<string, string> } | null }[]) =>
      items.map((e) => e.words?.container).filter(Boolean);
    expect(words(forAdmin as never)).toContainEqual(expect.objectContaining({ code: container.code }));
    expect(words(forReader as never)).toContainEqual({
      id: container.id,
      articleName: container.articleName,
    });
    expect(words(forBlind as never)).toContainEqual({ id: container.id });
  });
});

describe('the rack grid shows no code field the user lacks', () => {
  it('racks, shelves and places carry positions, not codes; cells no container code', async () => {
    const res = await staff.get(`/api/rest/v2/location/${container.locationCode}/racks`);
    expect(res.statusCode).toBe(200);
    const racks = res.json();
    expect(racks.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(RACK_CODE);
    expect(res.body).not.toMatch(CONTAINER_CODE);
    const rack = racks[0];
    expect(rack).toMatchObject({ position: 1, name: expect.any(String) });
    expect(rack).not.toHaveProperty('code');
    expect(rack.shelves[0]).not.toHaveProperty('code');
    expect(rack.shelves[0].places[0]).not.toHaveProperty('code');
    expect(rack.shelves[0].places[0].position).toBe(1);
    // staff has the article name: the cells carry it, so the grid can label them.
    const cells = racks.flatMap((r: { shelves: { places: { container: unknown }[] }[] }) =>
      r.shelves.flatMap((s) => s.places.map((p) => p.container)),
    );
    const cell = cells.find((c: { id: string } | null) => c?.id === container.id);
    expect(cell).toMatchObject({ id: container.id, articleName: container.articleName });

    // A user with the code fields keeps them.
    const full = (await admin.get(`/api/rest/v2/location/${container.locationCode}/racks`)).json();
    expect(full[0].code).toMatch(RACK_CODE);
    expect(full[0].shelves[0].places[0].code).toMatch(RACK_CODE);
  });

  it('the location detail lists its racks without their codes', async () => {
    const res = await staff.get(`/api/rest/v2/location/${container.locationCode}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(RACK_CODE);
    expect(res.json().racks[0]).toMatchObject({ position: 1, shelfCount: expect.any(Number) });
  });
});

describe('the barcode list download', () => {
  it('has only the columns the user may see', async () => {
    const lister = await userWith('barcode.lister', [
      'PERM_DOWNLOADBARCODELISTS',
      'PERM_FIELD_BARCODE',
      'PERM_FIELD_ARTICLENAME',
    ]);
    const res = await lister.get(`/api/rest/v2/location/${container.locationCode}/barcodes/download`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('barcode;articleName');
    expect(res.body).not.toMatch(CONTAINER_CODE);
    expect(res.body).not.toContain(container.articleCode);
    expect(lines).toContain(`${container.barcode};${container.articleName}`);

    const full = await admin.get(`/api/rest/v2/location/${container.locationCode}/barcodes/download`);
    expect(full.body.split('\r\n')[0]).toBe('barcode;code;articleCode;articleName');
    expect(full.body).toContain(container.code);
  });
});

describe('every answer with tagged fields goes through the filter', () => {
  /** Codes of a user who may call everything below but holds no field code at all. */
  const ACTIONS = [
    'PERM_CONTAINER_REFILL',
    'PERM_CONTAINER_CHANGEQUANTITY',
    'PERM_CONTAINER_ADDITIONALDELIVERY',
    'PERM_CONTAINER_DEACTIVATE',
    'PERM_REVIEWREQUESTS',
    'PERM_VIEWLOCATIONPROTOCOLENTRIES',
    'PERM_VIEWGLOBALPROTOCOLENTRIES',
    'PERM_UPLOADBARCODELISTS',
    'PERM_DOWNLOADBARCODELISTS',
    'PERM_UPLOADINVENTORYLISTS',
    'PERM_TRANSFERINVENTORYLIST',
    'PERM_SENDMESSAGE_CONTAINER',
    'PERM_SENDMESSAGE_SHELF',
    'PERM_SENDMESSAGE_RACK',
    'PERM_SCANRACK',
    'PERM_HANDLERACK',
  ];

  type Call = (c: Client) => Promise<{ statusCode: number; json: () => unknown; body: string }>;

  it('drops every tagged field the caller lacks, on every endpoint that has them (staff and a user without field codes)', async () => {
    const blind = await userWith('no.fields', ACTIONS);
    const loc = container.locationCode;
    // Containers the two callers make requests for (each its own: a second request would be 409).
    const [second, third] = await h.database.db
      .select()
      .from(t.containers)
      .where(and(eq(t.containers.locationCode, loc), eq(t.containers.active, true)))
      .orderBy(asc(t.containers.id))
      .offset(5)
      .limit(2);
    let target = second!;
    const csv = (text: string) => ({
      bytes: new TextEncoder().encode(text),
      name: 'list.csv',
      type: 'text/csv',
    });
    const barcodeList = (
      await upload(
        h.app,
        blind,
        `/api/rest/v2/location/${loc}/barcodelist/upload`,
        csv(`${container.barcode}\n`),
      )
    ).json();
    const inventory = (
      await upload(
        h.app,
        blind,
        `/api/rest/v2/location/${loc}/inventorylist/upload`,
        csv(`${second!.barcode};12\n`),
      )
    ).json();
    const pending = async (c: Client) =>
      (await c.post('/api/rest/v2/reviews', { filterMap: { locationCode: loc, type: 'scan' } })).json()
        .items[0].id;
    /** A pending message of the caller about the container (a rack, its shelves and messages are addressed by position). */
    const message = async (c: Client) =>
      (await c.post(`/api/rest/v2/container/${container.id}/message`, { message: 'Etikett fehlt' })).json()
        .id;
    const [rack] = await h.database.db.select().from(t.racks).where(eq(t.racks.code, container.rackCode));
    const rackPath = `/api/rest/v2/location/${loc}/rack/${rack!.position}`;

    // A count of the container's rack per caller (issue 17), and the key of its scan.
    const counts = new Map<Client, string>();
    const countPath = (c: Client) => `/api/rest/v2/location/${loc}/stocktake/${counts.get(c)}`;
    const scanKey = (c: Client) => `field-visibility-${c === blind ? 'blind' : 'staff'}`;

    const calls: Partial<Record<EndpointName, Call>> = {
      'stocktakes.start': async (c) => {
        const res = await c.post(`/api/rest/v2/location/${loc}/stocktake`, { rack: String(rack!.position) });
        counts.set(c, (res.json() as { id: string }).id);
        return res;
      },
      'stocktakes.get': (c) => c.get(countPath(c)),
      'stocktakes.scan': (c) => c.post(`${countPath(c)}/scan`, { key: scanKey(c), code: container.barcode }),
      'stocktakes.undo': (c) => c.post(`${countPath(c)}/scan/${scanKey(c)}/undo`),
      'stocktakes.finish': (c) => c.post(`${countPath(c)}/finish`),
      'stocktakes.handOver': (c) => c.post(`${countPath(c)}/inventorylist`),
      'replenishment.containerHistory': (c) => c.get(`/api/rest/v2/container/${container.id}/history`),
      'replenishment.containerSizing': (c) => c.post(`/api/rest/v2/container/${container.id}/sizing`, {}),
      'replenishment.locationSizing': (c) =>
        c.post(`/api/rest/v2/location/${loc}/sizing`, { changesOnly: false, size: 50 }),
      'replenishment.worklist': (c) => c.post('/api/rest/v2/replenishment/worklist', { size: 50 }),
      'replenishment.reachBands': (c) => c.get(`/api/rest/v2/location/${loc}/reachbands`),
      'container.get': (c) => c.get(`/api/rest/v2/container/${container.id}`),
      'container.byBarcode': (c) => c.get(`/api/rest/v2/container/barcode/${container.barcode}`),
      'container.requests': (c) => c.get(`/api/rest/v2/container/${container.id}/requests`),
      'container.scan': (c) => c.post(`/api/rest/v2/container/${target.id}/scan`),
      'container.deactivate': (c) => c.post(`/api/rest/v2/container/${target.id}/deactivate`),
      'container.changeQuantity': (c) =>
        c.post(`/api/rest/v2/container/${target.id}/changequantity`, { factor: 9 }),
      'container.additionalOrder': (c) =>
        c.post(`/api/rest/v2/container/${target.id}/additionalorder`, {
          factor: 2,
          additionalOrderDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        }),
      'article.get': (c) => c.get(`/api/rest/v2/article/${container.articleCode}`),
      'location.get': (c) => c.get(`/api/rest/v2/location/${loc}`),
      'location.getPa': (c) => c.get(`/api/rest/v2/location/pa/${loc}`),
      'location.racks': (c) => c.get(`/api/rest/v2/location/${loc}/racks`),
      'location.search': (c) => c.post(`/api/rest/v2/location/${loc}/search`, { size: 50 }),
      'location.suggestContainer': (c) =>
        c.post(`/api/rest/v2/suggestcontainer/${loc}/search`, { query: '' }),
      'concern.search': (c) => c.post('/api/rest/v2/concern/C001/search', { size: 50 }),
      'branch.search': (c) => c.post(`/api/rest/v2/branch/${container.branchCode}/search`, { size: 50 }),
      'reviews.list': (c) => c.post('/api/rest/v2/reviews', { size: 50, filterMap: { state: 'all' } }),
      'reviews.mine': (c) => c.post('/api/rest/v2/reviews/mine', { size: 50 }),
      'reviews.approve': async (c) => c.post(`/api/rest/v2/review/${await pending(c)}/approve`, {}),
      'reviews.reject': async (c) => c.post(`/api/rest/v2/review/${await pending(c)}/reject`, {}),
      'admin.dashboard': (c) => c.get('/api/rest/v2/dashboard'),
      'protocol.list': (c) => c.post('/api/rest/v2/protocol', { size: 200 }),
      'protocol.location': (c) => c.post(`/api/rest/v2/location/${loc}/protocol`, { size: 200 }),
      'barcodeLists.get': (c) => c.get(`/api/rest/v2/barcodelist/${barcodeList.id}`),
      'barcodeLists.upload': (c) =>
        upload(h.app, c, `/api/rest/v2/location/${loc}/barcodelist/upload`, csv(`${second!.barcode}\n`)),
      'inventoryLists.get': (c) => c.get(`/api/rest/v2/inventorylist/${inventory.id}`),
      'inventoryLists.upload': (c) =>
        upload(
          h.app,
          c,
          `/api/rest/v2/location/${loc}/inventorylist/upload`,
          csv(`${container.barcode};3\n`),
        ),
      'inventoryLists.transfer': (c) => c.post(`/api/rest/v2/inventorylist/${inventory.id}/transfer`),
      'container.message': (c) =>
        c.post(`/api/rest/v2/container/${container.id}/message`, { message: 'Etikett fehlt' }),
      'location.scanRack': (c) => c.post(`${rackPath}/scan`),
      'location.handleRack': (c) => c.post(`${rackPath}/handle`),
      'location.rackMessage': (c) => c.post(`${rackPath}/message`, { message: 'Regal wackelt' }),
      'location.shelfMessage': (c) => c.post(`${rackPath}/shelf/1/message`, { message: 'Fach verbogen' }),
      'reviews.answer': async (c) =>
        c.post(`/api/rest/v2/review/${await message(c)}/answer`, { comment: 'erledigt' }),
      'reviews.close': async (c) => c.post(`/api/rest/v2/review/${await message(c)}/close`, {}),
      // The caller's own pending request (the scan above).
      'reviews.withdraw': async (c) =>
        c.post(
          `/api/rest/v2/review/${(await c.post('/api/rest/v2/reviews/mine', { filterMap: { state: 'pending' } })).json().items[0].id}/withdraw`,
        ),
      'reviews.uploadPhoto': async (c) =>
        upload(h.app, c, `/api/rest/v2/review/${await message(c)}/photo`, {
          bytes: await png(24, 16),
          name: 'photo.png',
          type: 'image/png',
        }),
    };
    // A new endpoint whose answer carries tagged fields needs a call here (the download is checked above).
    const tagged = endpoints
      .filter((e) => fieldPermissionPaths(e.endpoint.response).length)
      .map((e) => e.name);
    expect(tagged.filter((name) => !calls[name])).toEqual([]);

    const callers: [string, Client, readonly string[]][] = [
      ['no field codes', blind, ACTIONS],
      ['staff (KD_USER)', staff, DEFAULT_ROLES.KD_USER.permissions],
    ];
    let checkedFields = 0;
    for (const [who, client, granted] of callers) {
      target = who === 'staff (KD_USER)' ? third! : second!;
      for (const [name, call] of Object.entries(calls) as [EndpointName, Call][]) {
        const endpoint = getEndpoint(name);
        if (!(endpoint.permissions ?? []).every((p) => granted.includes(p))) continue;
        // A photo goes onto one's own message: only for a caller who may send one.
        if (name === 'reviews.uploadPhoto' && !granted.includes('PERM_SENDMESSAGE_CONTAINER')) continue;
        const res = await call(client);
        expect(res.statusCode, `${who} ${name}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
        expect(leakedFields(endpoint.response, res.json(), granted), `${who} ${name}`).toEqual([]);
        if (who === 'no field codes') {
          expect(res.body, `${who} ${name}`).not.toMatch(CONTAINER_CODE);
          expect(res.body, `${who} ${name}`).not.toMatch(RACK_CODE);
          checkedFields++;
        }
      }
    }
    expect(checkedFields).toBe(Object.keys(calls).length);
  });
});
