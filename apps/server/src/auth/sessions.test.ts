import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/harness';

/** A clock the test moves: hours pass without waiting. */
let clock = new Date('2026-11-25T06:00:00Z');
const advanceMinutes = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
let h: TestApp;
let shortLived: TestApp;
beforeAll(async () => {
  h = await createTestApp({ now: () => clock });
  shortLived = await createTestApp({ now: () => clock, sessionMaxMs: 2 * 3_600_000 });
});
afterAll(async () => {
  await h.close();
  await shortLived.close();
});

describe('the absolute session lifetime', () => {
  it('ends a session 12 hours after sign-in by default, however active it stays', async () => {
    const admin = await signIn(h.app, 'admin');
    // Active every 30 minutes: never idle long enough for the idle timeout.
    for (let elapsed = 0; elapsed < 11 * 60 + 30; elapsed += 30) {
      advanceMinutes(30);
      expect((await admin.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    }
    advanceMinutes(29); // 11 h 59 min after sign-in
    expect((await admin.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    advanceMinutes(2);
    const ended = await admin.get('/api/rest/v2/auth/session');
    expect([ended.statusCode, ended.json().error]).toEqual([401, 'unauthorized']);
    // A new sign-in starts a new lifetime.
    expect((await (await signIn(h.app, 'admin')).get('/api/rest/v2/auth/session')).statusCode).toBe(200);
  });

  it('is configurable (SESSION_MAX_HOURS)', async () => {
    const admin = await signIn(shortLived.app, 'admin');
    for (let i = 0; i < 3; i++) {
      advanceMinutes(39);
      expect((await admin.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    }
    advanceMinutes(4); // 2 h 1 min
    expect((await admin.get('/api/rest/v2/auth/session')).statusCode).toBe(401);
  });
});
