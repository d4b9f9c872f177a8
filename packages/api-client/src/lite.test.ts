import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { contract } from './contract';
import { createApiClient, createPublicApiClient, PUBLIC_ROUTES, ROUTES } from './lite';
import { routeMetaOf } from './requester';

describe('@falcon/api-client/lite', () => {
  it('has the routes of every contract endpoint (run `npm run openapi` after changing the contract)', () => {
    const fromContract = Object.fromEntries(
      Object.entries(contract).map(([resource, group]) => [
        resource,
        Object.fromEntries(Object.entries(group).map(([name, endpoint]) => [name, routeMetaOf(endpoint)])),
      ]),
    );
    expect(ROUTES).toEqual(fromContract);
  });

  it('has the public routes (no session needed) apart, and only those', () => {
    const publicOnes = Object.entries(contract).flatMap(([resource, group]) =>
      Object.entries(group)
        .filter(([, endpoint]) => endpoint.auth === 'public')
        .map(([name, endpoint]) => [`${resource}.${name}`, routeMetaOf(endpoint)] as const),
    );
    expect(publicOnes.length).toBeGreaterThan(0);
    const listed = Object.entries(PUBLIC_ROUTES).flatMap(([resource, group]) =>
      Object.entries(group).map(([name, route]) => [`${resource}.${name}`, route] as const),
    );
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(publicOnes));
  });

  it('the public client does not bundle the other routes', async () => {
    const result = await build({
      stdin: {
        contents: "export { createPublicApiClient } from './lite';",
        resolveDir: new URL('.', import.meta.url).pathname,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'esm',
      minify: true,
      metafile: true,
      logLevel: 'silent',
    });
    // What ends up in the output (the metafile's inputs also list what tree-shaking dropped).
    const [output] = Object.values(result.metafile.outputs);
    const included = Object.entries(output?.inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    expect(included.some((path) => path.endsWith('routes.public.gen.ts'))).toBe(true);
    expect(included.filter((path) => path.endsWith('routes.gen.ts'))).toEqual([]);
    expect(result.outputFiles[0]?.text).not.toContain('/rest/v2/concerns');
  });

  it('loads no zod and no schema: what the login route of the web app pays for', async () => {
    const result = await build({
      entryPoints: [new URL('./lite.ts', import.meta.url).pathname],
      bundle: true,
      write: false,
      format: 'esm',
      minify: true,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((path) => path.includes('node_modules/zod'))).toEqual([]);
    // define.ts (paths) and text.ts (the text rule defineEndpoint applies; zod-free, tree-shaken) only.
    const allowed = ['define.ts', 'text.ts'];
    expect(
      inputs.filter((path) => path.includes('/contract/') && !allowed.some((f) => path.endsWith(f))),
    ).toEqual([]);
  });

  it('calls the same URL with the same headers as the full client', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify([]), { status: 200 }));
    const lite = createApiClient({ fetch, getLanguage: () => 'en' });
    await lite.concerns.list();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rest/v2/concerns?lang=en');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Cache-Control': 'no-cache' });
  });

  it('the public client calls the public routes as the full client does', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ footerLinks: {} }), { status: 200 }));
    const client = createPublicApiClient({ fetch, getLanguage: () => 'pl' });
    await client.content.footer();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rest/v2/content/footer?lang=pl');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
    expect('impersonate' in client.auth).toBe(false);
  });
});
