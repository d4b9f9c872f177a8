import { protocolEntry, sessionView } from '@falcon/api-client';
import { verifyPassword } from '../auth/password';
import { factorsOf, hasFactor, openChallenge, secondFactorRequired } from '../auth/second-factor';
import { closeSession, openSession } from '../auth/sessions';
import {
  clearPendingCookie,
  clearSessionCookie,
  completeSignIn,
  PENDING_COOKIE,
  sessionOfToken,
  setPendingCookie,
  setSessionCookie,
  userByName,
} from '../auth/signin';
import { throttledCheck, throttleKeys } from '../auth/throttle';
import { HttpError } from '../errors';
import { writeProtocol } from '../services/protocol';
import { passwordSignInOff } from '../services/sso';
import { defineRoutes } from './define';

const methodsOf = (f: Awaited<ReturnType<typeof factorsOf>>) => [
  ...(f.totp ? (['totp'] as const) : []),
  ...(f.passkeys > 0 ? (['passkey'] as const) : []),
  ...(f.recoveryCodesLeft > 0 ? (['recovery'] as const) : []),
];

export const authRoutes = defineRoutes('auth', {
  signin: async ({ db, ctx, body, request, reply, optionalAuth }) => {
    const now = ctx.now();
    const user = await userByName(db, body.username);
    // Throttled per (address, username) and per address, the same whether or not the user exists (no
    // enumeration). During a back-off the password is not even checked: 429, counted, not protocolled.
    const result = await throttledCheck(db, throttleKeys(body.username, request.ip), now, ctx.throttle, () =>
      verifyPassword(user?.passwordHash ?? null, body.password),
    ).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 429) ctx.metrics.signInRefused();
      throw error;
    });
    if (!user || !result.ok) {
      const backoff = result.ok ? 0 : result.backoffSeconds;
      ctx.metrics.signInFailed(backoff > 0);
      await writeProtocol(
        db,
        protocolEntry.signInFailed(
          body.username,
          user?.id ?? null,
          backoff ? { address: request.ip, seconds: backoff } : undefined,
        ),
      );
      throw new HttpError(401, 'login_failed');
    }
    // A concern that signs in through its own provider may have switched passwords off (ADR 0064);
    // said only after the right password, so it tells a stranger nothing.
    if (await passwordSignInOff(db, user.id)) throw new HttpError(403, 'sso_required');
    // A second factor is due when the user has one, or when a role requires one (then enrol it first):
    // no session yet, a short-lived pending sign-in for the second step (routes/mfa.ts).
    const factors = await factorsOf(db, user.id);
    if (hasFactor(factors) || (await secondFactorRequired(db, user.id))) {
      const stage = hasFactor(factors) ? 'verify' : 'enrol';
      setPendingCookie(reply, ctx, await openChallenge(db, user.id, stage, now));
      const methods = stage === 'enrol' ? [] : methodsOf(factors);
      return { secondFactor: { stage, methods } };
    }
    if (request.cookies[PENDING_COOKIE]) clearPendingCookie(reply, ctx);
    return completeSignIn(ctx, reply, user, optionalAuth);
  },

  impersonate: async ({ db, ctx, body, auth, reply }) => {
    const target = await userByName(db, body.username);
    if (!target) throw new HttpError(404, 'not_found', undefined, { field: 'username' });
    const by = auth.impersonatedBy ?? auth.user.username;
    const token = await openSession(db, target.id, by, ctx.now());
    await closeSession(db, auth.sessionId);
    await writeProtocol(db, protocolEntry.impersonated(auth.user.username, target, by));
    setSessionCookie(reply, ctx, token);
    return sessionView(await sessionOfToken(ctx, token));
  },

  signout: async ({ db, ctx, optionalAuth, reply }) => {
    if (optionalAuth) {
      await closeSession(db, optionalAuth.sessionId);
      await writeProtocol(db, protocolEntry.signedOut(optionalAuth.user));
    }
    clearSessionCookie(reply, ctx);
    return { ok: true as const };
  },

  session: ({ auth }) => sessionView(auth),
});
