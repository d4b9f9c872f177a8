import { DEFAULT_ROLES } from './roles';

/**
 * Single sign-on rules both backends apply (ADR 0064).
 *
 * An identity provider's issuer must be https; plain http only for a provider on this machine outside
 * production (the tests' and a developer's provider). Checked before anything is stored or fetched.
 */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const issuerAllowed = (issuer: string, production: boolean): boolean => {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname) && !production;
};

/** The domain of an e-mail address (lower case): it names the concern whose provider signs the user in. */
export const emailDomainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Whether a role may be granted by a concern's identity provider: it belongs to the concern or is global,
 * and carries no permission beyond the default customer admin's (DEFAULT_ROLES.KD_ADMIN). A provider a
 * customer runs can never mint internal staff or administrators.
 */
export const ssoGrantable = (
  role: { concernCode: string | null; permissions: readonly string[] },
  concernCode: string,
): boolean => {
  if (role.concernCode !== null && role.concernCode !== concernCode) return false;
  const ceiling: readonly string[] = DEFAULT_ROLES.KD_ADMIN.permissions;
  return role.permissions.every((p) => ceiling.includes(p));
};
