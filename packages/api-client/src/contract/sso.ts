import { z } from 'zod';
import { Session } from './auth';
import { CodeParams, IsoDateTime, Ok } from './common';
import { defineEndpoint } from './define';

/** A company e-mail address: the part after `@` finds the concern that signs in with its own provider. */
export const SsoEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^@\s]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'An e-mail address');

/** A domain of e-mail addresses (`example.com`), lower case. */
export const EmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'A domain such as example.com');

/** A path inside the app to return to after sign-in: never another origin (`//host`, `/\host`). */
export const LocalPath = z
  .string()
  .max(2000)
  .regex(/^\/([^/\\\s][^\s\\]*)?$/, 'A path of this app');

export const SsoStartRequest = z.strictObject({
  email: SsoEmail,
  redirect: LocalPath.optional(),
});

export const SsoStart = z.object({
  /** The provider's authorization URL (code flow with PKCE, state and nonce): the browser goes there. */
  url: z.string(),
});

/** What the provider sent back to the app's callback page, passed on as it came. */
export const SsoCallbackRequest = z.strictObject({
  state: z.string().min(1).max(500),
  code: z.string().min(1).max(4000).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

export const SsoSignedIn = z.object({
  session: Session,
  /** Where the user wanted to go when the sign-in started (a path of this app). */
  redirect: z.string(),
});

/** One value of the provider's role claim (a group, an app role) and the Falcon role it grants. */
export const SsoRoleMapping = z.strictObject({
  claimValue: z.string().trim().min(1).max(200),
  role: z.string().trim().min(1).max(100),
});

export const SsoSettingsInput = z.strictObject({
  issuer: z
    .string()
    .trim()
    .max(500)
    .pipe(z.url({ protocol: /^https?$/ })),
  clientId: z.string().trim().min(1).max(200),
  /** Absent: the stored secret stays. It is never sent back. */
  clientSecret: z.string().min(1).max(500).optional(),
  emailDomains: z.array(EmailDomain).min(1).max(20),
  /** The claim holding the user's groups or roles (`groups`, `roles`); a string or a list of strings. */
  roleClaim: z.string().trim().min(1).max(100),
  roleMapping: z.array(SsoRoleMapping).max(100),
  /** The role of a user none of whose claim values is mapped; null: such a user cannot sign in. */
  defaultRole: z.string().trim().min(1).max(100).nullable(),
  /** False: the concern's users sign in only through the provider (password sign-in answers sso_required). */
  passwordSignIn: z.boolean(),
});
export type SsoSettingsInput = z.infer<typeof SsoSettingsInput>;

export const SsoSettings = z.object({
  concernCode: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  emailDomains: z.array(z.string()),
  roleClaim: z.string(),
  roleMapping: z.array(z.object({ claimValue: z.string(), role: z.string() })),
  defaultRole: z.string().nullable(),
  passwordSignIn: z.boolean(),
  updatedAt: IsoDateTime,
  updatedBy: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

export const SsoSettingsView = z.object({
  /** null: the concern has no single sign-on. */
  settings: SsoSettings.nullable(),
  /** The redirect URI to register at the provider. */
  redirectUri: z.string(),
});
export type SsoSettingsView = z.infer<typeof SsoSettingsView>;

export const sso = {
  start: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/sso/start',
    summary:
      "Single sign-on: the authorization URL of the provider of the concern the e-mail's domain belongs to (404 sso_not_available)",
    auth: 'public',
    body: SsoStartRequest,
    notFound: "No concern signs in with the e-mail's domain",
    // Throttled like sign-in: a domain without single sign-on counts as a failed attempt.
    unauthorized: false,
    throttled: true,
    response: SsoStart,
  }),
  callback: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/sso/callback',
    summary:
      "Single sign-on: completes the provider's answer (state, nonce and PKCE checked; 401 sso_failed); sets the session cookie",
    auth: 'public',
    body: SsoCallbackRequest,
    unauthorized:
      "sso_failed: the state is unknown, used, expired or another browser's, or the provider's answer failed a check (PKCE, nonce, issuer, audience), or it names no user the concern may have",
    throttled: true,
    response: SsoSignedIn,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/concern/:code/sso',
    summary: "ADMIN: the concern's single sign-on settings (the client secret is never returned)",
    params: CodeParams,
    tenant: { kind: 'concern', param: 'code' },
    permissions: ['PERM_SYSADMIN'],
    response: SsoSettingsView,
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/concern/:code/sso',
    summary:
      "ADMIN: set the concern's OpenID Connect provider, e-mail domains, role mapping and whether password sign-in stays (protocolled)",
    params: CodeParams,
    tenant: { kind: 'concern', param: 'code' },
    permissions: ['PERM_SYSADMIN'],
    body: SsoSettingsInput,
    conflicts: ['sso_domain_taken'],
    inputPermissions: 'A mapped role must be one a customer user of the concern may hold',
    response: SsoSettingsView,
  }),
  removeSettings: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/concern/:code/sso',
    summary: "ADMIN: end the concern's single sign-on; its users sign in with passwords again (protocolled)",
    params: CodeParams,
    tenant: { kind: 'concern', param: 'code' },
    permissions: ['PERM_SYSADMIN'],
    response: Ok,
  }),
};
