import { protocolEntry } from '@falcon/api-client';
import { and, asc, eq } from 'drizzle-orm';
import {
  authenticationOptions,
  registrationOptions,
  relyingParty,
  verifyAssertion,
  verifyRegistration,
} from '../auth/passkeys';
import {
  acceptTotp,
  closeChallenge,
  confirmTotp,
  factorsOf,
  hasFactor,
  openChallenge,
  registrationChallengeId,
  renewRecoveryCodes,
  resetFactors,
  saveRegistrationChallenge,
  secondFactorRequired,
  setWebAuthnChallenge,
  startTotp,
  totpEnrolment,
  useRecoveryCode,
} from '../auth/second-factor';
import type { Auth } from '../auth/sessions';
import {
  activeUser,
  clearPendingCookie,
  completeSignIn,
  pendingSignIn,
  secondFactorKeys,
  setPendingCookie,
} from '../auth/signin';
import { type ThrottleKeys, throttledCheck } from '../auth/throttle';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { sha256 } from '../ids';
import { writeProtocol } from '../services/protocol';
import { administeredUser } from '../services/user-admin';
import { defineRoutes } from './define';

/** Wrong code, or a passkey that does not verify: 401 on the sign-in's second step. */
const failed = () => new HttpError(401, 'second_factor_failed');
/** Wrong code on the profile (the caller is signed in): 400 naming the field. */
const wrongCode = () => new HttpError(400, 'second_factor_failed', undefined, { field: 'code' });

/** Runs a second-factor check under the sign-in back-off (429 while it backs off); its result. */
const throttled = async (ctx: AppContext, keys: ThrottleKeys, check: () => Promise<boolean>) => {
  const result = await throttledCheck(ctx.db, keys, ctx.now(), ctx.throttle, check);
  return result.ok;
};

/** 409 second_factor_required when the role requires a factor and `left` would leave none. */
const keepRequiredFactor = async (db: Db, userId: string, left: boolean) => {
  if (!left && (await secondFactorRequired(db, userId))) throw new HttpError(409, 'second_factor_required');
};

/** Recovery codes with a user's first factor (none before): shown once. */
const firstRecoveryCodes = async (db: Db, userId: string, hadCodes: number, now: Date) =>
  hadCodes > 0 ? [] : renewRecoveryCodes(db, userId, now);

/** A factor was removed: without any factor left, recovery codes have nothing to stand in for. */
const dropOrphanCodes = async (db: Db, userId: string) => {
  if (!hasFactor(await factorsOf(db, userId)))
    await db.delete(t.recoveryCodes).where(eq(t.recoveryCodes.userId, userId));
};

const passkeyView = (k: typeof t.passkeys.$inferSelect) => ({
  id: k.id,
  name: k.name,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

const userOf = (auth: Auth) => ({ id: auth.user.id, username: auth.user.username });

export const mfaRoutes = defineRoutes('mfa', {
  // --- the second step of a sign-in ---------------------------------------------------------------

  verify: async ({ db, ctx, body, request, reply, optionalAuth }) => {
    const now = ctx.now();
    const pending = await pendingSignIn(ctx, request, ['verify']);
    const user = await activeUser(db, pending.userId);
    if (!user) throw new HttpError(401, 'second_factor_expired');
    const ok = await throttled(ctx, secondFactorKeys(user.id, request.ip), () =>
      body.method === 'totp'
        ? acceptTotp(db, ctx.totpKey, user.id, body.code, now)
        : useRecoveryCode(db, user.id, body.code, now),
    );
    if (!ok) {
      await writeProtocol(db, protocolEntry.secondFactorFailed(user, body.method));
      throw failed();
    }
    if (!(await closeChallenge(db, pending.id))) throw new HttpError(401, 'second_factor_expired');
    clearPendingCookie(reply, ctx);
    return completeSignIn(ctx, reply, user, optionalAuth);
  },

  passkeyOptions: async ({ db, ctx, body, request, reply }) => {
    const now = ctx.now();
    const rp = relyingParty(ctx, request);
    if (body.purpose === 'second-factor') {
      const pending = await pendingSignIn(ctx, request, ['verify']);
      const options = await authenticationOptions(db, rp, pending.userId);
      await setWebAuthnChallenge(db, pending.id, options.challenge);
      return options;
    }
    // Password-less: a challenge of its own (no user until the passkey names one).
    const token = await openChallenge(db, null, 'passkey', now);
    setPendingCookie(reply, ctx, token);
    const options = await authenticationOptions(db, rp, null);
    await setWebAuthnChallenge(db, sha256(token), options.challenge);
    return options;
  },

  passkeySignIn: async ({ db, ctx, body, request, reply, optionalAuth }) => {
    const now = ctx.now();
    const pending = await pendingSignIn(ctx, request, ['verify', 'passkey']);
    if (!pending.challenge) throw new HttpError(401, 'second_factor_expired');
    const challenge = pending.challenge;
    const passwordless = pending.stage === 'passkey';
    const keys: ThrottleKeys = pending.userId
      ? secondFactorKeys(pending.userId, request.ip)
      : { pair: `passkey:${request.ip}`, address: `addr:${request.ip}` };
    const found: { owner: string | null } = { owner: null };
    const ok = await throttled(ctx, keys, async () => {
      // The second step answers only with the pending user's own passkey; password-less with any that
      // verifies its user (PIN, biometrics): then it is the only factor.
      found.owner = await verifyAssertion(db, relyingParty(ctx, request), challenge, body.credential, now, {
        userId: pending.userId,
        requireUserVerification: passwordless,
      });
      return found.owner !== null;
    });
    const user = await activeUser(db, ok ? found.owner : pending.userId);
    if (!ok || !user) {
      if (user) await writeProtocol(db, protocolEntry.secondFactorFailed(user, 'passkey'));
      throw failed();
    }
    // A challenge answers once: a replayed assertion finds it gone.
    if (!(await closeChallenge(db, pending.id))) throw new HttpError(401, 'second_factor_expired');
    clearPendingCookie(reply, ctx);
    return completeSignIn(ctx, reply, user, optionalAuth);
  },

  enrolTotp: async ({ db, ctx, request }) => {
    const pending = await pendingSignIn(ctx, request, ['enrol']);
    const user = await activeUser(db, pending.userId);
    if (!user) throw new HttpError(401, 'second_factor_expired');
    return totpEnrolment(await startTotp(db, ctx.totpKey, user.id, ctx.now()), user.username);
  },

  enrolTotpConfirm: async ({ db, ctx, body, request, reply, optionalAuth }) => {
    const now = ctx.now();
    const pending = await pendingSignIn(ctx, request, ['enrol']);
    const user = await activeUser(db, pending.userId);
    if (!user) throw new HttpError(401, 'second_factor_expired');
    const ok = await throttled(ctx, secondFactorKeys(user.id, request.ip), () =>
      confirmTotp(db, ctx.totpKey, user.id, body.code, now),
    );
    if (!ok) {
      await writeProtocol(db, protocolEntry.secondFactorFailed(user, 'totp'));
      throw failed();
    }
    if (!(await closeChallenge(db, pending.id))) throw new HttpError(401, 'second_factor_expired');
    const recoveryCodes = await renewRecoveryCodes(db, user.id, now);
    await writeProtocol(db, protocolEntry.secondFactorEnrolled(user, 'totp'));
    clearPendingCookie(reply, ctx);
    const session = await completeSignIn(ctx, reply, user, optionalAuth);
    return { session, recoveryCodes };
  },

  // --- the profile's security section ---------------------------------------------------------------

  status: async ({ db, auth }) => {
    const factors = await factorsOf(db, auth.user.id);
    const keys = await db
      .select()
      .from(t.passkeys)
      .where(eq(t.passkeys.userId, auth.user.id))
      .orderBy(asc(t.passkeys.createdAt), asc(t.passkeys.id));
    return {
      required: await secondFactorRequired(db, auth.user.id),
      totp: factors.totp,
      passkeys: keys.map(passkeyView),
      recoveryCodesLeft: factors.recoveryCodesLeft,
    };
  },

  totpSetup: async ({ db, ctx, auth }) =>
    totpEnrolment(await startTotp(db, ctx.totpKey, auth.user.id, ctx.now()), auth.user.username),

  totpConfirm: async ({ db, ctx, auth, body, request }) => {
    const now = ctx.now();
    const before = await factorsOf(db, auth.user.id);
    const ok = await throttled(ctx, secondFactorKeys(auth.user.id, request.ip), () =>
      confirmTotp(db, ctx.totpKey, auth.user.id, body.code, now),
    );
    if (!ok) throw wrongCode();
    await writeProtocol(db, protocolEntry.secondFactorEnrolled(userOf(auth), 'totp'));
    return { recoveryCodes: await firstRecoveryCodes(db, auth.user.id, before.recoveryCodesLeft, now) };
  },

  totpRemove: async ({ db, auth }) => {
    const factors = await factorsOf(db, auth.user.id);
    if (!factors.totp) throw new HttpError(404, 'not_found');
    await keepRequiredFactor(db, auth.user.id, factors.passkeys > 0);
    await db.delete(t.totpFactors).where(eq(t.totpFactors.userId, auth.user.id));
    await dropOrphanCodes(db, auth.user.id);
    await writeProtocol(db, protocolEntry.secondFactorRemoved(userOf(auth), 'totp'));
    return { ok: true as const };
  },

  passkeyRegisterOptions: async ({ db, ctx, auth, request }) => {
    const options = await registrationOptions(db, relyingParty(ctx, request), auth.user);
    await saveRegistrationChallenge(db, auth.sessionId, auth.user.id, options.challenge, ctx.now());
    return options;
  },

  passkeyRegister: async ({ db, ctx, auth, body, request }) => {
    const now = ctx.now();
    const id = registrationChallengeId(auth.sessionId);
    const [challenge] = await db
      .select()
      .from(t.authChallenges)
      .where(and(eq(t.authChallenges.id, id), eq(t.authChallenges.userId, auth.user.id)));
    if (!challenge?.challenge || challenge.expiresAt <= now)
      throw new HttpError(400, 'second_factor_expired', undefined, { field: 'credential' });
    const credential = await verifyRegistration(
      relyingParty(ctx, request),
      challenge.challenge,
      body.credential,
    );
    if (!credential) throw new HttpError(400, 'second_factor_failed', undefined, { field: 'credential' });
    await closeChallenge(db, id);
    const before = await factorsOf(db, auth.user.id);
    const [stored] = await db
      .insert(t.passkeys)
      .values({
        id: credential.id,
        userId: auth.user.id,
        name: body.name,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: body.credential.response.transports ?? credential.transports ?? [],
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // The same authenticator twice (excludeCredentials asks the browser not to): refused as bad input.
    if (!stored) throw new HttpError(400, 'validation_error', undefined, { field: 'credential' });
    await writeProtocol(db, protocolEntry.secondFactorEnrolled(userOf(auth), 'passkey'));
    const recoveryCodes = await firstRecoveryCodes(db, auth.user.id, before.recoveryCodesLeft, now);
    return { passkey: passkeyView(stored), recoveryCodes };
  },

  passkeyRemove: async ({ db, auth, params }) => {
    const factors = await factorsOf(db, auth.user.id);
    const [key] = await db
      .select({ id: t.passkeys.id })
      .from(t.passkeys)
      .where(and(eq(t.passkeys.id, params.id), eq(t.passkeys.userId, auth.user.id)));
    if (!key) throw new HttpError(404, 'not_found');
    await keepRequiredFactor(db, auth.user.id, factors.totp || factors.passkeys > 1);
    await db.delete(t.passkeys).where(and(eq(t.passkeys.id, key.id), eq(t.passkeys.userId, auth.user.id)));
    await dropOrphanCodes(db, auth.user.id);
    await writeProtocol(db, protocolEntry.secondFactorRemoved(userOf(auth), 'passkey'));
    return { ok: true as const };
  },

  recoveryCodes: async ({ db, ctx, auth }) => {
    if (!hasFactor(await factorsOf(db, auth.user.id))) throw new HttpError(409, 'second_factor_missing');
    const recoveryCodes = await renewRecoveryCodes(db, auth.user.id, ctx.now());
    await writeProtocol(db, protocolEntry.recoveryCodesRenewed(userOf(auth)));
    return { recoveryCodes };
  },

  // --- administration -------------------------------------------------------------------------------

  reset: async ({ db, ctx, auth, params }) => {
    const user = await administeredUser(db, auth, { username: params.username });
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const had = await resetFactors(tx, user.row.id);
      const before = { totp: had.totp, passkeys: had.passkeys, recoveryCodes: had.recoveryCodesLeft };
      await writeProtocol(
        tx,
        protocolEntry.secondFactorReset(
          auth.user.username,
          { id: user.row.id, username: user.row.username },
          before,
        ),
        ctx.now(),
      );
    });
    return { ok: true as const };
  },
});
