import { backoffMs } from '@falcon/api-client';
import { and, count, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWith, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness';
import * as t from '../db/schema';
import { DEFAULT_THROTTLE } from './throttle';

/** The server's clock, moved by the tests: back-offs are waited out without sleeping. */
let clock = new Date('2026-11-25T08:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let h: TestApp;
beforeAll(async () => {
  h = await createTestApp({ now: () => clock });
});
afterAll(() => h.close());

const signin = (username: string, password: string, remoteAddress: string, headers = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/api/rest/v2/auth/signin',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ username, password }),
    remoteAddress,
  });

const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

const failedRows = async (username: string) =>
  (
    await h.database.db
      .select({ n: count() })
      .from(t.protocol)
      .where(and(eq(t.protocol.type, 'signin_failed'), eq(t.protocol.username, username)))
  )[0]?.n ?? 0;

const throttleRow = async (key: string) =>
  (await h.database.db.select().from(t.loginAttempts).where(eq(t.loginAttempts.key, key)))[0];

describe('the back-off rule', () => {
  it('waits nothing for the first failures, then doubles up to the cap', () => {
    const rule = DEFAULT_THROTTLE.pair;
    expect([3, 4].map((n) => backoffMs(rule, n))).toEqual([0, 0]);
    expect([5, 6, 7, 8, 9].map((n) => backoffMs(rule, n) / 1000)).toEqual([30, 60, 120, 240, 480]);
    expect(backoffMs(rule, 10)).toBe(15 * 60_000);
    expect(backoffMs(rule, 40)).toBe(15 * 60_000);
  });
});

describe('sign-in back-off per (username, address)', () => {
  it('a stranger’s wrong passwords from another address never keep the user out', async () => {
    for (let i = 0; i < 5; i++)
      expect((await signin('admin', `guess-${i}`, '203.0.113.9')).statusCode).toBe(401);
    // The stranger's address now backs off, even with the right password...
    const refused = await signin('admin', DEMO_PASSWORD, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    // ...the admin at its own address signs in at once.
    expect((await signin('admin', DEMO_PASSWORD, '198.51.100.4')).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After, the message key and the wait in the body; the wait grows', async () => {
    const address = '203.0.113.20';
    for (let i = 0; i < 4; i++) expect((await signin('sales', 'wrong', address)).statusCode).toBe(401);
    // The fifth failure starts the back-off.
    expect((await signin('sales', 'wrong', address)).statusCode).toBe(401);
    const first = await signin('sales', DEMO_PASSWORD, address);
    expect(first.statusCode).toBe(429);
    expect(first.json()).toMatchObject({ error: 'too_many_requests', details: { retryAfterSeconds: 30 } });
    expect(retryAfter(first)).toBe(30);

    advance(10_000);
    expect(retryAfter(await signin('sales', 'wrong', address))).toBe(20);
    advance(20_000); // waited out: one more try, which fails and doubles the wait
    expect((await signin('sales', 'wrong', address)).statusCode).toBe(401);
    expect(retryAfter(await signin('sales', 'wrong', address))).toBe(60);
    advance(60_000);
    expect((await signin('sales', 'wrong', address)).statusCode).toBe(401);
    expect(retryAfter(await signin('sales', 'wrong', address))).toBe(120);
    // After the wait the right password works and the pair starts afresh.
    advance(120_000);
    expect((await signin('sales', DEMO_PASSWORD, address)).statusCode).toBe(200);
    expect(await throttleRow(`pair:${address}|sales`)).toBeUndefined();
    expect((await signin('sales', 'wrong', address)).statusCode).toBe(401);
  });

  it('counts refused attempts in the throttle row and protocols only the checked ones', async () => {
    const address = '203.0.113.30';
    const before = await failedRows('kdadmin');
    for (let i = 0; i < 5; i++) await signin('kdadmin', 'wrong', address);
    expect(await failedRows('kdadmin')).toBe(before + 5);
    // The row of the failure that started the back-off says so.
    const [started] = await h.database.db
      .select()
      .from(t.protocol)
      .where(and(eq(t.protocol.username, 'kdadmin'), like(t.protocol.summary, '%wait 30 s%')));
    expect(started?.after).toEqual({ address, backoffSeconds: 30 });

    for (let i = 0; i < 40; i++) expect((await signin('kdadmin', 'wrong', address)).statusCode).toBe(429);
    expect(await failedRows('kdadmin')).toBe(before + 5);
    expect(await throttleRow(`pair:${address}|kdadmin`)).toMatchObject({ failures: 5, refused: 40 });
  });

  it('lets no parallel burst slip past the back-off: each attempt is counted before it is checked', async () => {
    const address = '203.0.113.40';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signin('backoffice', 'wrong', address)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('backs off an address that tries many usernames, for every username, and no other address', async () => {
    const strict = await createTestApp({ now: () => clock, throttle: { address: { free: 3 } } });
    try {
      const post = (username: string, password: string, remoteAddress: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/rest/v2/auth/signin',
          headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          payload: JSON.stringify({ username, password }),
          remoteAddress,
        });
      for (const user of ['user-a', 'user-b', 'user-c'])
        expect((await post(user, 'x', '192.0.2.7')).statusCode).toBe(401);
      expect((await post('staff', DEMO_PASSWORD, '192.0.2.7')).statusCode).toBe(429);
      expect((await post('staff', DEMO_PASSWORD, '192.0.2.8')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('the password change', () => {
  it('is throttled like sign-in, on the same budget per (username, address)', async () => {
    const login = await signin('staff', DEMO_PASSWORD, '203.0.113.50');
    const cookie = `falcon_session=${login.cookies.find((c) => c.name === 'falcon_session')?.value}`;
    const change = (oldPassword: string, remoteAddress: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/rest/v2/profile/password',
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        payload: JSON.stringify({
          oldPassword,
          newPassword: 'new-secret-42',
          newPasswordRepeat: 'new-secret-42',
        }),
        remoteAddress,
      });
    for (let i = 0; i < 4; i++) {
      const wrong = await change(`guess-${i}`, '203.0.113.51');
      expect(wrong.json()).toMatchObject({ error: 'wrong_password', details: { field: 'oldPassword' } });
    }
    // A failed sign-in from that address counts on the same budget: the fifth failure.
    expect((await signin('staff', 'guess', '203.0.113.51')).statusCode).toBe(401);
    const refused = await change(DEMO_PASSWORD, '203.0.113.51');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    expect(retryAfter(refused)).toBe(30);
    expect((await signin('staff', DEMO_PASSWORD, '203.0.113.51')).statusCode).toBe(429);
    // The password is unchanged; from the user's own address the change goes through.
    expect((await change(DEMO_PASSWORD, '203.0.113.50')).statusCode).toBe(200);
    expect((await signin('staff', 'new-secret-42', '203.0.113.52')).statusCode).toBe(200);
    await clientWith(h.app, cookie).post('/api/rest/v2/auth/signout');
  });
});

describe('TRUST_PROXY', () => {
  it('off (the default): X-Forwarded-For is ignored, a client cannot pick its address', async () => {
    for (let i = 0; i < 5; i++)
      await signin('ghost-xff', 'x', '203.0.113.60', { 'x-forwarded-for': `198.51.100.${100 + i}` });
    const spoofed = await signin('ghost-xff', 'x', '203.0.113.60', { 'x-forwarded-for': '198.51.100.200' });
    expect(spoofed.statusCode).toBe(429);
    expect(await throttleRow('pair:203.0.113.60|ghost-xff')).toMatchObject({ failures: 5 });
  });

  it('naming the proxy: the address it forwards counts, a hop it does not know is not believed', async () => {
    const proxied = await createTestApp({ now: () => clock, trustProxy: ['10.1.0.0/16'] });
    try {
      const post = (remoteAddress: string, forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/rest/v2/auth/signin',
          headers: {
            'x-requested-with': 'XMLHttpRequest',
            'content-type': 'application/json',
            'x-forwarded-for': forwardedFor,
          },
          payload: JSON.stringify({ username: 'nobody', password: 'x' }),
          remoteAddress,
        });
      await post('10.1.2.3', '198.51.100.7');
      await post('203.0.113.70', '198.51.100.8');
      const keys = (await proxied.database.db.select().from(t.loginAttempts)).map((r) => r.key).sort();
      expect(keys).toEqual([
        'addr:198.51.100.7',
        'addr:203.0.113.70',
        'pair:198.51.100.7|nobody',
        'pair:203.0.113.70|nobody',
      ]);
    } finally {
      await proxied.close();
    }
  });

  it('a number of hops believes that many hops of X-Forwarded-For, whoever sends it', async () => {
    const oneHop = await createTestApp({ now: () => clock, trustProxy: 1 });
    try {
      await oneHop.app.inject({
        method: 'POST',
        url: '/api/rest/v2/auth/signin',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/json',
          'x-forwarded-for': '198.51.100.1, 198.51.100.9',
        },
        payload: JSON.stringify({ username: 'nobody', password: 'x' }),
        remoteAddress: '10.2.0.1',
      });
      const keys = (await oneHop.database.db.select().from(t.loginAttempts)).map((r) => r.key).sort();
      expect(keys).toEqual(['addr:198.51.100.9', 'pair:198.51.100.9|nobody']);
    } finally {
      await oneHop.close();
    }
  });
});
