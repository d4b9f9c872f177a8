import { issuerAllowed, protocolEntry, type SsoFailureReason, sessionView } from '@falcon/api-client';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authorizationUrl,
  completeAuthorization,
  newPendingAuthorization,
  type OidcClaims,
  oidcConfiguration,
} from '../auth/oidc';
import { closeSession, openSession } from '../auth/sessions';
import { sessionOfToken, setSessionCookie } from '../auth/signin';
import { type ThrottleKeys, throttledCheck } from '../auth/throttle';
import type { AppContext } from '../context';
import * as t from '../db/schema';
import { fail, HttpError, invalid, notFound } from '../errors';
import { randomToken, sha256 } from '../ids';
import { writeProtocol } from '../services/protocol';
import {
  providerForEmail,
  providerOfConcern,
  removeSsoSettings,
  SSO_LOGIN_TTL_MS,
  SsoRefused,
  savePendingLogin,
  saveSsoSettings,
  ssoSettingsOf,
  takePendingLogin,
  userForClaims,
} from '../services/sso';
import { defineRoutes } from './define';

/** Binds a sign-in to the browser that started it: only that browser's callback completes it. */
const SSO_COOKIE = 'falcon_sso';
const SSO_COOKIE_PATH = '/api/rest/v2/sso';

/** The app's page the provider sends the browser back to (register it at the provider). */
const CALLBACK_PATH = '/login/sso';

const redirectUriOf = (ctx: AppContext, request: FastifyRequest) =>
  `${ctx.sso.publicUrl ?? `${request.protocol}://${request.host}`}${CALLBACK_PATH}`;

const setBrowserCookie = (reply: FastifyReply, ctx: AppContext, value: string | null) => {
  const options = {
    path: SSO_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.sessionSecure,
  };
  if (value === null) reply.clearCookie(SSO_COOKIE, options);
  else reply.setCookie(SSO_COOKIE, value, { ...options, maxAge: SSO_LOGIN_TTL_MS / 1000 });
};

/** Why a callback is refused: for the protocol (reason, concern, who) and the log (detail). */
interface Refusal {
  reason: SsoFailureReason;
  detail: string;
  concernCode: string | null;
  who?: string | null;
}

type CallbackOutcome =
  | { ok: true; user: { id: string; username: string }; redirect: string }
  | ({ ok: false } & Refusal);

/**
 * The throttle keys of single sign-on from one address (ADR 0064): the sign-in's per-address key, shared
 * with password sign-in, and one of its own per endpoint, with the rule of a (username, address) pair.
 */
const ssoKeys = (step: 'start' | 'callback', address: string): ThrottleKeys => ({
  pair: `sso-${step}:${address}`,
  address: `addr:${address}`,
});

/** The provider's subject as the protocol names it: its e-mail when it gave one, else the subject. */
const whoOf = (claims: OidcClaims): string =>
  typeof claims.email === 'string' && claims.email ? claims.email.toLowerCase() : claims.sub;

export const ssoRoutes = defineRoutes('sso', {
  start: async ({ db, ctx, body, request, reply }) => {
    // Throttled like sign-in: an e-mail whose domain has no single sign-on counts as a failed attempt
    // (probing which customers sign in how); a found provider as a success.
    let found: Awaited<ReturnType<typeof providerForEmail>> = null;
    await throttledCheck(db, ssoKeys('start', request.ip), ctx.now(), ctx.throttle, async () => {
      found = await providerForEmail(db, ctx.sso.key, body.email);
      return found !== null;
    });
    const provider = found as Awaited<ReturnType<typeof providerForEmail>>;
    if (!provider) return notFound('sso_not_available');
    const config = await oidcConfiguration(provider).catch((error: unknown) => {
      request.log.warn({ err: error }, 'identity provider unreachable');
      return fail(503, 'sso_issuer_unreachable');
    });
    const pending = newPendingAuthorization();
    // One cookie per browser, kept across sign-ins started in several tabs.
    const browser = request.cookies[SSO_COOKIE] ?? randomToken();
    const redirectUri = redirectUriOf(ctx, request);
    await savePendingLogin(db, sha256(pending.state), {
      concernCode: provider.concernCode,
      browser: sha256(browser),
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
      redirectUri,
      redirect: body.redirect ?? '/',
      createdAt: ctx.now(),
    });
    setBrowserCookie(reply, ctx, browser);
    return { url: await authorizationUrl(config, pending, redirectUri, body.email) };
  },

  callback: async ({ db, ctx, body, request, reply, optionalAuth }) => {
    const now = ctx.now();
    const browser = request.cookies[SSO_COOKIE];
    const refused = (reason: SsoFailureReason, detail: string, concernCode: string | null, who?: string) =>
      ({ ok: false, reason, detail, concernCode, who }) as const;
    /** Every check of the answer; a refusal names its reason (answered alike: 401 sso_failed). */
    const complete = async (): Promise<CallbackOutcome> => {
      // Found by its state, once: a replayed or made-up state finds nothing.
      const login = await takePendingLogin(db, sha256(body.state));
      if (!login) return refused('state', 'unknown or used state', null);
      const concern = login.concernCode;
      if (!browser || sha256(browser) !== login.browser)
        return refused('browser', 'state started in another browser', concern);
      if (now.getTime() - login.createdAt.getTime() > SSO_LOGIN_TTL_MS)
        return refused('expired', 'sign-in expired', concern);
      if (body.error) return refused('provider', `provider answered ${body.error}`, concern);
      if (!body.code) return refused('provider', 'no code', concern);
      const provider = await providerOfConcern(db, ctx.sso.key, concern);
      if (!provider) return refused('removed', 'the concern has no single sign-on any more', concern);
      let claims: OidcClaims;
      try {
        const config = await oidcConfiguration(provider);
        claims = await completeAuthorization(
          config,
          { state: body.state, nonce: login.nonce, codeVerifier: login.codeVerifier },
          login.redirectUri,
          { state: body.state, code: body.code, iss: body.iss },
        );
      } catch (error) {
        return refused(
          'checks',
          `the provider's answer failed its checks: ${(error as Error).message}`,
          concern,
        );
      }
      try {
        const user = await userForClaims(db, provider, claims, now);
        return { ok: true, user, redirect: login.redirect };
      } catch (error) {
        if (error instanceof SsoRefused) return refused(error.reason, error.message, concern, whoOf(claims));
        if (error instanceof HttpError)
          return refused('unmapped', `role mapping: ${error.message}`, concern, whoOf(claims));
        throw error;
      }
    };
    // Throttled like sign-in: each callback counts before it is checked; while the address backs off the
    // answer is 429 and the state is not even looked at (nor used up).
    let outcome: CallbackOutcome | null = null;
    await throttledCheck(db, ssoKeys('callback', request.ip), now, ctx.throttle, async () => {
      outcome = await complete();
      return outcome.ok;
    });
    setBrowserCookie(reply, ctx, null);
    const result = outcome as unknown as CallbackOutcome;
    if (!result.ok) {
      request.log.warn({ reason: result.reason, detail: result.detail }, 'single sign-on refused');
      await writeProtocol(
        db,
        protocolEntry.ssoFailed(result.concernCode, result.reason, request.ip, result.who ?? null),
        now,
      );
      throw new HttpError(401, 'sso_failed');
    }
    const { user } = result;
    // A new session id on every sign-in (no session fixation); the previous one ends.
    if (optionalAuth) await closeSession(db, optionalAuth.sessionId);
    const token = await openSession(db, user.id, null, now);
    await db.update(t.users).set({ lastLogin: now }).where(eq(t.users.id, user.id));
    await writeProtocol(db, protocolEntry.signedIn(user), now);
    setSessionCookie(reply, ctx, token);
    return { session: sessionView(await sessionOfToken(ctx, token)), redirect: result.redirect };
  },

  settings: async ({ db, ctx, params, request }) => ({
    settings: await ssoSettingsOf(db, params.code),
    redirectUri: redirectUriOf(ctx, request),
  }),

  saveSettings: async ({ db, ctx, auth, params, body, request }) => {
    if (!issuerAllowed(body.issuer, ctx.sso.production)) invalid('issuer', 'An https address');
    const settings = await saveSsoSettings(
      db,
      ctx.sso,
      auth.user.username,
      params.code,
      body,
      ctx.now(),
      async (client) => {
        await oidcConfiguration(client).catch((error: unknown) => {
          request.log.warn({ err: error }, 'identity provider discovery failed');
          fail(400, 'sso_issuer_unreachable', 'issuer');
        });
      },
    );
    return { settings, redirectUri: redirectUriOf(ctx, request) };
  },

  removeSettings: async ({ db, ctx, auth, params }) => {
    await removeSsoSettings(db, auth.user.username, params.code, ctx.now());
    return { ok: true as const };
  },
});
