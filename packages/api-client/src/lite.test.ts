import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { contract } from './contract';
import { createApiClient, ROUTES } from './lite';
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
});
