import type { PasskeyAssertion, PasskeyAttestation } from '@falcon/api-client';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import * as t from '../db/schema';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) as a second factor and for password-less sign-in
 * (issue 18, ADR 0063). The relying party is PUBLIC_ORIGIN's host, or, unset, the host the request
 * names: the browser binds a passkey to the host it was made on, so a passkey made for one host never
 * answers another's challenge.
 */

const RP_NAME = 'Falcon';
const TIMEOUT_MS = 120_000;

interface RelyingParty {
  rpID: string;
  origin: string;
}

export const relyingParty = (ctx: AppContext, request: FastifyRequest): RelyingParty => {
  const origin = ctx.publicOrigin ?? `${request.protocol}://${request.host}`;
  return { origin, rpID: new URL(origin).hostname };
};

const passkeysOf = (db: Db, userId: string) =>
  db
    .select({ id: t.passkeys.id, transports: t.passkeys.transports })
    .from(t.passkeys)
    .where(eq(t.passkeys.userId, userId));

/** Options for `navigator.credentials.create`: a resident key (so it can sign in without a password). */
export const registrationOptions = async (
  db: Db,
  rp: RelyingParty,
  user: { id: string; username: string; firstname: string; lastname: string },
) => {
  const existing = await passkeysOf(db, user.id);
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: `${user.firstname} ${user.lastname}`.trim() || user.username,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
};

/** Options for `navigator.credentials.get`: the user's passkeys, or any (password-less: the passkey names the user). */
export const authenticationOptions = async (db: Db, rp: RelyingParty, userId: string | null) => {
  const allow = userId ? await passkeysOf(db, userId) : [];
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: TIMEOUT_MS,
    // Password-less, the passkey is the only factor: it must verify its user (PIN, biometrics).
    userVerification: userId ? 'preferred' : 'required',
    ...(userId ? { allowCredentials: allow.map((k) => ({ id: k.id, transports: k.transports })) } : {}),
  });
};

/** A verified new credential, ready to store; null when the answer does not verify. */
export const verifyRegistration = async (
  rp: RelyingParty,
  expectedChallenge: string,
  response: z.infer<typeof PasskeyAttestation>,
) => {
  try {
    const result = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    return result.verified ? result.registrationInfo.credential : null;
  } catch {
    // Malformed CBOR, a wrong challenge or origin: the browser's answer is refused, never a 500.
    return null;
  }
};

/**
 * Checks an assertion against the stored passkey and moves its signature counter (a cloned
 * authenticator shows an old counter and is refused by the library). The passkey's user, or null.
 */
export const verifyAssertion = async (
  db: Db,
  rp: RelyingParty,
  expectedChallenge: string,
  response: z.infer<typeof PasskeyAssertion>,
  now: Date,
  /** `userId`: only a passkey of this user counts (the second step); null: any (password-less). */
  expected: { userId: string | null; requireUserVerification: boolean },
): Promise<string | null> => {
  const [key] = await db
    .select()
    .from(t.passkeys)
    .where(
      expected.userId
        ? and(eq(t.passkeys.id, response.id), eq(t.passkeys.userId, expected.userId))
        : eq(t.passkeys.id, response.id),
    );
  if (!key) return null;
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(key.publicKey),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: expected.requireUserVerification,
    });
  } catch {
    return null;
  }
  if (!result.verified) return null;
  await db
    .update(t.passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(t.passkeys.id, key.id));
  return key.userId;
};
