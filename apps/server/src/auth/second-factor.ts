import { randomBytes } from 'node:crypto';
import bwipjs from 'bwip-js/node';
import { and, count, eq, gt, isNotNull, isNull, lt, notLike, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify as verifyTotpCode } from 'otplib';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { randomToken, sha256 } from '../ids';
import { decryptSecret, encryptSecret, isEncrypted } from './oidc-secrets';

/**
 * The second factor's storage and arithmetic (issue 18, ADR 0063): TOTP secrets and their replay guard,
 * one-time recovery codes kept as hashes, and the short-lived challenges between a password and the
 * second step. The routes are in routes/mfa.ts; passkeys (WebAuthn) in auth/passkeys.ts.
 */

const TOTP_ISSUER = 'Falcon';
/** A code of the previous or the next 30-second step is accepted too (clock drift), each once. */
const TOTP_TOLERANCE_SECONDS = 30;
/** How long the second step may take after the password. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const RECOVERY_CODE_COUNT = 10;

// --- TOTP -----------------------------------------------------------------------------------------

const newTotpSecret = (): string => generateSecret();

/**
 * TOTP secrets are stored encrypted (AES-256-GCM under TOTP_SECRET_KEY, the mechanism of the SSO client
 * secrets), bound to their user: copied to another user's row, a secret does not decrypt.
 */
const totpContext = (userId: string) => `totp:${userId}`;
const sealTotp = (key: Buffer, userId: string, secret: string) =>
  encryptSecret(key, totpContext(userId), secret);
/** The secret, or null when the stored value does not decrypt (another key, another user's row). */
const openTotp = (key: Buffer, userId: string, stored: string) =>
  decryptSecret(key, totpContext(userId), stored);

/**
 * Encrypts the TOTP secrets stored readable before they were encrypted (a database of an earlier
 * version): run at every start, before requests are served; a no-op once none is left. The number
 * encrypted.
 */
export const encryptPlainTotpSecrets = async (db: Db, key: Buffer): Promise<number> => {
  const f = t.totpFactors;
  const rows = await db
    .select({ userId: f.userId, secret: f.secret, pendingSecret: f.pendingSecret })
    .from(f)
    .where(
      or(
        and(isNotNull(f.secret), notLike(f.secret, 'v1.%')),
        and(isNotNull(f.pendingSecret), notLike(f.pendingSecret, 'v1.%')),
      ),
    );
  let done = 0;
  for (const row of rows) {
    const seal = (value: string | null) =>
      value === null || isEncrypted(value) ? value : sealTotp(key, row.userId, value);
    // Only if unchanged since read: a sign-in or enrolment in between keeps its own write.
    const updated = await db
      .update(f)
      .set({ secret: seal(row.secret), pendingSecret: seal(row.pendingSecret) })
      .where(
        and(
          eq(f.userId, row.userId),
          row.secret === null ? isNull(f.secret) : eq(f.secret, row.secret),
          row.pendingSecret === null ? isNull(f.pendingSecret) : eq(f.pendingSecret, row.pendingSecret),
        ),
      )
      .returning({ userId: f.userId });
    done += updated.length;
  }
  return done;
};

interface TotpEnrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/** The otpauth URI an authenticator app reads, and its QR code as SVG (bwip-js, already used for labels). */
export const totpEnrolment = (secret: string, username: string): TotpEnrolment => {
  const uri = generateURI({ issuer: TOTP_ISSUER, label: username, secret });
  const qrSvg = bwipjs.toSVG({
    bcid: 'qrcode',
    text: uri,
    scale: 4,
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  return { secret, uri, qrSvg };
};

/** The time step a code belongs to (within the tolerance), or null when it is not the secret's. */
const totpStep = async (secret: string, code: string, now: Date, afterStep: number | null) => {
  const result = await verifyTotpCode({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
};

/**
 * Checks a code against the user's confirmed TOTP and takes its time step, so the same code (or an
 * older one) is refused from then on, also when two requests race: only one moves the step forward.
 */
export const acceptTotp = async (
  db: Db,
  key: Buffer,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> => {
  const [row] = await db
    .select({ secret: t.totpFactors.secret, lastTimeStep: t.totpFactors.lastTimeStep })
    .from(t.totpFactors)
    .where(and(eq(t.totpFactors.userId, userId), isNotNull(t.totpFactors.secret)));
  const secret = row?.secret ? openTotp(key, userId, row.secret) : null;
  if (!row || secret === null) return false;
  const step = await totpStep(secret, code, now, row.lastTimeStep);
  if (step === null) return false;
  const taken = await db
    .update(t.totpFactors)
    .set({ lastTimeStep: step })
    .where(
      and(
        eq(t.totpFactors.userId, userId),
        or(isNull(t.totpFactors.lastTimeStep), lt(t.totpFactors.lastTimeStep, step)),
      ),
    )
    .returning({ userId: t.totpFactors.userId });
  return taken.length === 1;
};

/** A new secret waiting for its first code; a confirmed one keeps working until then. */
export const startTotp = async (db: Db, key: Buffer, userId: string, now: Date): Promise<string> => {
  const secret = newTotpSecret();
  const stored = sealTotp(key, userId, secret);
  await db
    .insert(t.totpFactors)
    .values({ userId, secret: null, pendingSecret: stored, createdAt: now })
    .onConflictDoUpdate({ target: t.totpFactors.userId, set: { pendingSecret: stored } });
  return secret;
};

/**
 * Confirms the pending secret with a code of it: it becomes the user's TOTP (replacing an older one), and
 * the code's step is taken. False when there is no pending secret or the code is not its.
 */
export const confirmTotp = async (
  db: Db,
  key: Buffer,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> => {
  const [row] = await db
    .select({ pendingSecret: t.totpFactors.pendingSecret })
    .from(t.totpFactors)
    .where(eq(t.totpFactors.userId, userId));
  const pending = row?.pendingSecret ? openTotp(key, userId, row.pendingSecret) : null;
  if (!row?.pendingSecret || pending === null) return false;
  const step = await totpStep(pending, code, now, null);
  if (step === null) return false;
  const done = await db
    .update(t.totpFactors)
    .set({ secret: row.pendingSecret, pendingSecret: null, lastTimeStep: step, createdAt: now })
    .where(and(eq(t.totpFactors.userId, userId), eq(t.totpFactors.pendingSecret, row.pendingSecret)))
    .returning({ userId: t.totpFactors.userId });
  return done.length === 1;
};

// --- recovery codes -------------------------------------------------------------------------------

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten base32 characters (50 random bits), shown as `abcd-efgh-jk`; the contract normalises input alike. */
const newRecoveryCode = (): string => {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => BASE32[b & 31]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
};

const recoveryHash = (code: string) => sha256(`falcon-recovery:${code.replace(/[\s-]+/g, '').toLowerCase()}`);

/** New codes for the user (the old ones stop working); answers them in clear, once. */
export const renewRecoveryCodes = async (db: Db, userId: string, now: Date): Promise<string[]> => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.delete(t.recoveryCodes).where(eq(t.recoveryCodes.userId, userId));
    await tx
      .insert(t.recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: recoveryHash(code), createdAt: now })));
  });
  return codes;
};

/** Uses a recovery code: true once per code (a second use, even racing, finds it used). */
export const useRecoveryCode = async (db: Db, userId: string, code: string, now: Date): Promise<boolean> => {
  const used = await db
    .update(t.recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(t.recoveryCodes.userId, userId),
        eq(t.recoveryCodes.codeHash, recoveryHash(code)),
        isNull(t.recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: t.recoveryCodes.userId });
  return used.length === 1;
};

// --- what a user has, what the role asks ----------------------------------------------------------

interface Factors {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export const factorsOf = async (db: Db, userId: string): Promise<Factors> => {
  const [totp] = await db
    .select({ n: count() })
    .from(t.totpFactors)
    .where(and(eq(t.totpFactors.userId, userId), isNotNull(t.totpFactors.secret)));
  const [keys] = await db.select({ n: count() }).from(t.passkeys).where(eq(t.passkeys.userId, userId));
  const [codes] = await db
    .select({ n: count() })
    .from(t.recoveryCodes)
    .where(and(eq(t.recoveryCodes.userId, userId), isNull(t.recoveryCodes.usedAt)));
  return { totp: (totp?.n ?? 0) > 0, passkeys: keys?.n ?? 0, recoveryCodesLeft: codes?.n ?? 0 };
};

export const hasFactor = (f: Factors) => f.totp || f.passkeys > 0;

/** Whether a role of the user requires a second factor (the policy per role, `roles.second_factor_required`). */
export const secondFactorRequired = async (db: Db, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ n: count() })
    .from(t.userRoles)
    .innerJoin(t.roles, eq(t.roles.id, t.userRoles.roleId))
    .where(and(eq(t.userRoles.userId, userId), eq(t.roles.secondFactorRequired, true)));
  return (row?.n ?? 0) > 0;
};

/** Removes every factor of a user (an administrator's reset); what there was, for the protocol. */
export const resetFactors = async (db: Db, userId: string): Promise<Factors> => {
  const before = await factorsOf(db, userId);
  await db.delete(t.totpFactors).where(eq(t.totpFactors.userId, userId));
  await db.delete(t.passkeys).where(eq(t.passkeys.userId, userId));
  await db.delete(t.recoveryCodes).where(eq(t.recoveryCodes.userId, userId));
  await db.delete(t.authChallenges).where(eq(t.authChallenges.userId, userId));
  return before;
};

// --- challenges between the password and the second step ------------------------------------------

export type ChallengeStage = (typeof t.authChallenges.$inferSelect)['stage'];
export type Challenge = typeof t.authChallenges.$inferSelect;

/** Opens a challenge; the token goes to an HttpOnly cookie, only its hash into the database. */
export const openChallenge = async (
  db: Db,
  userId: string | null,
  stage: ChallengeStage,
  now: Date,
): Promise<string> => {
  const token = randomToken();
  // Expired challenges go when new ones come: the table holds only the last few minutes' sign-ins.
  await db.delete(t.authChallenges).where(lt(t.authChallenges.expiresAt, now));
  await db.insert(t.authChallenges).values({
    id: sha256(token),
    userId,
    stage,
    challenge: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return token;
};

/** The live challenge of a token (null: unknown or expired). */
export const challengeOf = async (
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<Challenge | null> => {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(t.authChallenges)
    .where(and(eq(t.authChallenges.id, sha256(token)), gt(t.authChallenges.expiresAt, now)));
  return row ?? null;
};

/**
 * Ends a challenge, once: true for the one caller that ended it (two racing second steps cannot both
 * open a session).
 */
export const closeChallenge = async (db: Db, id: string): Promise<boolean> => {
  const gone = await db
    .delete(t.authChallenges)
    .where(eq(t.authChallenges.id, id))
    .returning({ id: t.authChallenges.id });
  return gone.length === 1;
};

/** Stores the WebAuthn challenge handed out for a challenge row (a new one replaces the last). */
export const setWebAuthnChallenge = async (db: Db, id: string, challenge: string) => {
  await db.update(t.authChallenges).set({ challenge }).where(eq(t.authChallenges.id, id));
};

/** A passkey registration on the profile: one challenge per session, named after it. */
export const registrationChallengeId = (sessionId: string) => `register:${sessionId}`;

export const saveRegistrationChallenge = async (
  db: Db,
  sessionId: string,
  userId: string,
  challenge: string,
  now: Date,
) => {
  const id = registrationChallengeId(sessionId);
  await db
    .insert(t.authChallenges)
    .values({
      id,
      userId,
      stage: 'register',
      challenge,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    })
    .onConflictDoUpdate({
      target: t.authChallenges.id,
      set: { challenge, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) },
    });
};
