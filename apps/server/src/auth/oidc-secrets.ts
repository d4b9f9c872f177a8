import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Client secrets of the concerns' identity providers, encrypted at rest with AES-256-GCM under the key of
 * SSO_SECRET_KEY; the concern's code is the additional data, so a secret copied to another concern's row
 * does not decrypt. `v1.` names the format for a later key rotation.
 */
const VERSION = 'v1';

/** The key of a configured SSO_SECRET_KEY (any text of 32 characters or more, hashed to 32 bytes). */
export const ssoKeyOf = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();

/** Outside production without SSO_SECRET_KEY: a known key, so demo and tests work; it protects nothing. */
export const DEVELOPMENT_SSO_KEY = ssoKeyOf('falcon development key: not secret, set SSO_SECRET_KEY');

export const encryptSecret = (key: Buffer, concernCode: string, secret: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(concernCode, 'utf8'));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
};

/** The secret, or null when it does not decrypt under this key (another key, another concern, altered). */
export const decryptSecret = (key: Buffer, concernCode: string, stored: string): string | null => {
  const [version, payload] = stored.split('.');
  if (version !== VERSION || !payload) return null;
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(concernCode, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
};
