import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, signIn, type TestApp } from '../../test/harness';
import * as t from '../db/schema';
import { writeProtocol } from '../services/protocol';

let h: TestApp;
let admin: Client;
let kdadmin: Client;
beforeAll(async () => {
  h = await createTestApp();
  [admin, kdadmin] = await Promise.all([signIn(h.app, 'admin'), signIn(h.app, 'kdadmin')]);
});
afterAll(() => h.close());

describe('protocol listings', () => {
  it('shows sign-ins newest first in the global protocol, filterable by type and user', async () => {
    const res = (
      await admin.post('/api/rest/v2/protocol', { filterMap: { type: 'signin' }, size: 5 })
    ).json();
    expect(res.items[0]).toMatchObject({ type: 'signin' });
    const ats = res.items.map((e: { at: string }) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
    const mine = (await admin.post('/api/rest/v2/protocol', { filterMap: { username: 'kdadm' } })).json();
    expect(mine.items.every((e: { username: string }) => e.username.includes('kdadm'))).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = (
      await admin.post('/api/rest/v2/protocol', { filterMap: { from: today, to: today } })
    ).json();
    expect(dated.total).toBeGreaterThanOrEqual(2);
  });

  it('needs PERM_VIEWGLOBALPROTOCOLENTRIES, and the refusal is protocolled', async () => {
    expect((await kdadmin.post('/api/rest/v2/protocol', {})).statusCode).toBe(403);
    const denied = (
      await admin.post('/api/rest/v2/protocol', { filterMap: { type: 'permission_denied' } })
    ).json();
    expect(denied.items[0]).toMatchObject({ username: 'kdadmin', objectId: 'protocol.list' });
    // In words for the reader's language: the area and the missing permission, not the endpoint.
    expect(denied.items[0].words).toEqual({
      event: 'permissionDenied',
      values: { username: 'kdadmin', area: 'protocol', permissions: 'PERM_VIEWGLOBALPROTOCOLENTRIES' },
    });
  });

  it('answers an entry written before events existed without words, with its summary as stored', async () => {
    await writeProtocol(h.database.db, {
      username: 'admin',
      type: 'update',
      objectType: 'rackLayout',
      objectId: 'OLD-ENTRY',
      locationCode: null,
      summary: 'rack order of OLD-ENTRY changed',
    });
    const res = (
      await admin.post('/api/rest/v2/protocol', { filterMap: { type: 'update' }, size: 50 })
    ).json();
    const old = res.items.find((e: { objectId: string }) => e.objectId === 'OLD-ENTRY');
    expect(old).toMatchObject({ summary: 'rack order of OLD-ENTRY changed', words: null });
  });

  it('lists a location’s entries for its customer admin, never another concern’s', async () => {
    const concern = (await kdadmin.get('/api/rest/v2/concern/C001')).json();
    const branch = (await kdadmin.get(`/api/rest/v2/branch/${concern.branches[0].code}`)).json();
    const code = branch.locations[0].code;
    const container = (await kdadmin.post(`/api/rest/v2/location/${code}/search`, { size: 1 })).json()
      .items[0];
    await kdadmin.post(`/api/rest/v2/container/${container.id}/scan`);
    const res = (await kdadmin.post(`/api/rest/v2/location/${code}/protocol`, {})).json();
    expect(res.items[0]).toMatchObject({
      type: 'request',
      locationCode: code,
      objectId: container.id,
      words: {
        event: 'reviewRequested',
        values: { reviewType: 'scan', location: code },
        container: expect.objectContaining({ id: container.id }),
      },
    });
    expect(res.items.every((e: { locationCode: string }) => e.locationCode === code)).toBe(true);
    const other = (await admin.get('/api/rest/v2/concern/C002')).json();
    const otherBranch = (await admin.get(`/api/rest/v2/branch/${other.branches[0].code}`)).json();
    const foreign = await kdadmin.post(`/api/rest/v2/location/${otherBranch.locations[0].code}/protocol`, {});
    expect(foreign.statusCode).toBe(404);
    expect(
      (await kdadmin.post(`/api/rest/v2/location/${code}/protocol`, { filterMap: { nope: 1 } })).statusCode,
    ).toBe(400);
  });

  it('shows container values in before/after only where the caller may see the field', async () => {
    const [scope] = await h.database.db
      .select({ code: t.userScope.code })
      .from(t.userScope)
      .innerJoin(t.users, eq(t.users.id, t.userScope.userId))
      .where(and(eq(t.users.username, 'sales'), eq(t.userScope.kind, 'concern')))
      .limit(1);
    const [loc] = await h.database.db
      .select()
      .from(t.locations)
      .where(eq(t.locations.concernCode, scope!.code))
      .limit(1);
    await writeProtocol(h.database.db, {
      username: 'backoffice',
      type: 'review_approved',
      objectType: 'container',
      objectId: 'K0000001',
      locationCode: loc!.code,
      summary: 'additionalorder approved',
      before: { 'K0000001.deliveryStatus': 'inaccess', 'K0000001.expectedDeliveryDate': null },
      after: { 'K0000001.deliveryStatus': 'indelivery', 'K0000001.expectedDeliveryDate': '2025-09-10' },
    });
    const sales = await signIn(h.app, 'sales'); // SALESFORCE: no PERM_FIELD_EXPECTEDDELIVERYDATE
    const seen = (await sales.post(`/api/rest/v2/location/${loc!.code}/protocol`, { size: 1 })).json()
      .items[0];
    expect(seen.after).toEqual({ 'K0000001.deliveryStatus': 'indelivery' });
    const all = (await admin.post(`/api/rest/v2/location/${loc!.code}/protocol`, { size: 1 })).json()
      .items[0];
    expect(all.after).toHaveProperty(['K0000001.expectedDeliveryDate'], '2025-09-10');
  });
});
