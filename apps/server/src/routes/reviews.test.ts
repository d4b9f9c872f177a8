import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeContainers, type Client, createTestApp, signIn, type TestApp } from '../../test/harness';
import * as t from '../db/schema';

/** A clock the test moves: approvals days after the request, without waiting. */
let clock = new Date('2026-11-25T09:00:00Z');
let h: TestApp;
let admin: Client;
let kdadmin: Client;
let containers: (typeof t.containers.$inferSelect)[];

beforeAll(async () => {
  h = await createTestApp({ now: () => clock });
  [admin, kdadmin] = await Promise.all([signIn(h.app, 'admin'), signIn(h.app, 'kdadmin')]);
  containers = await activeContainers(h.database.db, 3);
});
afterAll(() => h.close());

const containerOf = async (id: string) =>
  (await h.database.db.select().from(t.containers).where(eq(t.containers.id, id)))[0];

describe('approving a request whose change can no longer be applied', () => {
  it('answers 409 for an additional order stored with the date 0000-01-01, which can still be rejected', async () => {
    // Stored before dates were checked: approving it was a 500 and it stayed pending for good.
    const c = containers[0]!;
    await h.database.db.insert(t.reviewRequests).values({
      id: 'RQ-YEAR0',
      type: 'additionalorder',
      state: 'pending',
      containerId: c.id,
      containerCode: c.code,
      locationCode: c.locationCode,
      locationName: 'L',
      concernCode: c.concernCode,
      branchCode: c.branchCode,
      requestedBy: 'kdadmin',
      requestedAt: clock,
      assigneeKey: null,
      payload: { factor: 1, additionalOrderDate: '0000-01-01' },
    });
    const listed = await admin.post('/api/rest/v2/reviews', { filterMap: { state: 'pending' }, size: 200 });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((r: { id: string }) => r.id)).toContain('RQ-YEAR0');

    const approved = await admin.post('/api/rest/v2/review/RQ-YEAR0/approve', {});
    expect(approved.statusCode).toBe(409);
    expect(approved.json()).toMatchObject({
      error: 'request_not_applicable',
      details: { reason: 'date_invalid' },
    });
    expect(await containerOf(c.id)).toMatchObject({
      expectedDeliveryDate: c.expectedDeliveryDate,
      deliveryStatus: c.deliveryStatus,
    });

    const rejected = await admin.post('/api/rest/v2/review/RQ-YEAR0/reject', { comment: 'invalid date' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'rejected', reviewedBy: 'admin' });
  });

  it('answers 409 when the container was deactivated since (directly in the data), then rejects', async () => {
    const c = containers[1]!;
    const scan = await kdadmin.post(`/api/rest/v2/container/${c.id}/scan`);
    expect(scan.statusCode).toBe(201);
    await h.database.db.update(t.containers).set({ active: false }).where(eq(t.containers.id, c.id));
    const approved = await admin.post(`/api/rest/v2/review/${scan.json().id}/approve`, {});
    expect(approved.statusCode).toBe(409);
    expect(approved.json()).toMatchObject({
      error: 'request_not_applicable',
      details: { reason: 'container_inactive' },
    });
    expect((await containerOf(c.id))?.numberOfScans).toBe(c.numberOfScans);
    const rejected = await admin.post(`/api/rest/v2/review/${scan.json().id}/reject`, {});
    expect(rejected.json()).toMatchObject({ state: 'rejected' });
  });
});

describe('additional orders and the clock', () => {
  it('refuses a day before today (400 naming the field) and accepts today', async () => {
    const c = containers[2]!;
    const yesterday = await kdadmin.post(`/api/rest/v2/container/${c.id}/additionalorder`, {
      factor: 1,
      additionalOrderDate: '2026-11-23',
    });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json()).toMatchObject({
      error: 'validation_error',
      details: { field: 'additionalOrderDate' },
    });
    const today = await kdadmin.post(`/api/rest/v2/container/${c.id}/additionalorder`, {
      factor: 1,
      additionalOrderDate: '2026-11-25',
    });
    expect(today.statusCode).toBe(201);
  });

  it('approved after its day, an order is due today instead of in the past', async () => {
    const c = containers[2]!;
    const [pending] = await h.database.db
      .select()
      .from(t.reviewRequests)
      .where(and(eq(t.reviewRequests.containerId, c.id), eq(t.reviewRequests.state, 'pending')));
    clock = new Date('2026-11-30T09:00:00Z');
    admin = await signIn(h.app, 'admin'); // the old session ended with the days that passed
    const approved = await admin.post(`/api/rest/v2/review/${pending!.id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(await containerOf(c.id)).toMatchObject({
      expectedDeliveryDate: '2026-11-30',
      deliveryStatus: 'indelivery',
    });
  });
});
