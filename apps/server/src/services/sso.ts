import {
  emailDomainOf,
  LANGUAGES,
  type Language,
  protocolEntry,
  type SsoFailureReason,
  type SsoSettings,
  type SsoSettingsInput,
  ssoGrantable,
} from '@falcon/api-client';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { OidcClaims, OidcClientSettings } from '../auth/oidc';
import { decryptSecret, encryptSecret } from '../auth/oidc-secrets';
import type { SsoOptions } from '../context';
import { type Db, queryRows } from '../db/client';
import * as t from '../db/schema';
import { fail, invalid } from '../errors';
import { newId } from '../ids';
import { writeProtocol } from './protocol';

type SettingsRow = typeof t.concernSso.$inferSelect;

/** A sign-in through the provider must come back within this time. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;

/** An SSO user's password hash: no password verifies against it (argon2 refuses the format). */
const NO_PASSWORD = '!sso';

const domainsOf = async (db: Db, concernCode: string): Promise<string[]> =>
  (
    await db
      .select({ domain: t.ssoDomains.domain })
      .from(t.ssoDomains)
      .where(eq(t.ssoDomains.concernCode, concernCode))
  )
    .map((r) => r.domain)
    .sort();

const view = (row: SettingsRow, emailDomains: string[]): SsoSettings => ({
  concernCode: row.concernCode,
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: row.clientSecretEncrypted.length > 0,
  emailDomains,
  roleClaim: row.roleClaim,
  roleMapping: row.roleMapping,
  defaultRole: row.defaultRole,
  passwordSignIn: row.passwordSignIn,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

/** What the protocol keeps of the settings: everything but the secret. */
const recorded = (s: SsoSettings): Record<string, unknown> => ({
  issuer: s.issuer,
  clientId: s.clientId,
  emailDomains: s.emailDomains,
  roleClaim: s.roleClaim,
  roleMapping: s.roleMapping,
  defaultRole: s.defaultRole,
  passwordSignIn: s.passwordSignIn,
});

export const ssoSettingsOf = async (db: Db, concernCode: string): Promise<SsoSettings | null> => {
  const [row] = await db.select().from(t.concernSso).where(eq(t.concernSso.concernCode, concernCode));
  return row ? view(row, await domainsOf(db, concernCode)) : null;
};

/**
 * The roles the mapping names, by name (any case). A mapped role must belong to the concern or be
 * global, and carry no permission beyond a customer admin's (DEFAULT_ROLES.KD_ADMIN): a provider
 * configured for a customer can never mint internal staff or administrators.
 */
const mappedRoles = async (
  db: Db,
  concernCode: string,
  names: readonly string[],
  field: string,
): Promise<Map<string, string>> => {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: t.roles.id, rolename: t.roles.rolename, concernCode: t.roles.concernCode })
    .from(t.roles)
    .where(inArray(sql`lower(${t.roles.rolename})`, wanted));
  const byName = new Map(rows.map((r) => [r.rolename.toLowerCase(), r]));
  const unknown = wanted.find((name) => !byName.has(name));
  if (unknown !== undefined) invalid(field, `No role is named ${unknown}`);
  const perms = await db
    .select({ roleId: t.rolePermissions.roleId, code: t.rolePermissions.code })
    .from(t.rolePermissions)
    .where(
      inArray(
        t.rolePermissions.roleId,
        rows.map((r) => r.id),
      ),
    );
  const ids = new Map<string, string>();
  for (const name of wanted) {
    const r = byName.get(name) as (typeof rows)[number];
    const permissions = perms.filter((p) => p.roleId === r.id).map((p) => p.code);
    if (!ssoGrantable({ concernCode: r.concernCode, permissions }, concernCode))
      fail(403, 'permission_not_held', field);
    ids.set(name, r.id);
  }
  return ids;
};

/** A unique index refused a row (drizzle may wrap the driver's error). */
const uniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/** Saves a concern's settings; the secret is encrypted and kept when the input has none. */
export const saveSsoSettings = async (
  db: Db,
  sso: SsoOptions,
  actor: string,
  concernCode: string,
  input: SsoSettingsInput,
  now: Date,
  checkProvider: (settings: OidcClientSettings) => Promise<void>,
): Promise<SsoSettings> => {
  if (!sso.key) fail(409, 'sso_key_missing');
  const key = sso.key as Buffer;
  const [existing] = await db.select().from(t.concernSso).where(eq(t.concernSso.concernCode, concernCode));
  const secret =
    input.clientSecret ??
    (existing ? decryptSecret(key, concernCode, existing.clientSecretEncrypted) : null) ??
    invalid('clientSecret');
  await mappedRoles(
    db,
    concernCode,
    input.roleMapping.map((m) => m.role),
    'roleMapping',
  );
  if (input.defaultRole) await mappedRoles(db, concernCode, [input.defaultRole], 'defaultRole');
  const domains = [...new Set(input.emailDomains)];
  const taken = await db
    .select({ domain: t.ssoDomains.domain })
    .from(t.ssoDomains)
    .where(and(inArray(t.ssoDomains.domain, domains), ne(t.ssoDomains.concernCode, concernCode)));
  if (taken.length) fail(409, 'sso_domain_taken', 'emailDomains');
  // The provider must answer its discovery document for this issuer now: a typo shows at once.
  await checkProvider({ issuer: input.issuer, clientId: input.clientId, clientSecret: secret as string });
  const before = existing ? view(existing, await domainsOf(db, concernCode)) : null;
  const values = {
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecretEncrypted: encryptSecret(key, concernCode, secret as string),
    roleClaim: input.roleClaim,
    roleMapping: input.roleMapping,
    defaultRole: input.defaultRole,
    passwordSignIn: input.passwordSignIn,
    updatedAt: now,
    updatedBy: actor,
  };
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx
        .insert(t.concernSso)
        .values({ concernCode, ...values })
        .onConflictDoUpdate({ target: t.concernSso.concernCode, set: values });
      await tx.delete(t.ssoDomains).where(eq(t.ssoDomains.concernCode, concernCode));
      await tx.insert(t.ssoDomains).values(domains.map((domain) => ({ domain, concernCode })));
      const after = view({ concernCode, ...values }, [...domains].sort());
      await writeProtocol(
        tx,
        protocolEntry.ssoConfigured(actor, concernCode, before && recorded(before), recorded(after)),
        now,
      );
    });
  } catch (error) {
    // Another concern took a domain between the check and the insert.
    if (uniqueViolation(error)) fail(409, 'sso_domain_taken', 'emailDomains');
    throw error;
  }
  return (await ssoSettingsOf(db, concernCode)) as SsoSettings;
};

export const removeSsoSettings = async (db: Db, actor: string, concernCode: string, now: Date) => {
  const before = await ssoSettingsOf(db, concernCode);
  if (!before) return;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.delete(t.concernSso).where(eq(t.concernSso.concernCode, concernCode));
    await writeProtocol(tx, protocolEntry.ssoRemoved(actor, concernCode, recorded(before)), now);
  });
};

/** A concern's provider with its secret, for a sign-in. */
interface ConcernProvider extends OidcClientSettings {
  concernCode: string;
  roleClaim: string;
  roleMapping: { claimValue: string; role: string }[];
  defaultRole: string | null;
}

const providerOf = (row: SettingsRow, key: Buffer | null): ConcernProvider | null => {
  const clientSecret = key ? decryptSecret(key, row.concernCode, row.clientSecretEncrypted) : null;
  if (clientSecret === null) return null;
  return {
    concernCode: row.concernCode,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret,
    roleClaim: row.roleClaim,
    roleMapping: row.roleMapping,
    defaultRole: row.defaultRole,
  };
};

/** The provider of the concern an e-mail address's domain belongs to; null when none (or its secret is unreadable). */
export const providerForEmail = async (
  db: Db,
  key: Buffer | null,
  email: string,
): Promise<ConcernProvider | null> => {
  const domain = emailDomainOf(email);
  const [row] = await db
    .select({ settings: t.concernSso })
    .from(t.ssoDomains)
    .innerJoin(t.concernSso, eq(t.concernSso.concernCode, t.ssoDomains.concernCode))
    .where(eq(t.ssoDomains.domain, domain));
  return row ? providerOf(row.settings, key) : null;
};

export const providerOfConcern = async (
  db: Db,
  key: Buffer | null,
  concernCode: string,
): Promise<ConcernProvider | null> => {
  const [row] = await db.select().from(t.concernSso).where(eq(t.concernSso.concernCode, concernCode));
  return row ? providerOf(row, key) : null;
};

// --- sign-ins on their way through the provider --------------------------------------------------

interface SsoLogin {
  concernCode: string;
  browser: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  redirect: string;
  createdAt: Date;
}

export const savePendingLogin = async (db: Db, id: string, login: SsoLogin) => {
  // Sign-ins never completed are dropped here: the table holds at most ten minutes of them.
  await db
    .delete(t.ssoLogins)
    .where(lt(t.ssoLogins.createdAt, new Date(login.createdAt.getTime() - SSO_LOGIN_TTL_MS)));
  await db.insert(t.ssoLogins).values({ id, ...login });
};

/** Takes a pending sign-in out (once: a second answer with the same state finds nothing). */
export const takePendingLogin = async (db: Db, id: string): Promise<SsoLogin | null> => {
  const [row] = await db.delete(t.ssoLogins).where(eq(t.ssoLogins.id, id)).returning();
  return row ?? null;
};

// --- the user behind the provider's subject ------------------------------------------------------

/** Why a completed sign-in is still refused (logged and protocolled, the answer is sso_failed). */
export class SsoRefused extends Error {
  override readonly name = 'SsoRefused';
  constructor(
    readonly reason: SsoFailureReason,
    message: string,
  ) {
    super(message);
  }
}

const claimText = (claims: OidcClaims, name: string): string | null => {
  const v = claims[name];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

/** The values of the role claim: a string, a list of strings, or a space- or comma-separated text. */
const claimValues = (claims: OidcClaims, name: string): string[] => {
  const v = claims[name];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  if (typeof v === 'string') return v.split(/[\s,]+/).filter(Boolean);
  return [];
};

/** The Falcon roles (by name) the claims grant; the default role when none maps; refused without either. */
const rolesFromClaims = (provider: ConcernProvider, claims: OidcClaims): string[] => {
  const values = new Set(claimValues(claims, provider.roleClaim));
  const roles = [...new Set(provider.roleMapping.filter((m) => values.has(m.claimValue)).map((m) => m.role))];
  if (roles.length) return roles;
  if (provider.defaultRole) return [provider.defaultRole];
  throw new SsoRefused('unmapped', `no role: claim ${provider.roleClaim} holds no mapped value`);
};

const languageOf = (claims: OidcClaims): Language => {
  const locale = claimText(claims, 'locale')?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(locale ?? '') ? (locale as Language) : 'de';
};

/** A customer user scoped to nothing but this concern (its branches or locations count); never internal staff. */
const userOfConcern = async (db: Db, userId: string, concernCode: string): Promise<boolean> => {
  const rows = await queryRows<{ outside: number; inside: number; internal: boolean }>(
    db,
    sql`select
          (select count(*)::int from ${t.userScope} s
             left join ${t.branches} b on s.kind = 'branch' and b.code = s.code
             left join ${t.locations} l on s.kind = 'location' and l.code = s.code
            where s.user_id = ${userId}
              and coalesce(case s.kind when 'concern' then s.code end, b.concern_code, l.concern_code, '') <> ${concernCode}) as outside,
          (select count(*)::int from ${t.userScope} s where s.user_id = ${userId}) as inside,
          (select scope_all or employee_key is not null from ${t.users} where id = ${userId}) as internal`,
  );
  const r = rows[0];
  return !!r && !r.internal && r.outside === 0 && r.inside > 0;
};

/**
 * The user a provider's subject signs in as, provisioned on the first sign-in within the concern's
 * scope with the mapped roles; on every later sign-in the roles follow the provider's claims again.
 * An existing user of the same concern with the same (verified) e-mail address is linked once. A
 * subject already linked to another concern is refused: one provider's user never reaches another
 * concern, even when two concerns trust the same provider.
 */
export const userForClaims = async (
  db: Db,
  provider: ConcernProvider,
  claims: OidcClaims,
  now: Date,
): Promise<{ id: string; username: string }> => {
  const roleNames = rolesFromClaims(provider, claims);
  const roleIds = [...(await mappedRoles(db, provider.concernCode, roleNames, 'roleMapping')).values()];
  const [identity] = await db
    .select()
    .from(t.ssoIdentities)
    .where(and(eq(t.ssoIdentities.issuer, claims.iss), eq(t.ssoIdentities.subject, claims.sub)));
  if (identity && identity.concernCode !== provider.concernCode)
    throw new SsoRefused('foreign', `subject ${claims.sub} belongs to concern ${identity.concernCode}`);
  const email = claimText(claims, 'email')?.toLowerCase() ?? null;
  const emailVerified = claims.email_verified !== false;
  let userId = identity?.userId ?? null;
  let created: { id: string; username: string } | null = null;
  if (!userId && email && emailVerified) {
    const sameEmail = await db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(sql`lower(${t.users.email})`, email));
    for (const u of sameEmail)
      if (await userOfConcern(db, u.id, provider.concernCode)) {
        userId = u.id;
        break;
      }
  }
  const username =
    email ?? claimText(claims, 'preferred_username') ?? `${claims.sub}@${new URL(claims.iss).host}`;
  const provision = db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (!userId) {
      const [taken] = await tx
        .select({ id: t.users.id })
        .from(t.users)
        .where(eq(sql`lower(${t.users.username})`, username.toLowerCase()));
      if (taken)
        throw new SsoRefused('foreign', `username ${username} is taken by a user outside the concern`);
      const id = newId('U');
      const name = claimText(claims, 'name') ?? username;
      await tx.insert(t.users).values({
        id,
        username,
        passwordHash: NO_PASSWORD,
        firstname: (claimText(claims, 'given_name') ?? name.split(' ')[0] ?? username).slice(0, 100),
        lastname: (claimText(claims, 'family_name') ?? name.split(' ').slice(1).join(' ')).slice(0, 100),
        email,
        language: languageOf(claims),
        createdAt: now,
      });
      await tx.insert(t.userScope).values({ userId: id, kind: 'concern', code: provider.concernCode });
      userId = id;
      created = { id, username };
    }
    if (!identity)
      await tx.insert(t.ssoIdentities).values({
        issuer: claims.iss,
        subject: claims.sub,
        concernCode: provider.concernCode,
        userId: userId as string,
        createdAt: now,
      });
    // The provider decides the roles: they follow its claims on every sign-in.
    await tx.delete(t.userRoles).where(eq(t.userRoles.userId, userId as string));
    await tx.insert(t.userRoles).values(roleIds.map((roleId) => ({ userId: userId as string, roleId })));
    if (created)
      await writeProtocol(
        tx,
        protocolEntry.ssoProvisioned(
          (created as { id: string }).id,
          {
            username,
            roles: roleNames,
            scope: { all: false, concerns: [provider.concernCode], branches: [], locations: [] },
          },
          claims.iss,
        ),
        now,
      );
  });
  await provision.catch((error: unknown) => {
    // Two first sign-ins of one subject at once: the other one made the user.
    if (uniqueViolation(error)) throw new SsoRefused('parallel', 'a parallel first sign-in');
    throw error;
  });
  const [user] = await db
    .select({ id: t.users.id, username: t.users.username, active: t.users.active })
    .from(t.users)
    .where(eq(t.users.id, userId as unknown as string));
  if (!user?.active) throw new SsoRefused('inactive', `user ${username} is deactivated`);
  return { id: user.id, username: user.username };
};

/**
 * Whether a user's password sign-in is off: a customer user whose scope lies in a concern whose single
 * sign-on switched passwords off. Internal staff (unrestricted scope, or acting as an employee: isInternal
 * of api-client) always keep their password: the way in when a provider fails.
 */
export const passwordSignInOff = async (db: Db, userId: string): Promise<boolean> => {
  const [row] = await queryRows<{ off: boolean }>(
    db,
    sql`select exists(
          select 1 from ${t.userScope} s
            left join ${t.branches} b on s.kind = 'branch' and b.code = s.code
            left join ${t.locations} l on s.kind = 'location' and l.code = s.code
            join ${t.concernSso} c
              on c.concern_code = coalesce(case s.kind when 'concern' then s.code end, b.concern_code, l.concern_code)
           where s.user_id = ${userId} and c.password_sign_in = false
        ) and not (select scope_all or employee_key is not null from ${t.users} where id = ${userId}) as off`,
  );
  return row?.off === true;
};
