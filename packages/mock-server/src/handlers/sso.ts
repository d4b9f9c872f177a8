import { emailDomainOf, issuerAllowed, type SsoSettings, ssoGrantable } from '@falcon/api-client';
import type { Auth, MockDb } from '../db';
import { fail, invalid, notFound } from '../errors';
import { type HandlerContext, route } from './route';

/**
 * Single sign-on in the mock: the concerns' settings are kept in memory, so the admin screen works
 * without a server. The mock has no identity provider: a configured domain's sign-in comes back
 * refused (the callback answers 401 sso_failed), an unconfigured one answers 404 sso_not_available.
 */
/** The redirect URI the server would name: the mock does not know the origin it is served from. */
const REDIRECT_URI = '/login/sso';

const storeOf = (db: MockDb) => db.ssoSettings;

const concernFor = (db: MockDb, auth: Auth, code: string) => {
  if (!db.concerns.has(code) || !db.canSeeConcern(auth.scope, code)) notFound();
  return code;
};

export const ssoHandlers = (ctx: HandlerContext) => [
  route(ctx, 'sso', 'start', ({ db, body }) => {
    const domain = emailDomainOf(body.email);
    const found = [...storeOf(db).values()].some((s) => s.emailDomains.includes(domain));
    if (!found) notFound('sso_not_available');
    return { url: `/login/sso?state=mock&error=temporarily_unavailable` };
  }),

  route(ctx, 'sso', 'callback', () => fail(401, 'sso_failed')),

  route(ctx, 'sso', 'settings', ({ db, auth, params }) => ({
    settings: storeOf(db).get(concernFor(db, auth, params.code)) ?? null,
    redirectUri: REDIRECT_URI,
  })),

  route(ctx, 'sso', 'saveSettings', ({ db, auth, params, body }) => {
    const code = concernFor(db, auth, params.code);
    if (!issuerAllowed(body.issuer, false)) invalid('issuer', 'An https address');
    const rolesOf = (field: string, names: readonly string[]) => {
      for (const name of names) {
        const role = db.grants.roleByName(name);
        if (!role) invalid(field, `No role is named ${name}`);
        else if (!ssoGrantable(role, code)) fail(403, 'permission_not_held', field);
      }
    };
    rolesOf(
      'roleMapping',
      body.roleMapping.map((m) => m.role),
    );
    if (body.defaultRole) rolesOf('defaultRole', [body.defaultRole]);
    const store = storeOf(db);
    const before = store.get(code);
    if (!body.clientSecret && !before?.hasClientSecret) fail(400, 'validation_error', 'clientSecret');
    for (const [other, s] of store)
      if (other !== code && s.emailDomains.some((d) => body.emailDomains.includes(d)))
        fail(409, 'sso_domain_taken', 'emailDomains');
    const settings: SsoSettings = {
      concernCode: code,
      issuer: body.issuer,
      clientId: body.clientId,
      hasClientSecret: true,
      emailDomains: [...new Set(body.emailDomains)].sort(),
      roleClaim: body.roleClaim,
      roleMapping: body.roleMapping,
      defaultRole: body.defaultRole,
      passwordSignIn: body.passwordSignIn,
      updatedAt: db.now(),
      updatedBy: auth.user.username,
    };
    store.set(code, settings);
    return { settings, redirectUri: REDIRECT_URI };
  }),

  route(ctx, 'sso', 'removeSettings', ({ db, auth, params }) => {
    storeOf(db).delete(concernFor(db, auth, params.code));
    return { ok: true as const };
  }),
];
