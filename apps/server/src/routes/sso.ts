import { issuerAllowed, protocolEntry, sessionView } from '@falcon/api-client';
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

/** Every refusal of a callback answers alike (401 sso_failed); the reason goes to the log only. */
const refuse = (request: FastifyRequest, reason: string): never => {
  request.log.warn({ reason }, 'single sign-on refused');
  throw new HttpError(401, 'sso_failed');
};

export const ssoRoutes = defineRoutes('sso', {
  start: async ({ db, ctx, body, request, reply }) => {
    const provider = await providerForEmail(db, ctx.sso.key, body.email);
    if (!provider) notFound('sso_not_available');
    const config = await oidcConfiguration(provider as NonNullable<typeof provider>).catch(
      (error: unknown) => {
        request.log.warn({ err: error }, 'identity provider unreachable');
        return fail(503, 'sso_issuer_unreachable');
      },
    );
    const pending = newPendingAuthorization();
    // One cookie per browser, kept across sign-ins started in several tabs.
    const browser = request.cookies[SSO_COOKIE] ?? randomToken();
    const redirectUri = redirectUriOf(ctx, request);
    await savePendingLogin(db, sha256(pending.state), {
      concernCode: (provider as NonNullable<typeof provider>).concernCode,
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
    // Found by its state, once: a replayed or made-up state finds nothing.
    const login = await takePendingLogin(db, sha256(body.state));
    const browser = request.cookies[SSO_COOKIE];
    setBrowserCookie(reply, ctx, null);
    if (!login) return refuse(request, 'unknown or used state');
    if (!browser || sha256(browser) !== login.browser)
      return refuse(request, 'state started in another browser');
    if (now.getTime() - login.createdAt.getTime() > SSO_LOGIN_TTL_MS)
      return refuse(request, 'sign-in expired');
    if (body.error) return refuse(request, `provider answered ${body.error}`);
    if (!body.code) return refuse(request, 'no code');
    const provider = await providerOfConcern(db, ctx.sso.key, login.concernCode);
    if (!provider) return refuse(request, 'the concern has no single sign-on any more');
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
      return refuse(request, `the provider's answer failed its checks: ${(error as Error).message}`);
    }
    let user: { id: string; username: string };
    try {
      user = await userForClaims(db, provider, claims, now);
    } catch (error) {
      if (error instanceof SsoRefused) return refuse(request, error.message);
      if (error instanceof HttpError) return refuse(request, `role mapping: ${error.message}`);
      throw error;
    }
    // A new session id on every sign-in (no session fixation); the previous one ends.
    if (optionalAuth) await closeSession(db, optionalAuth.sessionId);
    const token = await openSession(db, user.id, null, now);
    await db.update(t.users).set({ lastLogin: now }).where(eq(t.users.id, user.id));
    await writeProtocol(db, protocolEntry.signedIn(user), now);
    setSessionCookie(reply, ctx, token);
    return { session: sessionView(await sessionOfToken(ctx, token)), redirect: login.redirect };
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
