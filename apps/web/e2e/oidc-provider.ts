import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) for the browser tests, on a free loopback port: its
 * development login form (any password; the login names the account), consent without a screen, PKCE
 * required. The server's own tests have their twin (apps/server/test/oidc-provider.ts): the web app may
 * not import the server's code.
 */
export interface E2eProvider {
  issuer: string;
  close: () => Promise<void>;
}

type Claims = Record<string, unknown>;

export const startE2eProvider = async (
  client: { client_id: string; client_secret: string; redirect_uris: string[] },
  accounts: Record<string, Claims>,
): Promise<E2eProvider> => {
  let callback: ReturnType<Provider['callback']> | null = null;
  const server = createServer((req, res) => {
    if (callback) callback(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...client,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'locale', 'groups'],
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx: unknown, sub: string) =>
      accounts[sub] ? { accountId: sub, claims: async () => ({ sub, ...accounts[sub] }) } : undefined,
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const clientId = oidc.client?.clientId as string;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.account?.accountId as string });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  callback = provider.callback();
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
