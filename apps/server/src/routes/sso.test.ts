import { createHash } from 'node:crypto';
import { signInAtProvider, startTestProvider, type TestProvider } from '@falcon/test-oidc-provider';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, clientWith, createTestApp, signIn, type TestApp } from '../../test/harness';
import * as t from '../db/schema';

// Single sign-on against a real OpenID provider (oidc-provider) started here, on a free port.
const APP = 'http://falcon.test';
const REDIRECT_URI = `${APP}/login/sso`;
/** C001 is the demo customer's concern (kdadmin, staff); C002 another customer's. */
const A = 'C001';
const B = 'C002';

let t0: TestApp;
let idp: TestProvider;
let admin: Client;

const settingsFor = (overrides: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  clientId: 'falcon-a',
  clientSecret: 'secret-a',
  emailDomains: ['acme.example'],
  roleClaim: 'groups',
  roleMapping: [
    { claimValue: 'bin-admins', role: 'KD_ADMIN' },
    { claimValue: 'staff', role: 'KD_USER' },
  ],
  defaultRole: null,
  passwordSignIn: true,
  ...overrides,
});

const post = (url: string, body: unknown, cookie?: string, remoteAddress?: string) =>
  t0.app.inject({
    method: 'POST',
    url,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify(body),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${name}=${c.value}` : undefined;
};

/** Starts a sign-in in a browser (its `falcon_sso` cookie), as the login page does. */
const start = async (email: string, browser?: string, redirect?: string) => {
  const res = await post('/api/rest/v2/sso/start', { email, ...(redirect ? { redirect } : {}) }, browser);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url as string);
  return { url, browser: cookieOf(res, 'falcon_sso') ?? (browser as string) };
};

/** What the callback page posts: the query the provider sent the browser back with. */
const answerOf = (back: URL) => ({
  state: back.searchParams.get('state') as string,
  code: back.searchParams.get('code') as string,
  iss: back.searchParams.get('iss') as string,
});

const callback = (answer: Record<string, string>, browser?: string, remoteAddress?: string) =>
  post('/api/rest/v2/sso/callback', answer, browser, remoteAddress);

/** The protocol's entries of refused single sign-ons (newest last). */
const ssoFailures = async () =>
  (
    await t0.database.db
      .select()
      .from(t.protocol)
      .where(and(eq(t.protocol.type, 'signin_failed'), eq(t.protocol.objectType, 'concernSso')))
      .orderBy(t.protocol.seq)
  ).map((e) => ({ ...e, words: e.params?.values as Record<string, unknown> }));

/** A whole sign-in of `login` at the provider for `email`'s concern: the callback's answer. */
const ssoSignIn = async (email: string, login: string, redirect?: string) => {
  const s = await start(email, undefined, redirect);
  const back = await signInAtProvider(s.url.href, login);
  return callback(answerOf(back), s.browser);
};

const sessionClient = (res: LightMyRequestResponse) =>
  clientWith(t0.app, cookieOf(res, 'falcon_session') as string);

beforeAll(async () => {
  idp = await startTestProvider([
    { client_id: 'falcon-a', client_secret: 'secret-a', redirect_uris: [REDIRECT_URI] },
    { client_id: 'falcon-b', client_secret: 'secret-b', redirect_uris: [REDIRECT_URI] },
  ]);
  idp.accounts.set('alice', {
    email: 'alice@acme.example',
    email_verified: true,
    given_name: 'Alice',
    family_name: 'Ahlberg',
    locale: 'en',
    groups: ['bin-admins'],
  });
  idp.accounts.set('bob', { email: 'bob@acme.example', groups: ['staff'] });
  idp.accounts.set('nobody', { email: 'nobody@acme.example', groups: ['canteen'] });
  idp.accounts.set('carol', { email: 'carol@beta.example', groups: ['staff'] });
  t0 = await createTestApp({ sso: { publicUrl: APP } });
  admin = await signIn(t0.app, 'admin');
  const res = await admin.post(`/api/rest/v2/concern/${A}/sso`, settingsFor());
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => {
  await t0?.close();
  await idp?.close();
});

describe('settings', () => {
  it('keeps the client secret encrypted and never answers with it', async () => {
    const res = await admin.get(`/api/rest/v2/concern/${A}/sso`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.redirectUri).toBe(REDIRECT_URI);
    expect(body.settings).toMatchObject({ issuer: idp.issuer, clientId: 'falcon-a', hasClientSecret: true });
    expect(res.body).not.toContain('secret-a');
    const [row] = await t0.database.db.select().from(t.concernSso).where(eq(t.concernSso.concernCode, A));
    expect(row?.clientSecretEncrypted).toMatch(/^v1\./);
    expect(row?.clientSecretEncrypted).not.toContain('secret-a');
    const entries = await t0.database.db
      .select()
      .from(t.protocol)
      .where(eq(t.protocol.objectType, 'concernSso'));
    expect(entries.some((e) => e.params?.event === 'ssoConfigured' && e.objectId === A)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('secret-a');
  });

  it('is for administrators only: a customer admin of the concern gets 403', async () => {
    const kdadmin = await signIn(t0.app, 'kdadmin');
    expect((await kdadmin.get(`/api/rest/v2/concern/${A}/sso`)).statusCode).toBe(403);
    expect((await kdadmin.post(`/api/rest/v2/concern/${A}/sso`, settingsFor())).statusCode).toBe(403);
  });

  it('refuses what would break sign-in or tenancy, naming the field', async () => {
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [{ roleMapping: [{ claimValue: 'x', role: 'NO_SUCH_ROLE' }] }, 400, 'validation_error', 'roleMapping'],
      // A customer's provider may never mint administrators or internal staff.
      [{ roleMapping: [{ claimValue: 'x', role: 'ADMIN' }] }, 403, 'permission_not_held', 'roleMapping'],
      [{ defaultRole: 'BACKOFFICE' }, 403, 'permission_not_held', 'defaultRole'],
      [{ issuer: 'http://idp.example.com' }, 400, 'validation_error', 'issuer'],
      [{ issuer: 'http://127.0.0.1:9/' }, 400, 'sso_issuer_unreachable', 'issuer'],
      [{ emailDomains: ['not a domain'] }, 400, 'validation_error', undefined],
    ];
    for (const [change, status, key, field] of cases) {
      const res = await admin.post(
        `/api/rest/v2/concern/${B}/sso`,
        settingsFor({ emailDomains: ['beta.example'], ...change }),
      );
      expect([res.statusCode, res.json().error], JSON.stringify(change)).toEqual([status, key]);
      if (field) expect(res.json().details?.field).toBe(field);
    }
    // A domain belongs to one concern.
    const taken = await admin.post(`/api/rest/v2/concern/${B}/sso`, settingsFor({ clientId: 'falcon-b' }));
    expect([taken.statusCode, taken.json().error]).toEqual([409, 'sso_domain_taken']);
    expect((await admin.get(`/api/rest/v2/concern/${B}/sso`)).json().settings).toBeNull();
  });
});

describe('sign-in through the provider', () => {
  it('provisions the user within the concern with the mapped role and lands where they wanted', async () => {
    const s = await start('Alice@ACME.example', undefined, '/location/C001-B01-L01');
    expect(s.url.origin).toBe(idp.issuer);
    const q = s.url.searchParams;
    expect(q.get('client_id')).toBe('falcon-a');
    expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    const back = await signInAtProvider(s.url.href, 'alice');
    const res = await callback(answerOf(back), s.browser);
    expect(res.statusCode, res.body).toBe(200);
    const { session, redirect } = res.json();
    expect(redirect).toBe('/location/C001-B01-L01');
    expect(session).toMatchObject({
      username: 'alice@acme.example',
      firstname: 'Alice',
      lastname: 'Ahlberg',
    });
    expect(session.roles).toEqual(['KD_ADMIN']);
    expect(session.language).toBe('en');

    const alice = sessionClient(res);
    const concerns = (await alice.get('/api/rest/v2/concerns')).json() as { code: string }[];
    expect(concerns.map((c) => c.code)).toEqual([A]);
    expect((await alice.get(`/api/rest/v2/concern/${B}`)).statusCode).toBe(404);
    expect((await alice.get(`/api/rest/v2/concern/${A}`)).statusCode).toBe(200);

    const [user] = await t0.database.db
      .select()
      .from(t.users)
      .where(eq(t.users.username, 'alice@acme.example'));
    const scope = await t0.database.db
      .select()
      .from(t.userScope)
      .where(eq(t.userScope.userId, user?.id ?? ''));
    expect(scope.map((s) => [s.kind, s.code])).toEqual([['concern', A]]);
    expect(user?.scopeAll).toBe(false);
    // No password opens the account.
    const byPassword = await post('/api/rest/v2/auth/signin', {
      username: 'alice@acme.example',
      password: '!sso',
    });
    expect(byPassword.statusCode).toBe(401);
  });

  it('signs the same user in again with the roles the provider says now', async () => {
    idp.accounts.set('alice', { ...idp.accounts.get('alice'), groups: ['staff'] });
    const res = await ssoSignIn('alice@acme.example', 'alice');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session.roles).toEqual(['KD_USER']);
    const users = await t0.database.db
      .select()
      .from(t.users)
      .where(eq(t.users.username, 'alice@acme.example'));
    expect(users).toHaveLength(1);
    idp.accounts.set('alice', { ...idp.accounts.get('alice'), groups: ['bin-admins'] });
  });

  it('refuses a user none of whose groups is mapped, unless a default role is set', async () => {
    expect((await ssoSignIn('nobody@acme.example', 'nobody')).json().error).toBe('sso_failed');
    expect(
      (
        await admin.post(
          `/api/rest/v2/concern/${A}/sso`,
          settingsFor({ clientSecret: undefined, defaultRole: 'KD_USER' }),
        )
      ).statusCode,
    ).toBe(200);
    const res = await ssoSignIn('nobody@acme.example', 'nobody');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session.roles).toEqual(['KD_USER']);
    await admin.post(`/api/rest/v2/concern/${A}/sso`, settingsFor({ clientSecret: undefined }));
  });

  it('links an existing user of the concern with the same e-mail instead of making a second one', async () => {
    const [staff] = await t0.database.db.select().from(t.users).where(eq(t.users.username, 'staff'));
    const email = staff?.email as string;
    const domain = email.slice(email.indexOf('@') + 1);
    await admin.post(
      `/api/rest/v2/concern/${A}/sso`,
      settingsFor({ clientSecret: undefined, emailDomains: ['acme.example', domain] }),
    );
    idp.accounts.set('jana', { email, email_verified: true, groups: ['staff'] });
    try {
      const res = await ssoSignIn(email, 'jana');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().session).toMatchObject({ username: 'staff', userId: staff?.id, roles: ['KD_USER'] });
    } finally {
      await admin.post(`/api/rest/v2/concern/${A}/sso`, settingsFor({ clientSecret: undefined }));
    }
  });

  it('answers 404 sso_not_available for a domain no concern signs in with', async () => {
    const res = await post('/api/rest/v2/sso/start', { email: 'eve@elsewhere.example' });
    expect([res.statusCode, res.json().error]).toEqual([404, 'sso_not_available']);
    const bad = await post('/api/rest/v2/sso/start', {
      email: 'x@acme.example',
      redirect: '//evil.example/',
    });
    expect([bad.statusCode, bad.json().details?.field]).toEqual([400, 'redirect']);
  });
});

describe('the checks of the answer (security)', () => {
  it('refuses a state it did not issue, a used state, and a state started in another browser', async () => {
    const s = await start('alice@acme.example');
    const back = await signInAtProvider(s.url.href, 'alice');
    const answer = answerOf(back);
    expect((await callback({ ...answer, state: `${answer.state}x` }, s.browser)).json().error).toBe(
      'sso_failed',
    );
    // The made-up state above did not use the real one up; another browser cannot complete it.
    const other = await start('bob@acme.example');
    const stolen = await callback(answer, other.browser);
    expect([stolen.statusCode, stolen.json().error]).toEqual([401, 'sso_failed']);
    expect(cookieOf(stolen, 'falcon_session')).toBeUndefined();
    // Once refused, the state is gone: even the right browser cannot use it again.
    expect((await callback(answer, s.browser)).statusCode).toBe(401);

    const fresh = await start('alice@acme.example');
    const ok = answerOf(await signInAtProvider(fresh.url.href, 'alice'));
    expect((await callback(ok, fresh.browser)).statusCode).toBe(200);
    expect((await callback(ok, fresh.browser)).statusCode).toBe(401);
  });

  it('refuses a code issued for another sign-in (PKCE verifier mismatch)', async () => {
    // Two sign-ins in one browser: the code of the second is answered with the state of the first, so
    // the first one's verifier goes to the token endpoint with a code bound to the second's challenge.
    const first = await start('alice@acme.example');
    const second = await start('alice@acme.example', first.browser);
    const code = answerOf(await signInAtProvider(second.url.href, 'alice'));
    const res = await callback(
      { ...code, state: first.url.searchParams.get('state') as string },
      first.browser,
    );
    expect([res.statusCode, res.json().error]).toEqual([401, 'sso_failed']);
    expect(cookieOf(res, 'falcon_session')).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one of its sign-in', async () => {
    const s = await start('alice@acme.example');
    const back = await signInAtProvider(s.url.href, 'alice');
    const id = createHash('sha256')
      .update(s.url.searchParams.get('state') as string)
      .digest('hex');
    await t0.database.db
      .update(t.ssoLogins)
      .set({ nonce: 'another-sign-ins-nonce' })
      .where(eq(t.ssoLogins.id, id));
    const res = await callback(answerOf(back), s.browser);
    expect([res.statusCode, res.json().error]).toEqual([401, 'sso_failed']);
  });

  it("refuses another client's ID token, even from the same provider with the right nonce", async () => {
    const s = await start('alice@acme.example');
    const nonce = s.url.searchParams.get('nonce') as string;
    // A genuine ID token the provider issued to client falcon-b for the same user and nonce.
    const foreign = new URL(s.url.href);
    foreign.searchParams.set('client_id', 'falcon-b');
    foreign.searchParams.set('state', 'b-state');
    const verifier = 'b'.repeat(64);
    foreign.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    const bBack = await signInAtProvider(foreign.href, 'alice');
    const token = await fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: bBack.searchParams.get('code') as string,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        client_id: 'falcon-b',
        client_secret: 'secret-b',
      }),
    });
    const bTokens = (await token.json()) as { id_token: string };
    const payload = JSON.parse(Buffer.from(bTokens.id_token.split('.')[1] as string, 'base64url').toString());
    expect([payload.aud, payload.nonce]).toEqual(['falcon-b', nonce]);

    const back = await signInAtProvider(s.url.href, 'alice');
    idp.rewriteToken = (body) => ({ ...body, id_token: bTokens.id_token });
    try {
      const res = await callback(answerOf(back), s.browser);
      expect([res.statusCode, res.json().error]).toEqual([401, 'sso_failed']);
    } finally {
      idp.rewriteToken = null;
    }
  });
});

describe('tenancy', () => {
  beforeAll(async () => {
    // Concern B trusts the same provider, through its own client.
    const res = await admin.post(
      `/api/rest/v2/concern/${B}/sso`,
      settingsFor({ clientId: 'falcon-b', clientSecret: 'secret-b', emailDomains: ['beta.example'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it("a user of B's provider lands in B and cannot reach A", async () => {
    const res = await ssoSignIn('carol@beta.example', 'carol');
    expect(res.statusCode, res.body).toBe(200);
    const carol = sessionClient(res);
    const concerns = (await carol.get('/api/rest/v2/concerns')).json() as { code: string }[];
    expect(concerns.map((c) => c.code)).toEqual([B]);
    expect((await carol.get(`/api/rest/v2/concern/${A}`)).statusCode).toBe(404);
  });

  it("a user of A's provider cannot sign in to B by starting at B's domain", async () => {
    // Alice is A's (linked on her first sign-in); at B's start she signs in at the same provider.
    const res = await ssoSignIn('someone@beta.example', 'alice');
    expect([res.statusCode, res.json().error]).toEqual([401, 'sso_failed']);
    const identities = await t0.database.db
      .select()
      .from(t.ssoIdentities)
      .where(and(eq(t.ssoIdentities.subject, 'alice'), eq(t.ssoIdentities.concernCode, B)));
    expect(identities).toHaveLength(0);
  });
});

describe('throttling (like sign-in)', () => {
  it('backs off an address that probes domains at the start, with 429 and Retry-After; other addresses go on', async () => {
    const from = '203.0.113.71';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/rest/v2/sso/start', { email: `eve@probe-${i}.example` }, undefined, from);
      expect([res.statusCode, res.json().error]).toEqual([404, 'sso_not_available']);
    }
    const refused = await post('/api/rest/v2/sso/start', { email: 'alice@acme.example' }, undefined, from);
    expect([refused.statusCode, refused.json().error]).toEqual([429, 'too_many_requests']);
    expect(Number(refused.headers['retry-after'])).toBe(30);
    expect(refused.json().details.retryAfterSeconds).toBe(30);
    const elsewhere = await post(
      '/api/rest/v2/sso/start',
      { email: 'alice@acme.example' },
      undefined,
      '203.0.113.72',
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('backs off an address whose callbacks keep failing: 429 before the state is even looked at', async () => {
    const from = '203.0.113.73';
    const s = await start('alice@acme.example');
    const answer = answerOf(await signInAtProvider(s.url.href, 'alice'));
    for (let i = 0; i < 5; i++) {
      const res = await callback({ ...answer, state: `made-up-${i}` }, s.browser, from);
      expect([res.statusCode, res.json().error]).toEqual([401, 'sso_failed']);
    }
    const refused = await callback(answer, s.browser, from);
    expect([refused.statusCode, refused.json().error]).toEqual([429, 'too_many_requests']);
    expect(Number(refused.headers['retry-after'])).toBe(30);
    expect(cookieOf(refused, 'falcon_session')).toBeUndefined();
    // The throttled answer did not use the state up: from the user's own address it still completes.
    const ok = await callback(answer, s.browser, '203.0.113.74');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the protocol of refused sign-ins', () => {
  it('records why, for which concern and from where, never the state, code or tokens', async () => {
    const from = '203.0.113.81';
    const before = (await ssoFailures()).length;
    // An unknown state: no concern known.
    const s = await start('alice@acme.example');
    const answer = answerOf(await signInAtProvider(s.url.href, 'alice'));
    expect((await callback({ ...answer, state: 'never-issued' }, s.browser, from)).statusCode).toBe(401);
    // Another browser's state: the concern is known.
    const other = await start('bob@acme.example');
    expect((await callback(answer, other.browser, from)).statusCode).toBe(401);
    // A PKCE verifier of another sign-in: the provider's answer fails its checks.
    const first = await start('alice@acme.example');
    const second = await start('alice@acme.example', first.browser);
    const code = answerOf(await signInAtProvider(second.url.href, 'alice'));
    const state = first.url.searchParams.get('state') as string;
    expect((await callback({ ...code, state }, first.browser, from)).statusCode).toBe(401);
    // A user none of whose groups maps to a role: the provider's word of who it was is kept.
    const nobody = await start('nobody@acme.example');
    const back = answerOf(await signInAtProvider(nobody.url.href, 'nobody'));
    expect((await callback(back, nobody.browser, from)).statusCode).toBe(401);

    const entries = (await ssoFailures()).slice(before);
    expect(entries.map((e) => [e.objectId, e.words.reason, e.username, e.words.address])).toEqual([
      [null, 'state', null, from],
      [A, 'browser', null, from],
      [A, 'checks', null, from],
      [A, 'unmapped', 'nobody@acme.example', from],
    ]);
    expect(entries.every((e) => e.params?.event === 'ssoFailed')).toBe(true);
    const stored = JSON.stringify(entries);
    for (const secret of [answer.state, answer.code, code.code, state, back.code, back.state, 'secret-a'])
      expect(stored).not.toContain(secret);
    // An administrator reads it in words.
    const read = await admin.post('/api/rest/v2/protocol', {
      filterMap: { type: 'signin_failed' },
      size: 100,
    });
    expect(read.statusCode, read.body).toBe(200);
    const summaries = (read.json().items as { summary: string }[]).map((i) => i.summary);
    expect(summaries).toContain(
      `single sign-on of concern ${A} for nobody@acme.example refused (unmapped) from ${from}`,
    );
  });
});

describe('password sign-in switched off', () => {
  it("refuses the concern's users' passwords with sso_required, never an internal user's", async () => {
    expect(
      (
        await admin.post(
          `/api/rest/v2/concern/${A}/sso`,
          settingsFor({ clientSecret: undefined, passwordSignIn: false }),
        )
      ).statusCode,
    ).toBe(200);
    const refused = await post('/api/rest/v2/auth/signin', { username: 'kdadmin', password: 'demo1234' });
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'sso_required']);
    expect(cookieOf(refused, 'falcon_session')).toBeUndefined();
    // A wrong password says no more than before.
    const wrong = await post('/api/rest/v2/auth/signin', { username: 'staff', password: 'wrong-password' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'login_failed']);
    // Concern B's users and internal staff keep their passwords.
    await signIn(t0.app, 'admin');
    await signIn(t0.app, 'backoffice');
    // The provider still signs the concern's users in (the secret was kept when it was not sent).
    expect((await ssoSignIn('bob@acme.example', 'bob')).statusCode).toBe(200);

    expect(
      (await admin.post(`/api/rest/v2/concern/${A}/sso`, settingsFor({ clientSecret: undefined })))
        .statusCode,
    ).toBe(200);
    await signIn(t0.app, 'kdadmin');
  });

  it('removing single sign-on gives the concern its passwords back and is protocolled', async () => {
    await admin.post(
      `/api/rest/v2/concern/${A}/sso`,
      settingsFor({ clientSecret: undefined, passwordSignIn: false }),
    );
    expect((await admin.del(`/api/rest/v2/concern/${A}/sso`)).statusCode).toBe(200);
    await signIn(t0.app, 'kdadmin');
    expect((await admin.get(`/api/rest/v2/concern/${A}/sso`)).json().settings).toBeNull();
    const start = await post('/api/rest/v2/sso/start', { email: 'alice@acme.example' });
    expect(start.statusCode).toBe(404);
    const entries = await t0.database.db
      .select()
      .from(t.protocol)
      .where(eq(t.protocol.objectType, 'concernSso'));
    expect(entries.some((e) => e.params?.event === 'ssoRemoved')).toBe(true);
  });
});
