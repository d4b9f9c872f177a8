import { buildPath, endpoints, pathParamNames } from '@falcon/api-client';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema';
import { type Client, createTestApp, signIn, type TestApp } from './harness';

/**
 * Random bodies and path parameters thrown at every endpoint of the contract by an ADMIN: never a
 * 5xx (501 of a not yet implemented endpoint aside), and a refused request changes nothing.
 */
let h: TestApp;
let admin: Client;
beforeAll(async () => {
  h = await createTestApp();
  admin = await signIn(h.app, 'admin');
});
afterAll(() => h.close());

/** A digest of the data a request could change (small dataset: cheap). */
const digest = async () => {
  const result = (await h.database.db.execute(sql`select
    (select md5(coalesce(string_agg(${t.containers.id} || ${t.containers.active}::text || ${t.containers.fillingQuantity}::text || ${t.containers.deliveryStatus}, ',' order by ${t.containers.id}), '')) from ${t.containers}) as c,
    (select md5(coalesce(string_agg(${t.reviewRequests.id} || ${t.reviewRequests.state}, ',' order by ${t.reviewRequests.id}), '')) from ${t.reviewRequests}) as r,
    (select md5(coalesce(string_agg(${t.users.id} || ${t.users.username} || ${t.users.passwordHash}, ',' order by ${t.users.id}), '')) from ${t.users}) as u,
    (select md5(coalesce(string_agg(${t.racks.code} || ${t.racks.position}::text, ',' order by ${t.racks.code}), '')) from ${t.racks}) as k`)) as unknown as {
    rows: Record<string, string>[];
  };
  return JSON.stringify(result.rows[0]);
};

// Sign-out and impersonation would end the ADMIN's session; sign-in is covered by its own tests.
const SKIP = new Set(['auth.signout', 'auth.impersonate', 'auth.signin']);
const targets = endpoints.filter((e) => !SKIP.has(e.name) && !e.endpoint.multipart);

const param = fc.oneof(
  fc.constantFrom(
    'C001',
    'C001-B01',
    'C001-B01-L01',
    'K0000001',
    'A100001',
    'RQ00001',
    'admin',
    'R01',
    'IH01',
  ),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom('query', 'page', 'size', 'factor', 'filters', 'sortField', 'comment', 'username'),
    fc.anything({ maxDepth: 2 }),
  ),
);

describe('random requests to every endpoint', () => {
  it.each(targets.map((e) => [e.name, e.endpoint] as const))(
    '%s: no 5xx, refused requests change nothing',
    async (_name, endpoint) => {
      const names = pathParamNames(endpoint.path);
      const mutating = endpoint.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          fc.array(param, { minLength: names.length, maxLength: names.length }),
          body,
          async (values, payload) => {
            const url =
              (endpoint.root ? '' : '/api') +
              buildPath(endpoint.path, Object.fromEntries(names.map((n, i) => [n, values[i] ?? ''])));
            const before = mutating ? await digest() : '';
            const res =
              endpoint.method === 'GET'
                ? await admin.get(url)
                : endpoint.method === 'POST'
                  ? await admin.post(url, payload)
                  : await admin.del(url, payload);
            if (res.statusCode === 501) return;
            expect(
              res.statusCode,
              `${endpoint.method} ${url} ${JSON.stringify(payload)} -> ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
            if (mutating && res.statusCode >= 400) expect(await digest()).toBe(before);
          },
        ),
        { numRuns: 6, seed: 42 },
      );
    },
  );
});
