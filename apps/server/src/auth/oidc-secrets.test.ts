import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SSO_KEY, decryptSecret, encryptSecret, secretKeyOf } from './oidc-secrets';

describe('client secrets at rest', () => {
  const key = secretKeyOf('a production key of at least thirty-two characters');

  it('decrypts what it encrypted, and never stores the secret readable', () => {
    const stored = encryptSecret(key, 'C001', 'the-client-secret');
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('the-client-secret');
    expect(decryptSecret(key, 'C001', stored)).toBe('the-client-secret');
    // A fresh IV each time: the same secret never looks the same twice.
    expect(encryptSecret(key, 'C001', 'the-client-secret')).not.toBe(stored);
  });

  it('refuses another key, another concern and any change', () => {
    const stored = encryptSecret(key, 'C001', 'the-client-secret');
    expect(decryptSecret(DEVELOPMENT_SSO_KEY, 'C001', stored)).toBeNull();
    // Copied to another concern's row, it does not open.
    expect(decryptSecret(key, 'C002', stored)).toBeNull();
    const raw = Buffer.from(stored.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] as number) ^ 1;
    expect(decryptSecret(key, 'C001', `v1.${raw.toString('base64url')}`)).toBeNull();
    expect(decryptSecret(key, 'C001', 'plain-text')).toBeNull();
  });
});
