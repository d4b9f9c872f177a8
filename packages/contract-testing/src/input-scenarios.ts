import type { TypedClient } from '@falcon/api-client';
import { createDataset } from '@falcon/demo-data';
import { beforeAll, describe, expect, it } from 'vitest';
import { failure, type TestClient } from './client';
import { type ContractTarget, SCENARIO_DATASET } from './scenarios';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const DAY_MS = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** One refused input: who calls what, and the field the 400 must name. */
interface Refusal {
  name: string;
  /** null: without a session (sign-in). */
  as: 'admin' | null;
  call: (api: TypedClient) => Promise<unknown>;
  field: string;
}

/**
 * Input the contract refuses with 400 validation_error naming the field, on the mock as on the
 * server: text with NUL or a lone surrogate anywhere (path, query, body, filter maps; sign-in without a
 * session included), dates outside 1900-01-01..2999-12-31, an additional order for a past day. Each
 * row was a 500 on the real server before (PostgreSQL refuses U+0000 in text and year 0 dates; its
 * JSON refuses lone surrogates), or was accepted and broke later (the 0000-01-01 order).
 */
export const describeInputScenarios = (target: ContractTarget): void => {
  const dataset = createDataset(SCENARIO_DATASET);
  const own = dataset.containers.find((c) => c.concernCode === 'C001' && c.active);
  if (!own) throw new Error('no own container');
  const location = own.locationCode;
  const branch = own.branchCode;

  const signedIn = async (username: string): Promise<TestClient> => {
    const client = target.newClient();
    await client.api.auth.signin({ body: { username, password: 'demo1234' } });
    return client;
  };

  let pendingId = '';
  const refusals: Refusal[] = [
    // Sign-in runs without a session: the contract checks its body before anything else.
    {
      name: 'sign-in: NUL in the username',
      as: null,
      call: (api) => api.auth.signin({ body: { username: `admin${NUL}`, password: 'demo1234' } }),
      field: 'username',
    },
    {
      name: 'sign-in: a lone surrogate in the username',
      as: null,
      call: (api) => api.auth.signin({ body: { username: `adm${LONE_SURROGATE}in`, password: 'x' } }),
      field: 'username',
    },
    // Path ids of every tenant kind (each was a database error in the tenant check or the handler).
    {
      name: 'concern code',
      as: 'admin',
      call: (api) => api.concern.get({ params: { code: `C001${NUL}` } }),
      field: 'code',
    },
    {
      name: 'branch code',
      as: 'admin',
      call: (api) => api.branch.get({ params: { code: `${branch}${NUL}` } }),
      field: 'code',
    },
    {
      name: 'location code',
      as: 'admin',
      call: (api) => api.location.racks({ params: { code: `${location}${NUL}` } }),
      field: 'code',
    },
    {
      name: 'container id',
      as: 'admin',
      call: (api) => api.container.get({ params: { id: `${own.id}${NUL}` } }),
      field: 'id',
    },
    {
      name: 'barcode',
      as: 'admin',
      call: (api) => api.container.byBarcode({ params: { barcode: `${own.barcode}${NUL}` } }),
      field: 'barcode',
    },
    {
      name: 'article code',
      as: 'admin',
      call: (api) => api.article.get({ params: { code: `${own.articleCode}${NUL}` } }),
      field: 'code',
    },
    {
      name: 'document id',
      as: 'admin',
      call: (api) => api.document.download({ params: { id: `D1${NUL}` } }),
      field: 'id',
    },
    {
      name: 'employee key',
      as: 'admin',
      call: (api) => api.employee.get({ params: { key: `IH01${NUL}` } }),
      field: 'key',
    },
    {
      name: 'review id',
      as: 'admin',
      call: (api) => api.reviews.approve({ params: { id: `RQ1${NUL}` }, body: {} }),
      field: 'id',
    },
    {
      name: 'export id',
      as: 'admin',
      call: (api) => api.exports.download({ params: { id: `EX1${NUL}` } }),
      field: 'id',
    },
    {
      name: 'inventory list id',
      as: 'admin',
      call: (api) => api.inventoryLists.get({ params: { id: `IL1${NUL}` } }),
      field: 'id',
    },
    {
      name: 'username in the path',
      as: 'admin',
      call: (api) => api.users.getByUsername({ params: { username: `staff${NUL}` } }),
      field: 'username',
    },
    {
      name: 'gallery image id',
      as: 'admin',
      call: (api) => api.location.image({ params: { code: location, imageId: `I1${NUL}` } }),
      field: 'imageId',
    },
    // Search, suggest, filters.
    {
      name: 'search text',
      as: 'admin',
      call: (api) => api.location.search({ params: { code: location }, body: { query: `din${NUL}` } }),
      field: 'query',
    },
    {
      name: 'container suggest text',
      as: 'admin',
      call: (api) =>
        api.location.suggestContainer({ params: { code: location }, body: { query: `a${NUL}` } }),
      field: 'query',
    },
    {
      name: 'quick search (GET query parameter)',
      as: 'admin',
      call: (api) => api.cbl.suggestGet({ query: { query: `C0${NUL}` } }),
      field: 'query',
    },
    {
      name: 'search filter: delivery date from year 0000',
      as: 'admin',
      call: (api) =>
        api.location.search({
          params: { code: location },
          body: { filters: { deliveryDate: { from: '0000-01-01' } } },
        }),
      field: 'filters.deliveryDate.from',
    },
    {
      name: 'search filter: delivery date after 2999',
      as: 'admin',
      call: (api) =>
        api.concern.search({
          params: { code: 'C001' },
          body: { filters: { deliveryDate: { to: '3000-01-01' } } },
        }),
      field: 'filters.deliveryDate.to',
    },
    {
      name: 'protocol filter: from year 0000',
      as: 'admin',
      call: (api) => api.protocol.list({ body: { filterMap: { from: '0000-01-01' } } }),
      field: 'filterMap.from',
    },
    {
      name: 'protocol filter: username',
      as: 'admin',
      call: (api) => api.protocol.list({ body: { filterMap: { username: `admin${NUL}` } } }),
      field: 'filterMap.username',
    },
    {
      name: 'request list filter (a filterMap value)',
      as: 'admin',
      call: (api) => api.reviews.list({ body: { filterMap: { state: `pending${NUL}` } } }),
      field: 'filterMap.state',
    },
    {
      name: 'employee list filter (a filterMap key)',
      as: 'admin',
      call: (api) => api.employee.list({ body: { filterMap: { [`name${NUL}`]: 'a' } } }),
      field: 'filterMap',
    },
    {
      name: 'export search term with a lone surrogate',
      as: 'admin',
      call: (api) =>
        api.location.exportXlsx({ params: { code: location }, body: { searchTerm: `a${LONE_SURROGATE}` } }),
      field: 'searchTerm',
    },
    // Bodies that are stored.
    {
      name: 'map marker location code',
      as: 'admin',
      call: (api) =>
        api.branch.saveLocationPosition({
          params: { branchCode: branch },
          body: { branchCode: branch, locationCode: `${location}${NUL}`, x: 0.5, y: 0.5 },
        }),
      field: 'locationCode',
    },
    {
      name: 'review comment',
      as: 'admin',
      // A pending request of its own (a comment on a missing one is a 404 first).
      call: (api) => api.reviews.reject({ params: { id: pendingId }, body: { comment: `no${NUL}` } }),
      field: 'comment',
    },
    {
      name: 'user first name',
      as: 'admin',
      call: (api) =>
        api.users.create({
          body: {
            username: 'nul-user',
            firstname: `Ann${NUL}`,
            lastname: 'Lee',
            email: '',
            phone: null,
            region: null,
            useRegion: false,
            language: 'en',
            sessionTimeoutMinutes: 60,
            roles: ['KD_USER'],
            permissions: [],
            scope: { all: false, concerns: ['C001'], branches: [], locations: [] },
            employeeKey: null,
            password: 'secret-123',
            passwordRepeat: 'secret-123',
          },
        }),
      field: 'firstname',
    },
    {
      name: 'role region',
      as: 'admin',
      call: (api) =>
        api.roles.create({ body: { rolename: 'NULROLE', region: `North${NUL}`, permissions: [] } }),
      field: 'region',
    },
    // Dates of an additional order: within the range and not in the past.
    {
      name: 'additional order for 0000-01-01',
      as: 'admin',
      call: (api) =>
        api.container.additionalOrder({
          params: { id: own.id },
          body: { factor: 1, additionalOrderDate: '0000-01-01' },
        }),
      field: 'additionalOrderDate',
    },
    {
      name: 'additional order for a past day',
      as: 'admin',
      call: (api) =>
        api.container.additionalOrder({
          params: { id: own.id },
          body: { factor: 1, additionalOrderDate: dateIn(-2) },
        }),
      field: 'additionalOrderDate',
    },
  ];

  describe('input that cannot crash: 400 naming the field', () => {
    let admin: TestClient;
    beforeAll(async () => {
      // Every row is refused, so nothing changes: one fresh dataset serves the whole table.
      await target.reset();
      admin = await signedIn('admin');
      const other = dataset.containers.find((c) => c.concernCode === 'C002' && c.active);
      if (!other) throw new Error('no container of C002');
      pendingId = (await admin.api.container.scan({ params: { id: other.id } })).id;
    });

    it.each(refusals.map((r) => [r.name, r] as const))('%s', async (_name, refusal) => {
      const client = refusal.as ? admin : target.newClient();
      const e = await failure(refusal.call(client.api));
      expect({ status: e.status, key: e.key, field: e.field }).toEqual({
        status: 400,
        key: 'validation_error',
        field: refusal.field,
      });
    });

    it('still accepts an additional order for a later day, and text with paired surrogates', async () => {
      const request = await admin.api.container.additionalOrder({
        params: { id: own.id },
        body: { factor: 2, additionalOrderDate: dateIn(30) },
      });
      expect(request).toMatchObject({ state: 'pending', payload: { additionalOrderDate: dateIn(30) } });
      const found = await admin.api.location.search({
        params: { code: location },
        body: { query: 'din 😀' },
      });
      expect(found.total).toBe(0);
    });
  });

  describe('a request whose change can no longer be applied', () => {
    it('answers 409 on approval and can still be rejected', async () => {
      await target.reset();
      // kdadmin of C001 asks; the ADMIN reviews.
      const requester = await signedIn('kdadmin');
      const admin = await signedIn('admin');
      const other = dataset.containers.find(
        (c) => c.concernCode === 'C001' && c.active && c.id !== own.id && c.locationCode === location,
      );
      if (!other) throw new Error('no second container');
      const order = await requester.api.container.additionalOrder({
        params: { id: other.id },
        body: { factor: 1, additionalOrderDate: dateIn(14) },
      });
      const deactivation = await requester.api.container.deactivate({ params: { id: other.id } });
      await admin.api.reviews.approve({ params: { id: deactivation.id }, body: {} });

      const refused = await failure(admin.api.reviews.approve({ params: { id: order.id }, body: {} }));
      expect([refused.status, refused.key, refused.details?.reason]).toEqual([
        409,
        'request_not_applicable',
        'container_inactive',
      ]);
      const pending = await admin.api.reviews.list({ body: { filterMap: { state: 'pending' } } });
      expect(pending.items.map((r) => r.id)).toContain(order.id);

      const rejected = await admin.api.reviews.reject({
        params: { id: order.id },
        body: { comment: 'container gone' },
      });
      expect(rejected).toMatchObject({ state: 'rejected', comment: 'container gone' });
      const mine = await requester.api.reviews.mine({ body: {} });
      expect(mine.items.find((r) => r.id === order.id)?.state).toBe('rejected');
    });
  });

  describe('sign-in back-off', () => {
    it('after five wrong passwords even the right one waits: 429 with Retry-After and the wait', async () => {
      await target.reset();
      const client = target.newClient();
      for (let i = 0; i < 5; i++) {
        const wrong = await failure(
          client.api.auth.signin({ body: { username: 'sales', password: `no-${i}` } }),
        );
        expect([wrong.status, wrong.key]).toEqual([401, 'login_failed']);
      }
      const waiting = await failure(
        client.api.auth.signin({ body: { username: 'sales', password: 'demo1234' } }),
      );
      expect([waiting.status, waiting.key]).toEqual([429, 'too_many_requests']);
      const seconds = waiting.details?.retryAfterSeconds as number;
      expect(seconds).toBeGreaterThan(25);
      expect(seconds).toBeLessThanOrEqual(30);
      const raw = await client.fetch(`${client.origin}/api/rest/v2/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ username: 'sales', password: 'demo1234' }),
      });
      expect(raw.status).toBe(429);
      expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(25);
      // Another user is not affected.
      await client.api.auth.signin({ body: { username: 'staff', password: 'demo1234' } });
    });
  });
};
