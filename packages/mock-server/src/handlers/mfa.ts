import { protocolEntry, type SecondFactorNeeded, sessionView } from '@falcon/api-client';
import bwipjs from 'bwip-js/browser';
import { HttpResponse } from 'msw';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { Auth, MockDb } from '../db';
import { MockError, notFound } from '../errors';
import { type MockFactors, normaliseRecoveryCode } from '../store/second-factors';
import { administered } from './admin';
import { type HandlerContext, route } from './route';
import { throttledCheck } from './throttle';

/**
 * The second factor in the mock (issue 18): TOTP is real (otplib, the server's library), the QR code
 * too (bwip-js). Passkeys are stored and matched by credential id without checking signatures: the
 * browser mock carries no WebAuthn verifier (the server's tests cover that, apps/server/src/routes/mfa.test.ts).
 */

const PENDING_COOKIE = 'falcon_pending';
const SESSION_COOKIE = 'falcon_session';

const pendingCookie = (token: string, maxAge?: number) =>
  `${PENDING_COOKIE}=${token}; Path=/; SameSite=Strict${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}`;

/** The sign-in's second step is due: the pending cookie instead of a session (auth.signin). */
/** Whether a role of the user requires a second factor (the policy per role). */
export const secondFactorRequiredFor = (db: MockDb, user: { roles: readonly string[] }): boolean =>
  user.roles.some((name) => db.grants.roleByName(name)?.secondFactorRequired === true);

/** 409 second_factor_required when a role of the user requires a factor and `left` would leave none. */
const keepRequiredFactor = (db: MockDb, user: { roles: readonly string[] }, left: boolean) => {
  if (!left && secondFactorRequiredFor(db, user)) throw new MockError(409, 'second_factor_required');
};

export const secondStep = (db: MockDb, userId: string, stage: 'verify' | 'enrol' = 'verify'): Response => {
  const f = db.secondFactors.of(userId);
  const body: SecondFactorNeeded = {
    secondFactor: {
      stage,
      methods:
        stage === 'enrol'
          ? []
          : [
              ...(f.totpSecret ? (['totp'] as const) : []),
              ...(f.passkeys.length ? (['passkey'] as const) : []),
              ...(f.recoveryCodes.size ? (['recovery'] as const) : []),
            ],
    },
  };
  return HttpResponse.json(body, {
    headers: {
      'Set-Cookie': pendingCookie(db.secondFactors.openPending(userId, stage)),
      'Cache-Control': 'no-store',
    },
  });
};

const signedIn = (db: MockDb, userId: string, body: (session: ReturnType<typeof sessionView>) => unknown) => {
  const user = db.grants.users.get(userId);
  if (!user) throw new MockError(401, 'second_factor_expired');
  user.lastLogin = db.now();
  const token = db.sessions.open(user);
  db.protocol.log(protocolEntry.signedIn(user));
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', `${SESSION_COOKIE}=${token}; Path=/; SameSite=Lax`);
  headers.append('Set-Cookie', pendingCookie('', 0));
  return HttpResponse.json(body(sessionView(db.sessions.authOf(token) as Auth)) as Record<string, unknown>, {
    headers,
  });
};

const totpSetup = (f: MockFactors, username: string) => {
  const secret = generateSecret();
  f.pendingSecret = secret;
  const uri = generateURI({ issuer: 'Falcon', label: username, secret });
  return {
    secret,
    uri,
    qrSvg: bwipjs.toSVG({
      bcid: 'qrcode',
      text: uri,
      scale: 4,
      paddingwidth: 4,
      paddingheight: 4,
      backgroundcolor: 'FFFFFF',
    }),
  };
};

/** The code's time step, when it is the secret's and newer than `after`. */
const stepOf = (secret: string, code: string, after: number | null) => {
  const result = verifySync({
    secret,
    token: code,
    epochTolerance: 30,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
};

const confirm = (f: MockFactors, code: string) => {
  if (!f.pendingSecret) return false;
  const step = stepOf(f.pendingSecret, code, null);
  if (step === null) return false;
  f.totpSecret = f.pendingSecret;
  f.pendingSecret = null;
  f.lastTimeStep = step;
  return true;
};

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const renewCodes = (f: MockFactors): string[] => {
  const codes = Array.from({ length: 10 }, () => {
    const bytes = new Uint8Array(10);
    globalThis.crypto.getRandomValues(bytes);
    const c = [...bytes].map((b) => BASE32[b & 31]).join('');
    return `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8)}`;
  });
  f.recoveryCodes = new Set(codes.map(normaliseRecoveryCode));
  return codes;
};

const hasFactor = (f: MockFactors) => f.totpSecret !== null || f.passkeys.length > 0;
const dropOrphanCodes = (f: MockFactors) => {
  if (!hasFactor(f)) f.recoveryCodes.clear();
};
/**
 * The browser's client data (type, challenge) when it is for this challenge: the mock's whole check of a
 * passkey answer (the server verifies the signature and the authenticator data too).
 */
const answersChallenge = (
  clientDataJSON: string,
  type: 'webauthn.create' | 'webauthn.get',
  challenge: string,
) => {
  try {
    const text = atob(clientDataJSON.replace(/-/g, '+').replace(/_/g, '/'));
    const data = JSON.parse(text) as { type?: unknown; challenge?: unknown };
    return data.type === type && data.challenge === challenge;
  } catch {
    return false;
  }
};

const named = (auth: Auth) => ({ id: auth.user.id, username: auth.user.username });
const randomChallenge = (db: MockDb) => db.secondFactors.newChallenge();

export const mfaHandlers = (ctx: HandlerContext) => [
  route(ctx, 'mfa', 'verify', ({ db, body, cookies }) => {
    const pending = db.secondFactors.pendingOf(cookies[PENDING_COOKIE]);
    if (!pending?.userId || pending.stage !== 'verify') throw new MockError(401, 'second_factor_expired');
    const userId = pending.userId;
    const user = db.grants.users.get(userId);
    const f = db.secondFactors.of(userId);
    const ok = throttledCheck(db, `2fa:${userId}`, () => {
      if (body.method === 'recovery') return f.recoveryCodes.delete(body.code);
      const step = f.totpSecret ? stepOf(f.totpSecret, body.code, f.lastTimeStep) : null;
      if (step === null) return false;
      f.lastTimeStep = step;
      return true;
    });
    if (!ok || !user) {
      if (user) db.protocol.log(protocolEntry.secondFactorFailed(user, body.method));
      throw new MockError(401, 'second_factor_failed');
    }
    db.secondFactors.closePending(cookies[PENDING_COOKIE]);
    return signedIn(db, userId, (session) => session);
  }),

  route(ctx, 'mfa', 'passkeyOptions', ({ db, body, cookies, request }) => {
    const challenge = randomChallenge(db);
    const rpId = new URL(request.url).hostname;
    if (body.purpose === 'second-factor') {
      const pending = db.secondFactors.pendingOf(cookies[PENDING_COOKIE]);
      if (!pending?.userId || pending.stage !== 'verify') throw new MockError(401, 'second_factor_expired');
      pending.challenge = challenge;
      const keys = db.secondFactors.of(pending.userId).passkeys;
      return {
        challenge,
        timeout: 120_000,
        rpId,
        userVerification: 'preferred' as const,
        allowCredentials: keys.map((k) => ({ id: k.id, type: 'public-key' as const })),
      };
    }
    const token = db.secondFactors.openPending(null, 'passkey');
    const pending = db.secondFactors.pendingOf(token);
    if (pending) pending.challenge = challenge;
    return HttpResponse.json(
      { challenge, timeout: 120_000, rpId, userVerification: 'required' },
      { headers: { 'Set-Cookie': pendingCookie(token), 'Cache-Control': 'no-store' } },
    );
  }),

  route(ctx, 'mfa', 'passkeySignIn', ({ db, body, cookies }) => {
    const pending = db.secondFactors.pendingOf(cookies[PENDING_COOKIE]);
    if (!pending?.challenge || (pending.stage !== 'verify' && pending.stage !== 'passkey'))
      throw new MockError(401, 'second_factor_expired');
    const owner = [...db.grants.users.values()].find((u) =>
      db.secondFactors.of(u.id).passkeys.some((k) => k.id === body.credential.id),
    );
    if (
      !owner ||
      (pending.userId !== null && owner.id !== pending.userId) ||
      !answersChallenge(body.credential.response.clientDataJSON, 'webauthn.get', pending.challenge)
    )
      throw new MockError(401, 'second_factor_failed');
    db.secondFactors.closePending(cookies[PENDING_COOKIE]);
    return signedIn(db, owner.id, (session) => session);
  }),

  route(ctx, 'mfa', 'enrolTotp', ({ db, cookies }) => {
    const pending = db.secondFactors.pendingOf(cookies[PENDING_COOKIE]);
    const user = pending?.userId ? db.grants.users.get(pending.userId) : undefined;
    if (!user || pending?.stage !== 'enrol') throw new MockError(401, 'second_factor_expired');
    return totpSetup(db.secondFactors.of(user.id), user.username);
  }),

  route(ctx, 'mfa', 'enrolTotpConfirm', ({ db, body, cookies }) => {
    const pending = db.secondFactors.pendingOf(cookies[PENDING_COOKIE]);
    const user = pending?.userId ? db.grants.users.get(pending.userId) : undefined;
    if (!user || pending?.stage !== 'enrol') throw new MockError(401, 'second_factor_expired');
    const f = db.secondFactors.of(user.id);
    if (!throttledCheck(db, `2fa:${user.id}`, () => confirm(f, body.code)))
      throw new MockError(401, 'second_factor_failed');
    db.secondFactors.closePending(cookies[PENDING_COOKIE]);
    const recoveryCodes = renewCodes(f);
    db.protocol.log(protocolEntry.secondFactorEnrolled(user, 'totp'));
    return signedIn(db, user.id, (session) => ({ session, recoveryCodes }));
  }),

  route(ctx, 'mfa', 'status', ({ db, auth }) => {
    const f = db.secondFactors.of(auth.user.id);
    return {
      required: secondFactorRequiredFor(db, auth.user),
      totp: f.totpSecret !== null,
      passkeys: f.passkeys,
      recoveryCodesLeft: f.recoveryCodes.size,
    };
  }),

  route(ctx, 'mfa', 'totpSetup', ({ db, auth }) =>
    totpSetup(db.secondFactors.of(auth.user.id), auth.user.username),
  ),

  route(ctx, 'mfa', 'totpConfirm', ({ db, auth, body }) => {
    const f = db.secondFactors.of(auth.user.id);
    const hadCodes = f.recoveryCodes.size > 0;
    if (!throttledCheck(db, `2fa:${auth.user.id}`, () => confirm(f, body.code)))
      throw new MockError(400, 'second_factor_failed', undefined, { field: 'code' });
    db.protocol.log(protocolEntry.secondFactorEnrolled(named(auth), 'totp'));
    return { recoveryCodes: hadCodes ? [] : renewCodes(f) };
  }),

  route(ctx, 'mfa', 'totpRemove', ({ db, auth }) => {
    const f = db.secondFactors.of(auth.user.id);
    if (!f.totpSecret) return notFound();
    keepRequiredFactor(db, auth.user, f.passkeys.length > 0);
    f.totpSecret = null;
    f.lastTimeStep = null;
    dropOrphanCodes(f);
    db.protocol.log(protocolEntry.secondFactorRemoved(named(auth), 'totp'));
    return { ok: true as const };
  }),

  route(ctx, 'mfa', 'passkeyRegisterOptions', ({ db, auth, request }) => {
    const challenge = randomChallenge(db);
    db.secondFactors.registrations.set(auth.token, challenge);
    const f = db.secondFactors.of(auth.user.id);
    return {
      rp: { name: 'Falcon', id: new URL(request.url).hostname },
      user: {
        id: btoa(auth.user.id).replace(/=+$/, ''),
        name: auth.user.username,
        displayName: auth.user.username,
      },
      challenge,
      pubKeyCredParams: [
        { alg: -7, type: 'public-key' as const },
        { alg: -257, type: 'public-key' as const },
      ],
      timeout: 120_000,
      excludeCredentials: f.passkeys.map((k) => ({ id: k.id, type: 'public-key' as const })),
      authenticatorSelection: { residentKey: 'required' as const, userVerification: 'preferred' as const },
      attestation: 'none' as const,
    };
  }),

  route(ctx, 'mfa', 'passkeyRegister', ({ db, auth, body }) => {
    const challenge = db.secondFactors.registrations.get(auth.token);
    if (!challenge) throw new MockError(400, 'second_factor_expired', undefined, { field: 'credential' });
    if (!answersChallenge(body.credential.response.clientDataJSON, 'webauthn.create', challenge))
      throw new MockError(400, 'second_factor_failed', undefined, { field: 'credential' });
    db.secondFactors.registrations.delete(auth.token);
    const f = db.secondFactors.of(auth.user.id);
    if (f.passkeys.some((k) => k.id === body.credential.id))
      throw new MockError(400, 'validation_error', undefined, { field: 'credential' });
    const hadCodes = f.recoveryCodes.size > 0;
    const passkey = { id: body.credential.id, name: body.name, createdAt: db.now(), lastUsedAt: null };
    f.passkeys.push(passkey);
    db.protocol.log(protocolEntry.secondFactorEnrolled(named(auth), 'passkey'));
    return { passkey, recoveryCodes: hadCodes ? [] : renewCodes(f) };
  }),

  route(ctx, 'mfa', 'passkeyRemove', ({ db, auth, params }) => {
    const f = db.secondFactors.of(auth.user.id);
    const index = f.passkeys.findIndex((k) => k.id === params.id);
    if (index < 0) return notFound();
    keepRequiredFactor(db, auth.user, f.totpSecret !== null || f.passkeys.length > 1);
    f.passkeys.splice(index, 1);
    dropOrphanCodes(f);
    db.protocol.log(protocolEntry.secondFactorRemoved(named(auth), 'passkey'));
    return { ok: true as const };
  }),

  route(ctx, 'mfa', 'recoveryCodes', ({ db, auth }) => {
    const f = db.secondFactors.of(auth.user.id);
    if (!hasFactor(f)) throw new MockError(409, 'second_factor_missing');
    const recoveryCodes = renewCodes(f);
    db.protocol.log(protocolEntry.recoveryCodesRenewed(named(auth)));
    return { recoveryCodes };
  }),

  route(ctx, 'mfa', 'reset', ({ db, auth, params }) => {
    const user = administered(db, auth, db.grants.userByName(params.username));
    const f = db.secondFactors.of(user.id);
    const before = {
      totp: f.totpSecret !== null,
      passkeys: f.passkeys.length,
      recoveryCodes: f.recoveryCodes.size,
    };
    db.secondFactors.reset(user.id);
    db.protocol.log(protocolEntry.secondFactorReset(auth.user.username, user, before));
    return { ok: true as const };
  }),
];
