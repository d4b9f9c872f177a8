import {
  type AnyEndpoint,
  buildPath,
  ErrorBody,
  endpoints,
  errorStatusesOf,
  pathParamNames,
} from '@falcon/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mswPath } from '../src/handlers/route';
import { newClient, signedIn, startMock } from './helpers';

const { db, handlers, server } = startMock();
const unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${request.url}`);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'warn' }));
afterAll(() => server.close());
beforeEach(() => db.reset());

const container = db.dataset.containers[0];
/** A plausible value for each path parameter, by the tenant kind it names. */
const SAMPLE: Record<string, string> = {
  concern: 'C001',
  branch: 'C001-B01',
  location: 'C001-B01-L01',
  container: container?.id ?? 'K0000001',
  article: container?.articleCode ?? 'A100001',
  review: db.dataset.reviewRequests[0]?.id ?? 'RQ00001',
  user: 'staff',
  role: 'KD_USER',
  employee: 'IH01',
  document: db.dataset.documents[0]?.id ?? 'DOC',
  barcodeList: 'BL-none',
  inventoryList: 'IL-none',
  export: 'X-none',
};
const paramsFor = (endpoint: AnyEndpoint) =>
  Object.fromEntries(
    pathParamNames(endpoint.path).map((name) => {
      if (name === 'imageId') return [name, db.dataset.images[0]?.id ?? 'IMG'];
      if (name === 'barcode') return [name, container?.barcode ?? '4000000000013'];
      if (name === 'id' && endpoint.tenant?.kind === 'user') return [name, 'U005'];
      if (name === 'id' && endpoint.tenant?.kind === 'role') return [name, 'R05'];
      return [name, SAMPLE[endpoint.tenant?.kind ?? ''] ?? 'x'];
    }),
  );

const requestFor = (endpoint: AnyEndpoint, origin: string, headers: Record<string, string> = {}) => {
  const base = endpoint.root ? origin : `${origin}/api`;
  const url = `${base}${buildPath(endpoint.path, paramsFor(endpoint))}?lang=en${endpoint.query ? '&query=Werk' : ''}`;
  let body: RequestInit['body'];
  const h: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...headers };
  if (endpoint.multipart) {
    const form = new FormData();
    const isList = endpoint.multipart.accept.includes('text/csv');
    form.set(
      'file',
      new Blob([isList ? `${container?.barcode};5\n` : new Uint8Array([0x89, 0x50])], {
        type: isList ? 'text/csv' : 'image/png',
      }),
      isList ? 'list.csv' : 'photo.png',
    );
    body = form;
  } else if (endpoint.body) {
    h['Content-Type'] = 'application/json';
    body = '{}';
  }
  return { url, init: { method: endpoint.method, headers: h, body } };
};

describe('every endpoint of the contract', () => {
  it('has a handler with its method and path', () => {
    const registered = new Set(
      Object.values(handlers)
        .flat()
        .map((h) => `${h.info.method} ${String(h.info.path)}`),
    );
    const missing = endpoints
      .map(({ name, endpoint }) => ({ name, key: `${endpoint.method} ${mswPath(endpoint, '/api')}` }))
      .filter(({ key }) => !registered.has(key))
      .map(({ name }) => name);
    expect(missing).toEqual([]);
    expect(Object.values(handlers).flat().length).toBe(endpoints.length);
  });

  it('is answered by a handler (no request falls through to msw)', async () => {
    const admin = await signedIn('admin');
    const answers: string[] = [];
    const succeeded: string[] = [];
    // Sign-out last: it ends the session the other calls use.
    const ordered = [...endpoints].sort(
      (a, b) => Number(a.name === 'auth.signout') - Number(b.name === 'auth.signout'),
    );
    for (const { name, endpoint } of ordered) {
      const { url, init } = requestFor(endpoint, admin.origin);
      const response = await admin.fetch(url, init);
      expect(response.status, name).toBeLessThan(500);
      if (!response.ok) expect(ErrorBody.safeParse(await response.json()).success, name).toBe(true);
      else if (!endpoint.responseKind || endpoint.responseKind === 'json') {
        // A success body must be what the contract promises (the client would throw on drift).
        const parsed = endpoint.response.safeParse(await response.json());
        expect(parsed.error?.issues ?? [], name).toEqual([]);
        expect(response.status, name).toBe(endpoint.status ?? 200);
        succeeded.push(name);
      }
      answers.push(name);
    }
    expect(unhandled).toEqual([]);
    expect(answers.length).toBe(endpoints.length);
    // Most calls succeed even with these sample inputs; the rest are 4xx by design (unknown ids, empty bodies).
    expect(succeeded.length).toBeGreaterThan(endpoints.length / 2);
    console.info(
      `${succeeded.length} of ${endpoints.length} sample calls succeeded with a contract-valid body`,
    );
  });

  it('answers 401 unauthorized without a session, except public endpoints', async () => {
    const anonymous = newClient();
    for (const { name, endpoint } of endpoints) {
      const { url, init } = requestFor(endpoint, anonymous.origin);
      const response = await anonymous.fetch(url, init);
      if (endpoint.auth === 'public') {
        // A public endpoint's own 401 (the second factor's: no sign-in waits) is documented and never
        // the missing session's.
        if (response.status === 401) {
          expect(errorStatusesOf(endpoint).has(401), name).toBe(true);
          expect(((await response.json()) as { error: string }).error, name).not.toBe('unauthorized');
        }
      } else {
        expect(response.status, name).toBe(401);
        expect(((await response.json()) as { error: string }).error, name).toBe('unauthorized');
      }
    }
  });

  it('answers 403 csrf_header_missing to POST and DELETE without X-Requested-With', async () => {
    const admin = await signedIn('admin');
    for (const { name, endpoint } of endpoints.filter((e) => e.endpoint.method !== 'GET')) {
      const { url, init } = requestFor(endpoint, admin.origin);
      const headers = new Headers(init.headers);
      headers.delete('X-Requested-With');
      const response = await admin.fetch(url, { ...init, headers });
      expect(response.status, name).toBe(403);
      expect(((await response.json()) as { error: string }).error, name).toBe('csrf_header_missing');
    }
  });

  it('answers 403 forbidden to a user lacking a required permission', async () => {
    const nobody = db.grants.userByName('staff');
    if (!nobody) throw new Error('no staff user');
    db.grants.users.set('U-NONE', {
      ...structuredClone(nobody),
      id: 'U-NONE',
      username: 'nobody',
      roles: [],
      permissions: [],
    });
    const client = await signedIn('nobody');
    const guarded = endpoints.filter((e) => e.endpoint.permissions?.length);
    expect(guarded.length).toBeGreaterThan(20);
    for (const { name, endpoint } of guarded) {
      const { url, init } = requestFor(endpoint, client.origin);
      const response = await client.fetch(url, init);
      expect(response.status, name).toBe(403);
      expect(((await response.json()) as { error: string }).error, name).toBe('forbidden');
    }
  });
});
