import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWith, createTestApp, signIn, type TestApp } from '../../test/harness';
import * as t from '../db/schema';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const attempt = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  h.app.inject({
    method: 'POST',
    url: '/api/rest/v2/auth/signin',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
    remoteAddress,
  });

const lastProtocol = async () =>
  (await h.database.db.select().from(t.protocol).orderBy(desc(t.protocol.seq)).limit(1))[0];

describe('sign-in', () => {
  it('refuses a wrong password, then accepts the right one with a safe session cookie', async () => {
    const wrong = await attempt('kdadmin', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'login_failed' });
    expect((await lastProtocol())?.type).toBe('signin_failed');

    const right = await attempt('kdadmin', 'demo1234');
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ username: 'kdadmin', roles: ['KD_ADMIN'], impersonatedBy: null });
    expect(right.json().permissions).toContain('PERM_CREATEUSER');
    const cookie = String(right.headers['set-cookie']);
    expect(cookie).toMatch(/^falcon_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect((await lastProtocol())?.type).toBe('signin');
  });

  it('answers an unknown user exactly like a wrong password (no enumeration)', async () => {
    const unknown = await attempt('no-such-user', 'demo1234');
    const wrong = await attempt('sales', 'wrong-password');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('throttles an unknown username exactly like a known one (no enumeration through the back-off)', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('ghost-user', `bad-${i}`, '10.0.3.1')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await attempt('backoffice', `bad-${i}`, '10.0.3.1')).statusCode).toBe(401);
    const ghost = await attempt('ghost-user', 'x', '10.0.3.1');
    const known = await attempt('backoffice', 'x', '10.0.3.1');
    // The same answer (the wait may differ by the second that passed between them).
    for (const res of [ghost, known]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        error: 'too_many_requests',
        details: { retryAfterSeconds: expect.any(Number) },
      });
    }
  });
});

describe('sessions', () => {
  it('sign-out invalidates the cookie', async () => {
    const staff = await signIn(h.app, 'staff');
    expect((await staff.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    const out = await staff.post('/api/rest/v2/auth/signout');
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/falcon_session=;/);
    const after = await staff.get('/api/rest/v2/auth/session');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('expires after the user’s idle timeout and slides while in use', async () => {
    const staff = await signIn(h.app, 'staff'); // sessionTimeoutMinutes 30
    const [session] = await h.database.db
      .select()
      .from(t.sessions)
      .orderBy(desc(t.sessions.createdAt))
      .limit(1);
    const back = (minutes: number) =>
      h.database.db
        .update(t.sessions)
        .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(t.sessions.id, session!.id));
    await back(29);
    expect((await staff.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    // The request above moved last_seen_at to now: 29 more minutes are still fine.
    const [touched] = await h.database.db.select().from(t.sessions).where(eq(t.sessions.id, session!.id));
    expect(Date.now() - touched!.lastSeenAt.getTime()).toBeLessThan(60_000);
    await back(31);
    expect((await staff.get('/api/rest/v2/auth/session')).statusCode).toBe(401);
    expect(await h.database.db.select().from(t.sessions).where(eq(t.sessions.id, session!.id))).toHaveLength(
      0,
    );
  });

  it('never stores the cookie token itself', async () => {
    const staff = await signIn(h.app, 'staff');
    const token = staff.cookie.split('=')[1] as string;
    expect(await h.database.db.select().from(t.sessions).where(eq(t.sessions.id, token))).toHaveLength(0);
  });
});

describe('impersonation', () => {
  it('lets an ADMIN continue as another user, protocolled', async () => {
    const admin = await signIn(h.app, 'admin');
    const res = await admin.post('/api/rest/v2/auth/impersonate', { username: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'staff', impersonatedBy: 'admin' });
    const entry = await lastProtocol();
    expect(entry).toMatchObject({ type: 'impersonate', username: 'admin' });
    // The admin's own session ended; the new cookie is the staff session.
    expect((await admin.get('/api/rest/v2/auth/session')).statusCode).toBe(401);
    const cookie = res.cookies.find((c) => c.name === 'falcon_session')!;
    const asStaff = clientWith(h.app, `falcon_session=${cookie.value}`);
    expect((await asStaff.get('/api/rest/v2/auth/session')).json()).toMatchObject({ username: 'staff' });
  });

  it('is refused to everyone else, and the refusal is protocolled', async () => {
    const kdadmin = await signIn(h.app, 'kdadmin');
    const res = await kdadmin.post('/api/rest/v2/auth/impersonate', { username: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden', details: { missing: ['PERM_IMPERSONATE'] } });
    expect(await lastProtocol()).toMatchObject({ type: 'permission_denied', username: 'kdadmin' });
  });
});

describe('profile', () => {
  it('changes the own password only with the old one and a matching repeat', async () => {
    const sales = await signIn(h.app, 'sales');
    const wrongOld = await sales.post('/api/rest/v2/profile/password', {
      oldPassword: 'nope',
      newPassword: 'new-secret-42',
      newPasswordRepeat: 'new-secret-42',
    });
    expect(wrongOld.json()).toMatchObject({ error: 'wrong_password', details: { field: 'oldPassword' } });
    const different = await sales.post('/api/rest/v2/profile/password', {
      oldPassword: 'demo1234',
      newPassword: 'new-secret-42',
      newPasswordRepeat: 'new-secret-43',
    });
    expect(different.json()).toMatchObject({ error: 'passwords_different' });
    const ok = await sales.post('/api/rest/v2/profile/password', {
      oldPassword: 'demo1234',
      newPassword: 'new-secret-42',
      newPasswordRepeat: 'new-secret-42',
    });
    expect(ok.statusCode).toBe(200);
    expect((await attempt('sales', 'demo1234', '10.9.9.9')).statusCode).toBe(401);
    expect((await attempt('sales', 'new-secret-42', '10.9.9.9')).statusCode).toBe(200);
  });

  it('stores the interface language', async () => {
    const staff = await signIn(h.app, 'staff');
    const res = await staff.post('/api/rest/v2/profile/language', { language: 'pl' });
    expect(res.json()).toMatchObject({ language: 'pl' });
    expect((await staff.get('/api/rest/v2/auth/session')).json()).toMatchObject({ language: 'pl' });
  });
});
