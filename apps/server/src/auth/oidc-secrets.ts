import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database, encrypted at rest with AES-256-GCM: the client secrets of the concerns'
 * identity providers (single sign-on, ADR 0064, under SSO_SECRET_KEY; the concern's code is the additional
 * data) and the users' TOTP secrets (second factor, ADR 0063, under TOTP_SECRET_KEY; `totp:<user id>`).
 * The additional data binds a secret to its row: copied to another concern or user, it does not decrypt.
 * `v1.` names the format for a later key rotation.
 */
const VERSION = 'v1';

/** The key of a configured secret key (any text of 32 characters or more, hashed to 32 bytes). */
export const secretKeyOf = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();

/** Outside production without SSO_SECRET_KEY: a known key, so demo and tests work; it protects nothing. */
export const DEVELOPMENT_SSO_KEY = secretKeyOf('falcon development key: not secret, set SSO_SECRET_KEY');

/** Outside production without TOTP_SECRET_KEY: a known key, so demo and tests work; it protects nothing. */
export const DEVELOPMENT_TOTP_KEY = secretKeyOf('falcon development key: not secret, set TOTP_SECRET_KEY');

/** Whether a stored value is in the encrypted format (not a plain secret left from before). */
export const isEncrypted = (stored: string): boolean => stored.startsWith(`${VERSION}.`);

export const encryptSecret = (key: Buffer, context: string, secret: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
};

/** The secret, or null when it does not decrypt under this key (another key, another row's context, altered). */
export const decryptSecret = (key: Buffer, context: string, stored: string): string | null => {
  const [version, payload] = stored.split('.');
  if (version !== VERSION || !payload) return null;
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
};
