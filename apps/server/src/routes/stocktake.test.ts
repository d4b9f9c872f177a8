import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, signIn, type TestApp } from '../../test/harness';
import type { Db } from '../db/client';
import * as t from '../db/schema';

let app: TestApp;
let db: Db;
let kdadmin: Client;
/** A rack of concern C001 (kdadmin's) with at least three active containers, and its location. */
let rack: { code: string; position: number; name: string; locationCode: string };
let held: (typeof t.containers.$inferSelect)[];
/** An active container of the same concern on another rack (belonging elsewhere). */
let elsewhere: typeof t.containers.$inferSelect;
let foreign: typeof t.containers.$inferSelect;

const base = () => `/api/rest/v2/location/${rack.locationCode}`;
const start = (client = kdadmin, body: unknown = { rack: String(rack.position) }) =>
  client.post(`${base()}/stocktake`, body);
const scan = (id: string, code: string, key = randomUUID(), client = kdadmin) =>
  client.post(`${base()}/stocktake/${id}/scan`, { key, code });

beforeAll(async () => {
  app = await createTestApp({ jobs: false });
  db = app.database.db as Db;
  kdadmin = await signIn(app.app, 'kdadmin');
  const racks = await db
    .select({
      code: t.racks.code,
      position: t.racks.position,
      name: t.racks.name,
      locationCode: t.racks.locationCode,
    })
    .from(t.racks)
    .innerJoin(t.locations, eq(t.locations.code, t.racks.locationCode))
    .where(eq(t.locations.concernCode, 'C001'))
    .orderBy(asc(t.racks.code));
  for (const r of racks) {
    const rows = await db
      .select()
      .from(t.containers)
      .where(and(eq(t.containers.rackCode, r.code), eq(t.containers.active, true)))
      .orderBy(asc(t.containers.id));
    if (rows.length >= 3) {
      rack = r;
      held = rows;
      break;
    }
  }
  const [other] = await db
    .select()
    .from(t.containers)
    .where(
      and(
        eq(t.containers.concernCode, 'C001'),
        ne(t.containers.rackCode, rack.code),
        eq(t.containers.active, true),
      ),
    )
    .limit(1);
  elsewhere = other!;
  const [outside] = await db.select().from(t.containers).where(ne(t.containers.concernCode, 'C001')).limit(1);
  foreign = outside!;
});
afterAll(() => app.close());

describe('stocktake', () => {
  it('counts a rack: progress, one missing, one unexpected elsewhere (where), one unknown, one scanned twice', async () => {
    const started = await start();
    expect(started.statusCode).toBe(201);
    const count = started.json();
    expect(count).toMatchObject({
      state: 'open',
      rack: { position: rack.position, name: rack.name },
      expected: held.length,
      scanned: 0,
    });
    expect(count.racks).toEqual([
      { rackPosition: rack.position, rackName: rack.name, expected: held.length, scanned: 0 },
    ]);
    const [first, second, ...rest] = held;
    const missing = rest.pop()!;
    for (const c of [first!, second!, ...rest])
      expect((await scan(count.id, c.barcode)).json().outcome).toBe('expected');
    // The container code is taken as well as the barcode.
    expect((await scan(count.id, first!.code)).json()).toMatchObject({
      outcome: 'repeat',
      container: { id: first!.id },
    });
    const out = (await scan(count.id, elsewhere!.barcode)).json();
    expect(out).toMatchObject({
      outcome: 'elsewhere',
      container: { id: elsewhere!.id, locationCode: elsewhere!.locationCode },
    });
    // Another tenant's container is unknown to this user: nothing says where it is.
    const other = (await scan(count.id, foreign!.barcode)).json();
    expect(other).toMatchObject({ outcome: 'unknown', container: null });

    const progress = (await kdadmin.get(`${base()}/stocktake/${count.id}`)).json();
    expect(progress.scanned).toBe(held.length - 1);
    expect(progress.racks[0].scanned).toBe(held.length - 1);
    expect(progress.scans).toHaveLength(held.length + 2);
    expect(progress.reconciliation).toBeNull();

    const finished = await kdadmin.post(`${base()}/stocktake/${count.id}/finish`);
    expect(finished.statusCode).toBe(200);
    const result = finished.json().reconciliation;
    expect(result.missing.map((c: { id: string }) => c.id)).toEqual([missing.id]);
    expect(result.unexpected).toEqual([
      expect.objectContaining({
        scanned: elsewhere!.barcode,
        times: 1,
        container: expect.objectContaining({ id: elsewhere!.id }),
      }),
      { scanned: foreign!.barcode, container: null, times: 1 },
    ]);
    expect(result.scannedTwice).toEqual([
      { container: expect.objectContaining({ id: first!.id }), times: 2 },
    ]);

    // Protocolled in words.
    const entries = await db
      .select({ params: t.protocol.params })
      .from(t.protocol)
      .where(eq(t.protocol.objectId, count.id));
    expect(entries.map((e) => e.params?.event).sort()).toEqual(['stocktakeFinished', 'stocktakeStarted']);
    const done = entries.find((e) => e.params?.event === 'stocktakeFinished');
    expect(done?.params?.values).toMatchObject({
      missing: 1,
      unexpected: 2,
      twice: 1,
      scanned: held.length - 1,
    });

    // A finished count takes no more scans.
    const late = await scan(count.id, first!.barcode);
    expect([late.statusCode, late.json().error]).toEqual([409, 'stocktake_finished']);
  });

  it('answers the same key with the first result, also concurrently, and counts it once', async () => {
    const count = (await start()).json();
    const key = randomUUID();
    const [a, b, c] = await Promise.all([
      scan(count.id, held[0]!.barcode, key),
      scan(count.id, held[0]!.barcode, key),
      scan(count.id, held[0]!.barcode, key),
    ]);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().seq, b.json().seq, c.json().seq]).size).toBe(1);
    // A retry that names another code still gets the first answer (the key decides).
    const retry = (await scan(count.id, held[1]!.barcode, key)).json();
    expect(retry).toEqual(a.json());
    const rows = await db.select().from(t.stocktakeScans).where(eq(t.stocktakeScans.stocktakeId, count.id));
    expect(rows).toHaveLength(1);
    expect((await kdadmin.get(`${base()}/stocktake/${count.id}`)).json().scanned).toBe(1);
  });

  it('undoes a scan (twice: the same answer), so the container is missing again', async () => {
    const count = (await start()).json();
    const key = randomUUID();
    await scan(count.id, held[0]!.barcode, key);
    await scan(count.id, held[0]!.barcode);
    const undo = () => kdadmin.post(`${base()}/stocktake/${count.id}/scan/${key}/undo`);
    const first = await undo();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ key, undone: true });
    expect((await undo()).json()).toEqual(first.json());
    // The second scan still stands: found once, not twice.
    const finished = (await kdadmin.post(`${base()}/stocktake/${count.id}/finish`)).json();
    expect(finished.scanned).toBe(1);
    expect(finished.reconciliation.scannedTwice).toEqual([]);
    const unknownKey = await kdadmin.post(`${base()}/stocktake/${count.id}/scan/${randomUUID()}/undo`);
    expect(unknownKey.statusCode).toBe(404);
  });

  it('hands a finished count over as an inventory list that transfers into a review request', async () => {
    const count = (await start()).json();
    const early = await kdadmin.post(`${base()}/stocktake/${count.id}/inventorylist`);
    expect([early.statusCode, early.json().error]).toEqual([409, 'stocktake_open']);
    for (const c of held.slice(1)) await scan(count.id, c.barcode);
    await kdadmin.post(`${base()}/stocktake/${count.id}/finish`);
    const handed = await kdadmin.post(`${base()}/stocktake/${count.id}/inventorylist`);
    expect(handed.statusCode).toBe(201);
    const list = handed.json();
    expect(list).toMatchObject({ locationCode: rack.locationCode, rowCount: held.length, errorCount: 0 });
    const byId = new Map(
      list.rows.map((r: { containerId: string; quantity: number }) => [r.containerId, r.quantity]),
    );
    expect(byId.get(held[0]!.id)).toBe(0);
    expect(byId.get(held[1]!.id)).toBe(held[1]!.fillingQuantity);
    const again = await kdadmin.post(`${base()}/stocktake/${count.id}/inventorylist`);
    expect([again.statusCode, again.json().error]).toEqual([409, 'stocktake_handed_over']);
    expect((await kdadmin.get(`${base()}/stocktake/${count.id}`)).json().inventoryListId).toBe(list.id);
    // The existing flow: the list is transferred as a review request.
    const transferred = await kdadmin.post(`/api/rest/v2/inventorylist/${list.id}/transfer`);
    expect(transferred.statusCode).toBe(201);
    expect(transferred.json()).toMatchObject({ type: 'inventorytransfer', state: 'pending' });
  });

  it("refuses another tenant's location and count like missing, and bad input with 400 naming the field", async () => {
    const count = (await start()).json();
    const other = await signIn(app.app, 'admin');
    // An admin sees everything; a user of another concern does not: take a location outside C001.
    const [outside] = await db
      .select({ code: t.locations.code })
      .from(t.locations)
      .where(ne(t.locations.concernCode, 'C001'))
      .limit(1);
    const refused = await kdadmin.post(`/api/rest/v2/location/${outside!.code}/stocktake`, {});
    expect(refused.statusCode).toBe(404);
    // The count's id under another location of the admin's reach: 404, the id alone opens nothing.
    const wrongPlace = await other.get(`/api/rest/v2/location/${outside!.code}/stocktake/${count.id}`);
    expect(wrongPlace.statusCode).toBe(404);
    const staff = await signIn(app.app, 'staff');
    expect((await staff.get(`${base()}/stocktake/${count.id}`)).statusCode).toBe(403);

    const badKey = await kdadmin.post(`${base()}/stocktake/${count.id}/scan`, { key: 'x', code: '1' });
    expect([badKey.statusCode, badKey.json().details?.field]).toEqual([400, 'key']);
    const noCode = await kdadmin.post(`${base()}/stocktake/${count.id}/scan`, { key: randomUUID() });
    expect([noCode.statusCode, noCode.json().details?.field]).toEqual([400, 'code']);
    const extra = await kdadmin.post(`${base()}/stocktake`, { rack: '1', shelf: 2 });
    expect(extra.statusCode).toBe(400);
    const badRack = await kdadmin.post(`${base()}/stocktake`, { rack: 'abc' });
    expect([badRack.statusCode, badRack.json().details?.field]).toEqual([400, 'rack']);
    const noRack = await kdadmin.post(`${base()}/stocktake`, { rack: '9999' });
    expect(noRack.statusCode).toBe(404);
  });
});
