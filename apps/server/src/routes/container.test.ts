import { CONTAINER_REQUESTS_SHOWN, FIELD_GROUPS, FIELD_PERMISSIONS } from '@falcon/api-client';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeContainers, type Client, createTestApp, signIn, type TestApp } from '../../test/harness';
import * as t from '../db/schema';

let h: TestApp;
let kdadmin: Client;
let staff: Client;
let backoffice: Client;
let containerId: string;
let locationCode: string;

beforeAll(async () => {
  h = await createTestApp();
  [kdadmin, staff, backoffice] = await Promise.all([
    signIn(h.app, 'kdadmin'),
    signIn(h.app, 'staff'),
    signIn(h.app, 'backoffice'),
  ]);
  const [row] = await activeContainers(h.database.db);
  containerId = row!.id;
  locationCode = row!.locationCode;
});
afterAll(() => h.close());

describe('container detail', () => {
  it('shows a KD_ADMIN every field, and customer staff only master data and container statistics', async () => {
    const full = (await kdadmin.get(`/api/rest/v2/container/${containerId}`)).json();
    expect(full).toHaveProperty('price');
    expect(full).toHaveProperty('charge');
    expect(full).toHaveProperty('storageCoordinate');
    const limited = (await staff.get(`/api/rest/v2/container/${containerId}`)).json();
    expect(limited).toMatchObject({
      id: containerId,
      articleName: full.articleName,
      deliveryStatus: full.deliveryStatus,
    });
    for (const hidden of [
      'price',
      'charge',
      'storageCoordinate',
      'placeCode',
      'rackCode',
      'deliveryNoteNumber',
    ])
      expect(limited).not.toHaveProperty(hidden);
    const allowed = new Set<string>([
      ...FIELD_GROUPS.MASTERDATA,
      ...FIELD_GROUPS.CONTAINERSTATISTICS,
      FIELD_PERMISSIONS.barcode,
    ]);
    for (const key of Object.keys(limited)) {
      if (['id', 'locationCode', 'active', 'alarming', 'pendingRequests'].includes(key)) continue;
      expect(allowed.has((FIELD_PERMISSIONS as Record<string, string>)[key] ?? '?')).toBe(true);
    }
  });

  it('hides fields in search results and the rack grid too, and refuses sorting by a hidden field', async () => {
    const page = (await staff.post(`/api/rest/v2/location/${locationCode}/search`, { size: 5 })).json();
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) expect(item).not.toHaveProperty('price');
    const bySecret = await staff.post(`/api/rest/v2/location/${locationCode}/search`, { sortField: 'price' });
    expect(bySecret.statusCode).toBe(403);
    expect(bySecret.json()).toMatchObject({ error: 'forbidden', details: { field: 'sortField' } });
    const byFilter = await staff.post(`/api/rest/v2/location/${locationCode}/search`, {
      filters: { reach: { max: 1 } },
    });
    expect(byFilter.json()).toMatchObject({ details: { field: 'filters.reach' } });
    // A query cannot find containers through a field the caller may not see.
    const [row] = await h.database.db.select().from(t.containers).where(eq(t.containers.id, containerId));
    const coordinate = row!.storageCoordinate!;
    const viaHidden = (
      await staff.post(`/api/rest/v2/location/${locationCode}/search`, { query: coordinate })
    ).json();
    expect(viaHidden.items.map((i: { id: string }) => i.id)).not.toContain(containerId);
    const viaVisible = (
      await kdadmin.post(`/api/rest/v2/location/${locationCode}/search`, { query: coordinate })
    ).json();
    expect(viaVisible.items[0].id).toBe(containerId);
  });

  it('finds a container by barcode (the scanner) and answers invalid_barcode for foreign ones', async () => {
    const [own] = await h.database.db.select().from(t.containers).where(eq(t.containers.id, containerId));
    expect((await staff.get(`/api/rest/v2/container/barcode/${own!.barcode}`)).json().id).toBe(containerId);
    const [foreign] = await h.database.db
      .select()
      .from(t.containers)
      .where(eq(t.containers.concernCode, 'C002'))
      .limit(1);
    const res = await staff.get(`/api/rest/v2/container/barcode/${foreign!.barcode}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'invalid_barcode' });
  });

  it('shows an article with statistics and its documents, per field', async () => {
    const [row] = await h.database.db.select().from(t.containers).where(eq(t.containers.id, containerId));
    const article = (await kdadmin.get(`/api/rest/v2/article/${row!.articleCode}`)).json();
    expect(article).toMatchObject({ code: row!.articleCode, name: row!.articleName });
    expect(article.numberOfScans).toBeGreaterThanOrEqual(row!.numberOfScans);
    expect(article.documents.length).toBeGreaterThan(0);
    const download = await kdadmin.get(article.documents[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const forStaff = (await staff.get(`/api/rest/v2/article/${row!.articleCode}`)).json();
    expect(forStaff).not.toHaveProperty('documents');
    expect((await staff.get(article.documents[0].url)).statusCode).toBe(404);
  });
});

describe('container actions are requests for review', () => {
  it('creates a review request assigned to the location’s in-house employee, changes nothing, and protocols it', async () => {
    const before = (await kdadmin.get(`/api/rest/v2/container/${containerId}`)).json();
    const res = await staff.post(`/api/rest/v2/container/${containerId}/changequantity`, { factor: 777 });
    expect(res.statusCode).toBe(201);
    const request = res.json();
    const location = (await kdadmin.get(`/api/rest/v2/location/${locationCode}`)).json();
    expect(request).toMatchObject({
      type: 'changequantity',
      state: 'pending',
      containerId,
      requestedBy: 'staff',
      assigneeKey: location.inHouseStaffEmployeeKey,
      payload: { fillingQuantity: 777, previousFillingQuantity: before.fillingQuantity },
    });
    // Nothing changes but that the request is pending (so the action shows "pending", not a second dialog).
    expect((await kdadmin.get(`/api/rest/v2/container/${containerId}`)).json()).toEqual({
      ...before,
      pendingRequests: ['changequantity'],
    });
    const [entry] = await h.database.db.select().from(t.protocol).orderBy(desc(t.protocol.seq)).limit(1);
    expect(entry).toMatchObject({ type: 'request', username: 'staff', objectId: containerId, locationCode });
    const again = await staff.post(`/api/rest/v2/container/${containerId}/changequantity`, { factor: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'change_quantity_error' });
    const listed = (await staff.get(`/api/rest/v2/container/${containerId}/requests`)).json();
    expect(listed[0].id).toBe(request.id);
  });

  it('approving applies the change; a second decision is refused', async () => {
    const pending = (await backoffice.post('/api/rest/v2/reviews', { filterMap: { locationCode } })).json();
    const request = pending.items.find(
      (r: { containerId: string; type: string }) =>
        r.containerId === containerId && r.type === 'changequantity',
    );
    expect(request).toBeDefined();
    const approved = await backoffice.post(`/api/rest/v2/review/${request.id}/approve`, { comment: 'ok' });
    expect(approved.json()).toMatchObject({ state: 'approved', reviewedBy: 'backoffice', comment: 'ok' });
    expect((await kdadmin.get(`/api/rest/v2/container/${containerId}`)).json().fillingQuantity).toBe(777);
    const [entry] = await h.database.db.select().from(t.protocol).orderBy(desc(t.protocol.seq)).limit(1);
    expect(entry).toMatchObject({ type: 'review_approved', username: 'backoffice' });
    expect(entry!.after).toMatchObject({ [`${containerId}.fillingQuantity`]: 777 });
    const twice = await backoffice.post(`/api/rest/v2/review/${request.id}/reject`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'request_already_reviewed' });
  });

  it('rejecting leaves the container as it was; deactivation applies only when approved', async () => {
    const created = (await kdadmin.post(`/api/rest/v2/container/${containerId}/deactivate`)).json();
    const rejected = await backoffice.post(`/api/rest/v2/review/${created.id}/reject`, { comment: 'no' });
    expect(rejected.json()).toMatchObject({ state: 'rejected', comment: 'no' });
    expect((await kdadmin.get(`/api/rest/v2/container/${containerId}`)).json().active).toBe(true);
    const second = (await kdadmin.post(`/api/rest/v2/container/${containerId}/deactivate`)).json();
    await backoffice.post(`/api/rest/v2/review/${second.id}/approve`, {});
    expect((await kdadmin.get(`/api/rest/v2/container/${containerId}`)).json().active).toBe(false);
    const inactive = await kdadmin.post(`/api/rest/v2/container/${containerId}/scan`);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({ error: 'scan_error' });
    const mine = (await kdadmin.post('/api/rest/v2/reviews/mine', {})).json();
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([created.id, second.id]),
    );
  });

  it("lists a container's requests pending first, then newest first, and at most CONTAINER_REQUESTS_SHOWN", async () => {
    const [, other] = await activeContainers(h.database.db, 2);
    const request = (i: number, state: 'pending' | 'closed', day: number) => ({
      id: `many-${state}-${i}`,
      type: 'message' as const,
      state,
      containerId: other!.id,
      containerCode: other!.id,
      locationCode: other!.locationCode,
      locationName: 'x',
      concernCode: other!.concernCode,
      branchCode: other!.branchCode,
      requestedBy: 'backoffice',
      requestedAt: new Date(Date.UTC(2025, 0, day)),
      payload: { message: `message ${i}` },
    });
    // Two old pending messages, then more answered ones than the list shows, each a day newer.
    await h.database.db
      .insert(t.reviewRequests)
      .values([
        request(0, 'pending', 1),
        request(1, 'pending', 2),
        ...Array.from({ length: CONTAINER_REQUESTS_SHOWN + 5 }, (_, i) => request(i, 'closed', 10 + i)),
      ]);
    const listed = (await kdadmin.get(`/api/rest/v2/container/${other!.id}/requests`)).json() as {
      id: string;
    }[];
    expect(listed).toHaveLength(CONTAINER_REQUESTS_SHOWN);
    expect(listed.slice(0, 3).map((r) => r.id)).toEqual([
      'many-pending-1',
      'many-pending-0',
      `many-closed-${CONTAINER_REQUESTS_SHOWN + 4}`,
    ]);
    expect(listed.at(-1)!.id).toBe('many-closed-7');
  });

  it('refuses reviewing to users without the permission, and actions without theirs', async () => {
    const res = await staff.post('/api/rest/v2/reviews', {});
    expect(res.statusCode).toBe(403);
    expect((await staff.post(`/api/rest/v2/container/${containerId}/deactivate`)).statusCode).toBe(403);
    const order = await staff.post(`/api/rest/v2/container/${containerId}/additionalorder`, {
      factor: 2,
      additionalOrderDate: 'tomorrow',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({
      error: 'validation_error',
      details: { field: 'additionalOrderDate' },
    });
  });
});
