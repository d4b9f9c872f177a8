import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError } from './errors';
import { saveStatus } from './results';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const session = {
  id: 'u1',
  userId: 'u1',
  username: 'admin',
  firstname: 'Ada',
  lastname: 'Admin',
  fullName: 'Ada Admin',
  initials: 'AA',
  language: 'en',
  supportedLanguages: ['de', 'en'],
  permissions: ['PERM_SYSADMIN'],
  roles: ['ADMIN'],
  sessionTimeoutMinutes: 60,
  impersonatedBy: null,
  employeeKey: null,
};

const recordingFetch = (response: () => Response) => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return response();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
};

describe('typed client', () => {
  it('sends lang, no-cache and X-Requested-With on every request', async () => {
    const { fetch, calls } = recordingFetch(() => json(session));
    const client = createApiClient({ fetch, getLanguage: () => 'pl' });
    await client.auth.signin({ body: { username: 'admin', password: 'secret' } });
    await client.auth.session();

    for (const call of calls) {
      expect(new URL(call.url, 'http://x').searchParams.get('lang')).toBe('pl');
      const headers = call.init.headers as Record<string, string>;
      expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
      expect(headers['Cache-Control']).toBe('no-cache');
    }
    expect(calls[0]?.url).toBe('/api/rest/v2/auth/signin?lang=pl');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ username: 'admin', password: 'secret' });
  });

  it('fills and encodes path parameters', async () => {
    const { fetch, calls } = recordingFetch(() => json({ deleted: 1 }));
    const client = createApiClient({ fetch, baseUrl: 'http://localhost:3000/api' });
    await client.branch.deleteLocationPosition({
      params: { branchCode: 'A/B 1' },
      body: { locationCode: 'L1' },
    });
    expect(calls[0]?.url).toBe('http://localhost:3000/api/rest/v2/branch/A%2FB%201/locationposition?lang=de');
    expect(calls[0]?.init.method).toBe('DELETE');
  });

  it('calls the 401 hook for session endpoints but not for sign-in, and throws the message key', async () => {
    const onUnauthorized = vi.fn();
    const { fetch } = recordingFetch(() => json({ error: 'login_failed', message: 'Login failed' }, 401));
    const client = createApiClient({ fetch, onUnauthorized });

    const signin = client.auth.signin({ body: { username: 'a', password: 'b' } });
    await expect(signin).rejects.toMatchObject({ status: 401, key: 'login_failed' });
    expect(onUnauthorized).not.toHaveBeenCalled();

    await expect(client.concerns.list()).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('calls the 403 hook', async () => {
    const onForbidden = vi.fn();
    const { fetch } = recordingFetch(() => json({ error: 'forbidden', message: 'no' }, 403));
    const client = createApiClient({ fetch, onForbidden });
    await expect(client.admin.overview()).rejects.toMatchObject({ status: 403, key: 'forbidden' });
    expect(onForbidden).toHaveBeenCalledOnce();
  });

  it("leaves a public endpoint's 403 to the page: sso_required at sign-in is an answer, not a missing permission", async () => {
    const onForbidden = vi.fn();
    const { fetch } = recordingFetch(() => json({ error: 'sso_required', message: 'company account' }, 403));
    const client = createApiClient({ fetch, onForbidden });
    const signin = client.auth.signin({ body: { username: 'kdadmin', password: 'demo1234' } });
    await expect(signin).rejects.toMatchObject({ status: 403, key: 'sso_required' });
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('turns a network failure into unspecifiedNetworkError with status 0', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ fetch });
    await expect(client.concerns.list()).rejects.toMatchObject({ status: 0, key: 'unspecifiedNetworkError' });
  });

  it('rejects a response that drifted from the contract', async () => {
    const { fetch } = recordingFetch(() => json([{ code: 1 }]));
    const client = createApiClient({ fetch });
    await expect(client.concerns.list()).rejects.toThrow();
  });

  it('reports activity for the progress bar, also when a call fails', async () => {
    const deltas: number[] = [];
    const { fetch } = recordingFetch(() => json({ error: 'not_found', message: 'x' }, 404));
    const client = createApiClient({ fetch, onActivity: (d) => deltas.push(d) });
    await expect(client.concern.get({ params: { code: 'C1' } })).rejects.toMatchObject({ status: 404 });
    expect(deltas).toEqual([1, -1]);
  });

  it('sends multipart uploads with the file part and fields', async () => {
    const { fetch, calls } = recordingFetch(() => json({ ok: true }));
    const client = createApiClient({ fetch });
    await client.branch.uploadMap({
      params: { code: 'B1' },
      body: { code: 'B1' },
      file: new Blob(['png'], { type: 'image/png' }),
      filename: 'map.png',
    });
    const form = calls[0]?.init.body as FormData;
    expect(form.get('code')).toBe('B1');
    expect((form.get('file') as File).name).toBe('map.png');
    expect(calls[0]?.init.headers).not.toHaveProperty('Content-Type');
  });

  it('types each call from the contract', () => {
    const client = createApiClient({ fetch: recordingFetch(() => json({})).fetch });
    // @ts-expect-error a container needs its id
    void client.container.get().catch(() => {});
    // @ts-expect-error the body is checked against the contract
    void client.auth.signin({ body: { username: 'a' } }).catch(() => {});
    expect(typeof client.location.search).toBe('function');
  });

  it('fetches /version.txt outside the API base as text', async () => {
    const { fetch, calls } = recordingFetch(() => new Response('2025-08-31T10:00'));
    const client = createApiClient({ fetch });
    await expect(client.content.version()).resolves.toBe('2025-08-31T10:00');
    expect(calls[0]?.url).toMatch(/^\/version\.txt\?/);
  });
});

describe('return conventions of spec section 8', () => {
  const failing = () => Promise.reject(new ApiError(409, 'username_already_exists', 'exists'));

  it('user and role saves resolve to the HTTP status, also on error', async () => {
    await expect(saveStatus(failing())).resolves.toMatchObject({ status: 409 });
    await expect(saveStatus(Promise.resolve({}), 201)).resolves.toEqual({ status: 201 });
  });
});
