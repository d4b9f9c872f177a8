import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeContainers, type Client, createTestApp, signIn, type TestApp } from '../../test/harness';
import { upload } from '../../test/uploads';
import * as t from '../db/schema';
import { gif, png } from '../files/testing';

/** Issue 13 on the server alone: what the mock cannot show (image checks, stored rows, the clock). */
let clock = new Date('2026-11-24T09:00:00Z');
let h: TestApp;
let kdadmin: Client;
let backoffice: Client;
let container: typeof t.containers.$inferSelect;

beforeAll(async () => {
  h = await createTestApp({ now: () => clock, jobs: false });
  [kdadmin, backoffice] = await Promise.all([signIn(h.app, 'kdadmin'), signIn(h.app, 'backoffice')]);
  const [first] = await activeContainers(h.database.db);
  container = first!;
});
afterAll(() => h.close());

const message = async (text = 'Etikett fehlt') => {
  const res = await kdadmin.post(`/api/rest/v2/container/${container.id}/message`, { message: text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};

describe("a message's photo", () => {
  it('is checked and re-encoded like a gallery image, and served as WebP', async () => {
    const { id } = await message();
    const res = await upload(h.app, kdadmin, `/api/rest/v2/review/${id}/photo`, {
      bytes: await png(120, 80),
      name: 'regal.png',
      type: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload.photo).toBe(true);
    const photo = await backoffice.get(`/api/rest/v2/review/${id}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('refuses what is not a JPEG, PNG or WebP image, and keeps the message without a photo', async () => {
    const { id } = await message();
    const res = await upload(h.app, kdadmin, `/api/rest/v2/review/${id}/photo`, {
      bytes: await gif(),
      name: 'x.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().details.field).toBe('file');
    expect((await backoffice.get(`/api/rest/v2/review/${id}/photo`)).statusCode).toBe(404);
  });

  it('replaces the first photo with a second one and keeps one file', async () => {
    const { id } = await message();
    for (const size of [40, 60])
      await upload(h.app, kdadmin, `/api/rest/v2/review/${id}/photo`, {
        bytes: await png(size, size),
        name: 'p.png',
        type: 'image/png',
      });
    const [row] = await h.database.db.select().from(t.reviewRequests).where(eq(t.reviewRequests.id, id));
    const files = await h.database.db
      .select({ id: t.files.id })
      .from(t.files)
      .where(eq(t.files.id, row!.photoFileId!));
    expect(files).toHaveLength(1);
  });

  it('cannot be added once the message is answered (409 not_pending)', async () => {
    const { id } = await message();
    await backoffice.post(`/api/rest/v2/review/${id}/answer`, { comment: 'erledigt' });
    const res = await upload(h.app, kdadmin, `/api/rest/v2/review/${id}/photo`, {
      bytes: await png(),
      name: 'p.png',
      type: 'image/png',
    });
    expect([res.statusCode, res.json().error, res.json().details.reason]).toEqual([
      409,
      'request_not_applicable',
      'not_pending',
    ]);
  });
});

describe('handle rack', () => {
  it('stores when and by whom, from the server clock, and the next handling moves it on', async () => {
    const [rack] = await h.database.db.select().from(t.racks).where(eq(t.racks.code, container.rackCode));
    const path = `/api/rest/v2/location/${container.locationCode}/rack/${rack!.position}/handle`;
    expect((await backoffice.post(path)).json().lastHandled).toEqual({
      at: '2026-11-24T09:00:00.000Z',
      by: 'backoffice',
    });
    clock = new Date('2026-11-24T09:10:00Z'); // within the session's 60 minutes
    await backoffice.post(path);
    const [stored] = await h.database.db.select().from(t.racks).where(eq(t.racks.code, rack!.code));
    expect([stored!.lastHandledAt?.toISOString(), stored!.lastHandledBy]).toEqual([
      '2026-11-24T09:10:00.000Z',
      'backoffice',
    ]);
    const rows = await h.database.db
      .select()
      .from(t.protocol)
      .where(and(eq(t.protocol.type, 'rack_handled'), eq(t.protocol.locationCode, container.locationCode)));
    expect(rows).toHaveLength(2);
  });

  it('answers a rack position the location does not have with 404 naming the rack, and a bad one with 400', async () => {
    const base = `/api/rest/v2/location/${container.locationCode}/rack`;
    const missing = await backoffice.post(`${base}/999/handle`);
    expect([missing.statusCode, missing.json().details.field]).toEqual([404, 'rack']);
    const bad = await backoffice.post(`${base}/0/handle`);
    expect([bad.statusCode, bad.json().details.field]).toEqual([400, 'rack']);
  });
});

describe('a rack scan', () => {
  it('refuses a rack without an active container (409 scan_error)', async () => {
    const [rack] = await h.database.db.select().from(t.racks).where(eq(t.racks.code, container.rackCode));
    await h.database.db
      .update(t.containers)
      .set({ active: false })
      .where(eq(t.containers.rackCode, rack!.code));
    const res = await kdadmin.post(
      `/api/rest/v2/location/${container.locationCode}/rack/${rack!.position}/scan`,
    );
    expect([res.statusCode, res.json().error]).toEqual([409, 'scan_error']);
    await h.database.db.update(t.containers).set({ active: true }).where(eq(t.containers.id, container.id));
  });

  it("shows as pending in the detail of each of the rack's containers, and of no other", async () => {
    const [rack] = await h.database.db.select().from(t.racks).where(eq(t.racks.code, container.rackCode));
    const res = await kdadmin.post(
      `/api/rest/v2/location/${container.locationCode}/rack/${rack!.position}/scan`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await kdadmin.get(`/api/rest/v2/container/${container.id}`)).json();
    expect(detail.pendingRequests).toContain('rackscan');
    const [elsewhere] = await h.database.db
      .select()
      .from(t.containers)
      .where(
        and(eq(t.containers.locationCode, container.locationCode), ne(t.containers.rackCode, rack!.code)),
      )
      .limit(1);
    const other = (await kdadmin.get(`/api/rest/v2/container/${elsewhere!.id}`)).json();
    expect(other.pendingRequests).not.toContain('rackscan');
  });
});
