import { desc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientWith, createTestApp, signIn, type TestApp } from '../../test/harness';
import { pngBarcodes } from '../../test/pdf-readback';
import { softPasskey } from '../../test/webauthn';
import { DEVELOPMENT_TOTP_KEY } from '../auth/oidc-secrets';
import { encryptPlainTotpSecrets } from '../auth/second-factor';
import * as t from '../db/schema';
import { sha256 } from '../ids';

/**
 * The second factor (issue 18): TOTP with replay protection, one-time recovery codes, passkeys as a
 * second factor and password-less, the role policy that leads to enrolment, the administrator's reset,
 * and the back-off of the second step.
 */

const ORIGIN = 'https://falcon.test';
let h: TestApp;
/** The app's clock: TOTP codes are those of its time step. */
let clock = new Date();
beforeAll(async () => {
  h = await createTestApp({ now: () => clock, publicOrigin: ORIGIN });
});
afterAll(() => h.close());
beforeEach(async () => {
  // Every test starts in a fresh 30-second step (a code of an earlier test is never this one's), with
  // nobody holding a factor and no back-off running.
  clock = new Date(Math.ceil((clock.getTime() + 1) / 30_000) * 30_000 + 5_000);
  const db = h.database.db;
  await db.delete(t.totpFactors);
  await db.delete(t.passkeys);
  await db.delete(t.recoveryCodes);
  await db.delete(t.authChallenges);
  await db.delete(t.loginAttempts);
});

const API = '/api/rest/v2';
const headers = (cookie?: string, json = true) => ({
  'x-requested-with': 'XMLHttpRequest',
  ...(json ? { 'content-type': 'application/json' } : {}),
  ...(cookie ? { cookie } : {}),
});
const post = (url: string, body: unknown, cookie?: string, remoteAddress = '127.0.0.1') =>
  h.app.inject({
    method: 'POST',
    url: `${API}${url}`,
    headers: headers(cookie, body !== undefined),
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    remoteAddress,
  });
const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const found = res.cookies.find((c) => c.name === name);
  return found?.value ? `${name}=${found.value}` : undefined;
};
const codeAt = (secret: string, at = clock) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
const userId = async (username: string) =>
  (await h.database.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, username)))[0]
    ?.id ?? '';
const lastProtocol = async () =>
  (await h.database.db.select().from(t.protocol).orderBy(desc(t.protocol.seq)).limit(1))[0];

/** The password step: the answer and the pending cookie it set. */
const password = async (username: string, remoteAddress?: string) => {
  const res = await post('/auth/signin', { username, password: 'demo1234' }, undefined, remoteAddress);
  expect(res.statusCode).toBe(200);
  return { res, pending: cookieOf(res, 'falcon_pending') };
};

/** Enrols a TOTP on the profile of a signed-in user; its secret and the recovery codes. */
const enrolTotp = async (username: string) => {
  const client = await signIn(h.app, username);
  const setup = await client.post(`${API}/profile/security/totp`);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirmed = await client.post(`${API}/profile/security/totp/confirm`, { code: await codeAt(secret) });
  expect(confirmed.statusCode).toBe(200);
  return { client, secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
};

describe('TOTP', () => {
  it('enrols by a QR code of the otpauth URI and asks for a code after the password from then on', async () => {
    const client = await signIn(h.app, 'kdadmin');
    const setup = await client.post(`${API}/profile/security/totp`);
    const { secret, uri, qrSvg } = setup.json() as { secret: string; uri: string; qrSvg: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/Falcon:kdadmin\?/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    // The QR code a phone scans holds exactly that URI.
    const png = await sharp(Buffer.from(qrSvg), { density: 300 })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    expect((await pngBarcodes(png, ['QRCode'])).map((b) => b.text)).toEqual([uri]);

    // Not a factor until confirmed: the sign-in still needs only the password.
    expect((await password('kdadmin')).res.json()).toHaveProperty('username', 'kdadmin');
    const wrong = await client.post(`${API}/profile/security/totp/confirm`, {
      code: '000000' === (await codeAt(secret)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'second_factor_failed', details: { field: 'code' } });
    const confirmed = await client.post(`${API}/profile/security/totp/confirm`, {
      code: await codeAt(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await lastProtocol())?.params).toMatchObject({ event: 'secondFactorEnrolled' });

    const status = await client.get(`${API}/profile/security`);
    expect(status.json()).toEqual({ required: false, totp: true, passkeys: [], recoveryCodesLeft: 10 });

    clock = new Date(clock.getTime() + 30_000);
    const { res, pending } = await password('kdadmin');
    expect(res.json()).toEqual({ secondFactor: { stage: 'verify', methods: ['totp', 'recovery'] } });
    expect(cookieOf(res, 'falcon_session')).toBeUndefined();
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/falcon_pending=[\w-]{40,};/);
    for (const part of ['Max-Age=300', 'Path=/api/rest/v2/auth', 'HttpOnly', 'SameSite=Strict'])
      expect(set).toContain(part);
    // The pending sign-in is no session, and the database keeps only its hash.
    const token = (pending ?? '').split('=')[1] ?? '';
    expect((await clientWith(h.app, `falcon_session=${token}`).get(`${API}/auth/session`)).statusCode).toBe(
      401,
    );
    const rows = await h.database.db
      .select()
      .from(t.authChallenges)
      .where(eq(t.authChallenges.id, sha256(token)));
    expect(rows).toHaveLength(1);

    const done = await post('/auth/second-factor', { method: 'totp', code: await codeAt(secret) }, pending);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ username: 'kdadmin' });
    const session = cookieOf(done, 'falcon_session');
    expect((await clientWith(h.app, session ?? '').get(`${API}/auth/session`)).statusCode).toBe(200);
    expect((await lastProtocol())?.type).toBe('signin');
    // The pending sign-in answered once.
    expect(
      (await post('/auth/second-factor', { method: 'totp', code: await codeAt(secret) }, pending)).statusCode,
    ).toBe(401);
  });

  it('refuses a replayed code, also in a later sign-in within the same time step, and an older one', async () => {
    const { secret } = await enrolTotp('backoffice');
    clock = new Date(clock.getTime() + 30_000);
    const code = await codeAt(secret);
    const first = await password('backoffice');
    expect((await post('/auth/second-factor', { method: 'totp', code }, first.pending)).statusCode).toBe(200);

    // Someone who saw the code (over the shoulder, a phishing proxy) and knows the password.
    const second = await password('backoffice');
    const replay = await post('/auth/second-factor', { method: 'totp', code }, second.pending);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'second_factor_failed' });
    expect((await lastProtocol())?.params).toMatchObject({ event: 'secondFactorFailed' });
    // The previous step's code lies within the drift tolerance, but before the used one: refused too.
    const older = await codeAt(secret, new Date(clock.getTime() - 30_000));
    expect(
      (await post('/auth/second-factor', { method: 'totp', code: older }, second.pending)).statusCode,
    ).toBe(401);

    clock = new Date(clock.getTime() + 30_000);
    const next = await post(
      '/auth/second-factor',
      { method: 'totp', code: await codeAt(secret) },
      second.pending,
    );
    expect(next.statusCode).toBe(200);
  });

  it('lets two racing answers with the same code open one session only', async () => {
    const { secret } = await enrolTotp('sales');
    clock = new Date(clock.getTime() + 30_000);
    const code = await codeAt(secret);
    const a = await password('sales');
    const b = await password('sales');
    const answers = await Promise.all([
      post('/auth/second-factor', { method: 'totp', code }, a.pending),
      post('/auth/second-factor', { method: 'totp', code }, b.pending),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('ends the pending sign-in after five minutes', async () => {
    const { secret } = await enrolTotp('staff');
    clock = new Date(clock.getTime() + 30_000);
    const { pending } = await password('staff');
    clock = new Date(clock.getTime() + 5 * 60_000 + 1_000);
    const late = await post('/auth/second-factor', { method: 'totp', code: await codeAt(secret) }, pending);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: 'second_factor_expired' });
  });
});

describe('TOTP secrets at rest', () => {
  const stored = async (username: string) =>
    (
      await h.database.db
        .select()
        .from(t.totpFactors)
        .where(eq(t.totpFactors.userId, await userId(username)))
    )[0];
  const signInWithTotp = async (username: string, secret: string) => {
    clock = new Date(clock.getTime() + 30_000);
    const { pending } = await password(username);
    return (await post('/auth/second-factor', { method: 'totp', code: await codeAt(secret) }, pending))
      .statusCode;
  };

  it('are stored encrypted, pending and confirmed, and a secret copied to another user does not open', async () => {
    const client = await signIn(h.app, 'kdadmin');
    const { secret } = (await client.post(`${API}/profile/security/totp`)).json() as { secret: string };
    const pending = await stored('kdadmin');
    expect(pending?.pendingSecret).toMatch(/^v1\./);
    expect(pending?.pendingSecret).not.toContain(secret);
    await client.post(`${API}/profile/security/totp/confirm`, { code: await codeAt(secret) });
    const row = await stored('kdadmin');
    expect(row?.secret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await signInWithTotp('kdadmin', secret)).toBe(200);

    // Bound to its user: kdadmin's stored secret in staff's row opens nothing.
    await enrolTotp('staff');
    await h.database.db
      .update(t.totpFactors)
      .set({ secret: row?.secret ?? null, lastTimeStep: null })
      .where(eq(t.totpFactors.userId, await userId('staff')));
    expect(await signInWithTotp('staff', secret)).toBe(401);
  });

  it('left readable by an earlier version, are encrypted by the next start and keep working', async () => {
    const { secret } = await enrolTotp('sales');
    // As an earlier version stored it.
    await h.database.db
      .update(t.totpFactors)
      .set({ secret })
      .where(eq(t.totpFactors.userId, await userId('sales')));
    // What a start does (server.ts) before it serves.
    expect(await encryptPlainTotpSecrets(h.database.db, DEVELOPMENT_TOTP_KEY)).toBe(1);
    expect(await encryptPlainTotpSecrets(h.database.db, DEVELOPMENT_TOTP_KEY)).toBe(0);
    const row = await stored('sales');
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(secret);
    expect(await signInWithTotp('sales', secret)).toBe(200);
  });
});

describe('recovery codes', () => {
  it('sign in once each, in any case and with or without dashes', async () => {
    const { recoveryCodes } = await enrolTotp('kdadmin');
    const [code] = recoveryCodes as [string];
    const first = await password('kdadmin');
    const used = await post(
      '/auth/second-factor',
      { method: 'recovery', code: code.toUpperCase() },
      first.pending,
    );
    expect(used.statusCode).toBe(200);

    const again = await password('kdadmin');
    const twice = await post(
      '/auth/second-factor',
      { method: 'recovery', code: code.replaceAll('-', '') },
      again.pending,
    );
    expect(twice.statusCode).toBe(401);
    expect((await lastProtocol())?.params).toMatchObject({ event: 'recoveryCodeFailed' });
    const other = await post(
      '/auth/second-factor',
      { method: 'recovery', code: recoveryCodes[1] },
      again.pending,
    );
    expect(other.statusCode).toBe(200);
    const status = await clientWith(h.app, cookieOf(other, 'falcon_session') ?? '').get(
      `${API}/profile/security`,
    );
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('are stored as hashes only, and new ones replace the old', async () => {
    const { client, recoveryCodes } = await enrolTotp('kdadmin');
    const stored = await h.database.db
      .select()
      .from(t.recoveryCodes)
      .where(eq(t.recoveryCodes.userId, await userId('kdadmin')));
    const kept = JSON.stringify(stored);
    for (const code of recoveryCodes) {
      expect(kept).not.toContain(code);
      expect(kept).not.toContain(code.replaceAll('-', ''));
    }
    const renewed = await client.post(`${API}/profile/security/recovery-codes`);
    expect(renewed.statusCode).toBe(200);
    const { pending } = await password('kdadmin');
    expect(
      (await post('/auth/second-factor', { method: 'recovery', code: recoveryCodes[2] }, pending)).statusCode,
    ).toBe(401);
    const fresh = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes[0];
    expect((await post('/auth/second-factor', { method: 'recovery', code: fresh }, pending)).statusCode).toBe(
      200,
    );
  });
});

describe('the back-off of the second step', () => {
  it('answers 429 after five wrong codes for the user, and then does not even check a right one', async () => {
    const { secret } = await enrolTotp('sales');
    clock = new Date(clock.getTime() + 30_000);
    const { pending } = await password('sales', '10.9.0.1');
    const right = await codeAt(secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/auth/second-factor', { method: 'totp', code: wrongCode }, pending, '10.9.0.1'))
          .statusCode,
      ).toBe(401);
    const refused = await post('/auth/second-factor', { method: 'totp', code: right }, pending, '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // A new sign-in from elsewhere does not escape it: the back-off is per user.
    const elsewhere = await password('sales', '10.9.0.2');
    expect(
      (await post('/auth/second-factor', { method: 'totp', code: right }, elsewhere.pending, '10.9.0.2'))
        .statusCode,
    ).toBe(429);
    clock = new Date(clock.getTime() + 31_000);
    const later = await password('sales', '10.9.0.2');
    expect(
      (
        await post(
          '/auth/second-factor',
          { method: 'totp', code: await codeAt(secret) },
          later.pending,
          '10.9.0.2',
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('the role policy', () => {
  it('leads a user whose role requires a factor to enrol one right after the password', async () => {
    await h.database.db
      .update(t.roles)
      .set({ secondFactorRequired: true })
      .where(eq(t.roles.rolename, 'KD_USER'));
    try {
      await h.database.db.delete(t.totpFactors).where(eq(t.totpFactors.userId, await userId('staff')));
      const { res, pending } = await password('staff');
      expect(res.json()).toEqual({ secondFactor: { stage: 'enrol', methods: [] } });
      // The enrolment's pending sign-in answers no code and opens nothing else.
      expect(
        (await post('/auth/second-factor', { method: 'totp', code: '123456' }, pending)).statusCode,
      ).toBe(401);
      const setup = await post('/auth/enrol/totp', undefined, pending);
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json() as { secret: string };
      const done = await post('/auth/enrol/totp/confirm', { code: await codeAt(secret) }, pending);
      expect(done.statusCode).toBe(200);
      const body = done.json() as { session: { username: string }; recoveryCodes: string[] };
      expect(body.session.username).toBe('staff');
      expect(body.recoveryCodes).toHaveLength(10);
      const client = clientWith(h.app, cookieOf(done, 'falcon_session') ?? '');
      expect((await client.get(`${API}/profile/security`)).json()).toMatchObject({
        required: true,
        totp: true,
      });
      // The last factor of a required role stays.
      const remove = await client.del(`${API}/profile/security/totp`);
      expect(remove.statusCode).toBe(409);
      expect(remove.json()).toMatchObject({ error: 'second_factor_required' });

      clock = new Date(clock.getTime() + 30_000);
      expect((await password('staff')).res.json()).toEqual({
        secondFactor: { stage: 'verify', methods: ['totp', 'recovery'] },
      });
    } finally {
      await h.database.db
        .update(t.roles)
        .set({ secondFactorRequired: false })
        .where(eq(t.roles.rolename, 'KD_USER'));
    }
  });

  it('is on for ADMIN and BACKOFFICE on a production start', async () => {
    const { bootstrapAdmin } = await import('../db/seed');
    const fresh = await createTestApp();
    try {
      const db = fresh.database.db;
      await db
        .delete(t.roles)
        .where(inArray(t.roles.rolename, ['ADMIN', 'BACKOFFICE', 'SALESFORCE', 'KD_ADMIN', 'KD_USER']));
      await bootstrapAdmin(db, { username: 'first.admin', password: 'a-long-password-1' });
      const roles = await db
        .select({ rolename: t.roles.rolename, required: t.roles.secondFactorRequired })
        .from(t.roles);
      expect(Object.fromEntries(roles.map((r) => [r.rolename, r.required]))).toMatchObject({
        ADMIN: true,
        BACKOFFICE: true,
        SALESFORCE: false,
        KD_ADMIN: false,
        KD_USER: false,
      });
      const res = await fresh.app.inject({
        method: 'POST',
        url: `${API}/auth/signin`,
        headers: headers(),
        payload: JSON.stringify({ username: 'first.admin', password: 'a-long-password-1' }),
      });
      expect(res.json()).toEqual({ secondFactor: { stage: 'enrol', methods: [] } });
    } finally {
      await fresh.close();
    }
  });
});

describe('passkeys', () => {
  const register = async (username: string, name = 'Laptop') => {
    const client = await signIn(h.app, username);
    const key = softPasskey();
    const options = await client.post(`${API}/profile/security/passkey/options`);
    expect(options.statusCode).toBe(200);
    const o = options.json() as {
      challenge: string;
      rp: { id: string };
      authenticatorSelection: { residentKey: string };
    };
    expect(o.rp.id).toBe('falcon.test');
    expect(o.authenticatorSelection.residentKey).toBe('required');
    const res = await client.post(`${API}/profile/security/passkey`, {
      name,
      credential: key.register(o, ORIGIN),
    });
    expect(res.statusCode).toBe(201);
    return { client, key, res };
  };

  const options = async (purpose: 'second-factor' | 'sign-in', cookie?: string) => {
    const res = await post('/auth/passkey/options', { purpose }, cookie);
    expect(res.statusCode).toBe(200);
    return {
      options: res.json() as { challenge: string; rpId: string; allowCredentials?: { id: string }[] },
      pending: cookieOf(res, 'falcon_pending') ?? cookie,
    };
  };

  it('registers a passkey and answers the second step with it', async () => {
    const { key, res } = await register('sales', 'Phone');
    expect(res.json()).toMatchObject({ passkey: { id: key.id, name: 'Phone', lastUsedAt: null } });
    const first = await password('sales');
    expect(first.res.json()).toMatchObject({ secondFactor: { stage: 'verify' } });
    expect((first.res.json() as { secondFactor: { methods: string[] } }).secondFactor.methods).toContain(
      'passkey',
    );
    const { options: o } = await options('second-factor', first.pending);
    expect(o.allowCredentials?.map((c) => c.id)).toContain(key.id);
    const done = await post('/auth/passkey', { credential: key.assert(o, ORIGIN) }, first.pending);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ username: 'sales' });
  });

  it('signs in without a password, the passkey naming its user', async () => {
    const { key } = await register('kdadmin', 'Key');
    const { options: o, pending } = await options('sign-in');
    expect(o.allowCredentials ?? []).toEqual([]);
    const assertion = key.assert(o, ORIGIN);
    const done = await post('/auth/passkey', { credential: assertion }, pending);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ username: 'kdadmin' });
    // The same assertion again: its challenge answered once.
    const replay = await post('/auth/passkey', { credential: assertion }, pending);
    expect(replay.statusCode).toBe(401);
  });

  it('refuses an assertion over another challenge, for another origin, without user verification, or of another user', async () => {
    const { key } = await register('backoffice', 'Key');
    const other = (await register('staff', 'Other')).key;

    const a = await options('sign-in');
    const wrongChallenge = key.assert(
      { ...a.options, challenge: Buffer.from('not-the-challenge').toString('base64url') },
      ORIGIN,
    );
    expect((await post('/auth/passkey', { credential: wrongChallenge }, a.pending)).statusCode).toBe(401);

    const b = await options('sign-in');
    const phishing = key.assert(b.options, 'https://falcon-login.example');
    expect((await post('/auth/passkey', { credential: phishing }, b.pending)).statusCode).toBe(401);

    const c = await options('sign-in');
    const notVerified = key.assert(c.options, ORIGIN, { userVerified: false });
    expect((await post('/auth/passkey', { credential: notVerified }, c.pending)).statusCode).toBe(401);

    // The second step of backoffice answered with staff's own (valid) passkey.
    const step = await password('backoffice');
    const d = await options('second-factor', step.pending);
    const foreign = other.assert(d.options, ORIGIN);
    const refused = await post('/auth/passkey', { credential: foreign }, step.pending);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'second_factor_failed' });

    // A right one moves the signature counter; a copy of the key answering with an older count is refused.
    const e = await options('sign-in');
    expect(
      (await post('/auth/passkey', { credential: key.assert(e.options, ORIGIN, { counter: 7 }) }, e.pending))
        .statusCode,
    ).toBe(200);
    const f = await options('sign-in');
    const cloned = key.assert(f.options, ORIGIN, { counter: 5 });
    expect((await post('/auth/passkey', { credential: cloned }, f.pending)).statusCode).toBe(401);
  });

  it('removes a passkey; the last factor gone, its recovery codes go too', async () => {
    const { client, key, res } = await register('kdadmin', 'Old key');
    expect((res.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect((await client.get(`${API}/profile/security`)).json()).toMatchObject({ recoveryCodesLeft: 10 });
    expect((await client.del(`${API}/profile/security/passkey/${key.id}`)).statusCode).toBe(200);
    expect((await lastProtocol())?.params).toMatchObject({ event: 'secondFactorRemoved' });
    expect((await client.get(`${API}/profile/security`)).json()).toEqual({
      required: false,
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    expect((await client.del(`${API}/profile/security/passkey/${key.id}`)).statusCode).toBe(404);
    expect((await password('kdadmin')).res.json()).toHaveProperty('username', 'kdadmin');
  });
});

describe("the administrator's reset", () => {
  it('removes every factor of a user, protocolled; the user signs in with the password alone', async () => {
    await enrolTotp('staff');
    const admin = await signIn(h.app, 'admin');
    const reset = await admin.post(`${API}/user/staff/second-factor/reset`);
    expect(reset.statusCode).toBe(200);
    const entry = await lastProtocol();
    expect(entry).toMatchObject({
      type: 'update',
      username: 'admin',
      params: { event: 'secondFactorReset' },
    });
    expect(entry?.before).toMatchObject({ totp: true, recoveryCodes: 10 });
    expect((await password('staff')).res.json()).toHaveProperty('username', 'staff');
  });

  it('is refused for a user the caller does not administer, and without PERM_CREATEUSER', async () => {
    const kdadmin = await signIn(h.app, 'kdadmin');
    expect((await kdadmin.post(`${API}/user/admin/second-factor/reset`)).statusCode).toBe(404);
    const staff = await signIn(h.app, 'staff');
    expect((await staff.post(`${API}/user/kdadmin/second-factor/reset`)).statusCode).toBe(403);
  });
});
