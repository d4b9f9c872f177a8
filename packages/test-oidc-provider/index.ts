import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) in the test process, on a free loopback port: the
 * authorization code flow with PKCE required, its development login form (any password; the login
 * names the account), consent given without asking, e-mail, names and groups as claims. One for every
 * test that needs a provider: the server's single sign-on tests (apps/server/src/routes/sso.test.ts) and
 * the web app's e2e (apps/web/e2e/sso.e2e.ts); a package of its own, as the web app may not import the
 * server's code nor the server the web app's.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  locale?: string;
  groups?: string[];
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestProvider {
  issuer: string;
  /** Accounts by login (the subject); change them between sign-ins. */
  accounts: Map<string, TestAccount>;
  /** Rewrites the token endpoint's next answers (a provider that answers with another client's ID token). */
  rewriteToken: ((body: Record<string, unknown>) => Record<string, unknown>) | null;
  close: () => Promise<void>;
}

export const startTestProvider = async (
  clients: TestClient[],
  initialAccounts: Record<string, TestAccount> = {},
): Promise<TestProvider> => {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>(Object.entries(initialAccounts));
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'locale', 'groups'],
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...accounts.get(sub) }) };
    },
    // A first-party provider: consent is given without a screen.
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
  const callback = provider.callback();
  const result: TestProvider = {
    issuer,
    accounts,
    rewriteToken: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  handle = (req, res) => {
    const rewrite = result.rewriteToken;
    if (rewrite && req.method === 'POST' && req.url?.startsWith('/token')) {
      const chunks: Buffer[] = [];
      const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
      res.write = ((chunk: unknown) => {
        chunks.push(Buffer.from(chunk as Uint8Array));
        return true;
      }) as typeof res.write;
      res.end = ((chunk?: unknown) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Uint8Array));
        let text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) text = JSON.stringify(rewrite(JSON.parse(text)));
        res.setHeader('content-length', Buffer.byteLength(text));
        return end(text);
      }) as typeof res.end;
    }
    callback(req, res);
  };
  return result;
};

/**
 * Goes through the provider as a browser would for an authorization URL: follows its redirects with
 * its cookies, signs `login` in on its login form, and returns the URL it sends the browser back to
 * (the app's callback page, with code, state and iss).
 */
export const signInAtProvider = async (
  authorizationUrl: string,
  login: string,
  callbackPath = '/login/sso',
) => {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    form = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.pathname === callbackPath) return next;
      url = next.href;
      continue;
    }
    const page = await res.text();
    if (res.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
      form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
      continue;
    }
    throw new Error(`the provider answered ${res.status} at ${url}: ${page.slice(0, 500)}`);
  }
  throw new Error('the provider did not send the browser back');
};
