import * as client from 'openid-client';
import { sha256 } from '../ids';

/**
 * The OpenID Connect relying party of single sign-on (openid-client 6): the authorization code flow with
 * PKCE (S256), state and nonce. openid-client checks the answer: the state against the one sent, the
 * issuer (`iss` of the answer and of the ID token), the ID token's audience (this client), expiry and
 * nonce; the provider checks the PKCE verifier against the challenge of the authorization request.
 */
export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Discovery answers kept per provider and client: a sign-in does not fetch the metadata each time. */
const KEEP_MS = 10 * 60_000;
const kept = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/** The client's configuration from the provider's discovery document (the issuer in it must match). */
export const oidcConfiguration = (s: OidcClientSettings, now = Date.now()): Promise<client.Configuration> => {
  const key = sha256(JSON.stringify([s.issuer, s.clientId, s.clientSecret]));
  const found = kept.get(key);
  if (found && now - found.at < KEEP_MS) return found.config;
  const insecure = new URL(s.issuer).protocol === 'http:';
  const config = client.discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, {
    timeout: 5,
    ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
  });
  kept.set(key, { at: now, config });
  // A failed discovery is not kept: the next sign-in asks again.
  config.catch(() => {
    if (kept.get(key)?.config === config) kept.delete(key);
  });
  return config;
};

/** What a sign-in keeps between leaving for the provider and coming back. */
interface PendingAuthorization {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const newPendingAuthorization = (): PendingAuthorization => ({
  state: client.randomState(),
  nonce: client.randomNonce(),
  codeVerifier: client.randomPKCECodeVerifier(),
});

export const authorizationUrl = async (
  config: client.Configuration,
  pending: PendingAuthorization,
  redirectUri: string,
  loginHint: string,
): Promise<string> =>
  client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
    login_hint: loginHint,
  }).href;

/** The provider's answer as the callback page received it. */
interface AuthorizationAnswer {
  state: string;
  code?: string | undefined;
  iss?: string | undefined;
  error?: string | undefined;
}

export type OidcClaims = Record<string, unknown> & { sub: string; iss: string };

/**
 * Redeems the code (with the PKCE verifier of its sign-in) and returns the ID token's claims, completed
 * by the UserInfo answer for the same subject (many providers put e-mail, names and groups only there).
 * Throws when any check fails.
 */
export const completeAuthorization = async (
  config: client.Configuration,
  pending: PendingAuthorization,
  redirectUri: string,
  answer: AuthorizationAnswer,
): Promise<OidcClaims> => {
  const current = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer))
    if (value !== undefined) current.searchParams.set(name, value);
  const tokens = await client.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  let userInfo: Record<string, unknown> = {};
  if (config.serverMetadata().userinfo_endpoint && tokens.access_token)
    userInfo = { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)) };
  // The ID token's own claims win: the subject, issuer and audience were checked there.
  return { ...userInfo, ...idClaims } as OidcClaims;
};
