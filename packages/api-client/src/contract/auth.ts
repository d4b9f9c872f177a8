import { z } from 'zod';
import { Empty, Id, Language, Ok } from './common';
import { defineEndpoint } from './define';

export const Session = z.object({
  /** The user's id, as the spec's sign-in call names it (the same value as `userId`). */
  id: Id,
  userId: Id,
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullName: z.string(),
  initials: z.string(),
  language: Language,
  supportedLanguages: z.array(Language),
  permissions: z.array(z.string()),
  roles: z.array(z.string()),
  sessionTimeoutMinutes: z.number().int().min(1),
  /** Username of the ADMIN who impersonates this user, when one does. */
  impersonatedBy: z.string().nullable(),
  /** The employee the user is linked to (the review inbox's "assigned to me"); null when none. */
  employeeKey: z.string().nullable(),
});
export type Session = z.infer<typeof Session>;

/**
 * The sign-in's answer when a second factor is due (issue 18, ADR 0063): `verify` one of the user's
 * factors, or `enrol` one first (the role requires it). A short-lived HttpOnly pending cookie carries
 * the sign-in to the second step (contract/mfa.ts).
 */
export const SecondFactorNeeded = z.object({
  secondFactor: z.object({
    stage: z.enum(['verify', 'enrol']),
    /** The factors the user can answer with (`verify`); empty for `enrol`. */
    methods: z.array(z.enum(['totp', 'passkey', 'recovery'])),
  }),
});
export type SecondFactorNeeded = z.infer<typeof SecondFactorNeeded>;

/** What a sign-in answers: the session, or the second step it waits for. */
export const SignInAnswer = z.union([Session, SecondFactorNeeded]);
export type SignInAnswer = z.infer<typeof SignInAnswer>;
export const needsSecondFactor = (a: SignInAnswer): a is SecondFactorNeeded => 'secondFactor' in a;

export const Credentials = z.strictObject({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type Credentials = z.infer<typeof Credentials>;

export const ImpersonateRequest = z.strictObject({
  username: z.string().trim().min(1).max(100),
  /** The spec's body carries a password field; impersonation is authorised by the ADMIN's session. */
  password: z.string().max(200).optional(),
});

export const auth = {
  signin: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/auth/signin',
    summary:
      'Sign in with username and password; sets the session cookie, or answers the second step due (pending cookie)',
    auth: 'public',
    body: Credentials,
    throttled: true,
    inputPermissions:
      "403 sso_required: the user's concern signs in through its own identity provider and has switched password sign-in off",
    response: SignInAnswer,
  }),
  impersonate: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/auth/impersonate',
    summary: 'ADMIN only: continue as another user (protocolled)',
    body: ImpersonateRequest,
    permissions: ['PERM_IMPERSONATE'],
    notFound: 'The username names no user',
    response: Session,
  }),
  signout: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/auth/signout',
    summary: 'End the session',
    auth: 'public',
    body: Empty.optional(),
    response: Ok,
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/auth/session',
    summary: 'The current session (401 when none)',
    response: Session,
  }),
};
