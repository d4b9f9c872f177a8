import { z } from 'zod';
import { Session } from './auth';
import { Id, IsoDateTime, Ok } from './common';
import { defineEndpoint } from './define';

/**
 * The second factor (issue 18, ADR 0063): TOTP with recovery codes, and passkeys (WebAuthn) as a second
 * factor or, once enrolled, for password-less sign-in. A sign-in whose user has a factor (or whose role
 * requires one) answers `SecondFactorNeeded` instead of a session and sets a short-lived, HttpOnly
 * pending cookie; the endpoints of the second step read it.
 */

/** A six-digit TOTP code; spaces typed between the digits are dropped. */
const TotpCode = z
  .string()
  .max(20)
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** A recovery code as shown (`abcd-efgh-jk`); case, spaces and dashes do not matter. */
const RecoveryCode = z
  .string()
  .max(40)
  .transform((s) => s.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/));

export const SecondFactorAnswer = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('totp'), code: TotpCode }),
  z.strictObject({ method: z.literal('recovery'), code: RecoveryCode }),
]);

export const TotpConfirm = z.strictObject({ code: TotpCode });

/** A new TOTP secret to scan (the QR code as SVG of the otpauth URI) or type in. */
export const TotpSetup = z.object({
  secret: z.string(),
  uri: z.string(),
  qrSvg: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetup>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

const B64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
const CredentialId = B64url.min(1).max(1_024);
const Transports = z.array(z.string().max(32)).max(10);
const Attachment = z.enum(['platform', 'cross-platform']);
const Extensions = z.record(z.string().max(64), z.unknown());

/** The browser's answer to `navigator.credentials.get` (@simplewebauthn/browser `startAuthentication`). */
export const PasskeyAssertion = z.strictObject({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: B64url,
    authenticatorData: B64url,
    signature: B64url,
    userHandle: B64url.optional(),
  }),
  clientExtensionResults: Extensions,
  authenticatorAttachment: Attachment.optional(),
});

/** The browser's answer to `navigator.credentials.create` (@simplewebauthn/browser `startRegistration`). */
export const PasskeyAttestation = z.strictObject({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: B64url,
    attestationObject: B64url,
    authenticatorData: B64url.optional(),
    transports: Transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: B64url.optional(),
  }),
  clientExtensionResults: Extensions,
  authenticatorAttachment: Attachment.optional(),
});

const CredentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});
const UserVerification = z.enum(['required', 'preferred', 'discouraged']);

/** PublicKeyCredentialRequestOptionsJSON, for `startAuthentication({ optionsJSON })`. */
export const PasskeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptor).optional(),
  userVerification: UserVerification.optional(),
});

/** PublicKeyCredentialCreationOptionsJSON, for `startRegistration({ optionsJSON })`. */
export const PasskeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(CredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: Attachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: UserVerification.optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

export const Passkey = z.object({
  id: Id,
  name: z.string(),
  createdAt: IsoDateTime,
  lastUsedAt: IsoDateTime.nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

/** The caller's own second factors, for the profile's security section. */
export const SecurityStatus = z.object({
  /** A role of the user requires a second factor: the last one cannot be removed. */
  required: z.boolean(),
  totp: z.boolean(),
  passkeys: z.array(Passkey),
  recoveryCodesLeft: z.number().int().min(0),
});
export type SecurityStatus = z.infer<typeof SecurityStatus>;

export const PasskeyRegistration = z.strictObject({
  name: z.string().trim().min(1).max(100),
  credential: PasskeyAttestation,
});

/** The 401 of the second step's endpoints. */
const SECOND_STEP_401 =
  'second_factor_expired: no sign-in waits for this step (none, or older than 5 minutes); second_factor_failed: the code or passkey was not accepted';

const PasskeyParams = z.strictObject({ id: CredentialId });
const UserParams = z.strictObject({ username: z.string().trim().min(1).max(64) });

export const mfa = {
  // --- the second step of a sign-in (public: the pending cookie names the user) -----------------
  verify: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/auth/second-factor',
    summary:
      'Second step of a sign-in: a TOTP code or a recovery code (each usable once); sets the session cookie',
    auth: 'public',
    unauthorized: SECOND_STEP_401,
    body: SecondFactorAnswer,
    throttled: true,
    response: Session,
  }),
  passkeyOptions: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/auth/passkey/options',
    summary:
      "A passkey challenge: for the pending sign-in's user (second-factor), or a password-less sign-in (any enrolled passkey)",
    auth: 'public',
    unauthorized: SECOND_STEP_401,
    body: z.strictObject({ purpose: z.enum(['second-factor', 'sign-in']) }),
    response: PasskeyRequestOptions,
  }),
  passkeySignIn: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/auth/passkey',
    summary: 'Sign in with a passkey (second step, or password-less); sets the session cookie',
    auth: 'public',
    unauthorized: SECOND_STEP_401,
    body: z.strictObject({ credential: PasskeyAssertion }),
    throttled: true,
    response: Session,
  }),
  enrolTotp: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/auth/enrol/totp',
    summary: 'Sign-in of a user whose role requires a second factor and who has none: a TOTP secret to enrol',
    auth: 'public',
    unauthorized: SECOND_STEP_401,
    response: TotpSetup,
  }),
  enrolTotpConfirm: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/auth/enrol/totp/confirm',
    summary: 'Confirms the enrolled TOTP with a code, completes the sign-in and answers the recovery codes',
    auth: 'public',
    unauthorized: SECOND_STEP_401,
    body: TotpConfirm,
    throttled: true,
    response: z.object({ session: Session, recoveryCodes: z.array(z.string()) }),
  }),

  // --- the profile's security section (the caller's own factors) ---------------------------------
  status: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/profile/security',
    summary: "The caller's second factors",
    response: SecurityStatus,
  }),
  totpSetup: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/profile/security/totp',
    summary:
      'A new TOTP secret (replaces one not yet confirmed; a confirmed one stays until the new is confirmed)',
    response: TotpSetup,
  }),
  totpConfirm: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/profile/security/totp/confirm',
    summary: 'Confirms the new TOTP secret with a code; answers new recovery codes when the user had none',
    body: TotpConfirm,
    throttled: true,
    response: RecoveryCodes,
  }),
  totpRemove: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/profile/security/totp',
    summary:
      "Removes the caller's TOTP (409 second_factor_required: the role requires a factor and it is the last)",
    notFound: 'No TOTP is set up',
    conflicts: ['second_factor_required'],
    response: Ok,
  }),
  passkeyRegisterOptions: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/profile/security/passkey/options',
    summary: 'A challenge to register a new passkey',
    response: PasskeyCreationOptions,
  }),
  passkeyRegister: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/profile/security/passkey',
    summary: 'Registers a passkey; answers new recovery codes when the user had none',
    body: PasskeyRegistration,
    status: 201,
    response: z.object({ passkey: Passkey, recoveryCodes: z.array(z.string()) }),
  }),
  passkeyRemove: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/profile/security/passkey/:id',
    summary:
      "Removes one of the caller's passkeys (409 second_factor_required when it is the last required factor)",
    params: PasskeyParams,
    notFound: 'The id names none of your passkeys',
    conflicts: ['second_factor_required'],
    response: Ok,
  }),
  recoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/profile/security/recovery-codes',
    summary: 'New recovery codes (the old ones stop working); 409 second_factor_missing without a factor',
    conflicts: ['second_factor_missing'],
    response: RecoveryCodes,
  }),

  // --- administration -----------------------------------------------------------------------------
  reset: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/user/:username/second-factor/reset',
    summary: "Removes a user's TOTP, passkeys and recovery codes (protocolled); the user enrols anew",
    params: UserParams,
    tenant: { kind: 'user', param: 'username' },
    permissions: ['PERM_CREATEUSER'],
    response: Ok,
  }),
};
