import { gunzipSync } from 'node:zlib';
import {
  APP_SHELL,
  LANGUAGES,
  LOCATION_SHELL,
  type LocationPage,
  locationPagesFor,
  OPTIONAL_LOCATION_PAGES,
} from '@falcon/api-client';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/harness';
import type { AppContext } from './context';
import { locations, users } from './db/schema';
import { registerContract } from './plugins/contract';
import { routeGroups } from './routes';
import { adminRoutes } from './routes/admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ version: 'test-1' });
});
afterAll(() => t.close());

describe('the app shell', () => {
  it('serves the version as text, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('test-1');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/rest/v2/nothing-here',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('sends the security headers and no-store on the API', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/rest/v2/supportedLanguages',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['de', 'en', 'cz', 'pl', 'hu', 'ro']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses state-changing requests without X-Requested-With', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rest/v2/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'csrf_header_missing' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers malformed JSON, wrong types, unknown fields and oversize bodies with 4xx', async () => {
    const post = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/rest/v2/auth/signin',
        headers: { 'content-type': type, 'x-requested-with': 'XMLHttpRequest' },
        payload,
      });
    const malformed = await post('{"username": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: 'validation_error',
      details: { field: 'body' },
    });
    const wrongType = await post(JSON.stringify({ username: 7, password: 'x' }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details.field).toBe('username');
    const unknown = await post(JSON.stringify({ username: 'a', password: 'b', admin: true }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.field).toBe('admin');
    const huge = await post(JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: 'payload_too_large' });
    const text = await post('username=a', 'text/plain');
    expect(text.statusCode).toBe(415);
  });

  it('implements every endpoint of the contract: none answers 501, and a group without a handler does not start', async () => {
    const admin = await signIn(t.app, 'admin');
    const res = await admin.get('/api/rest/v2/admin/overview');
    expect(res.statusCode).toBe(200);
    const withoutAdmin = routeGroups.filter((g) => g !== adminRoutes);
    const app = Fastify();
    expect(() => registerContract(app, {} as AppContext, withoutAdmin)).toThrow(
      'No handler for admin.overview, admin.dashboard',
    );
    await app.close();
  });

  it('compresses large JSON answers for a client that accepts it, and not small ones', async () => {
    const admin = await signIn(t.app, 'admin');
    const racks = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/rest/v2/location/C001-B01-L01/racks',
        headers: {
          cookie: admin.cookie,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
    const plain = await racks();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await racks('gzip');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/rest/v2/supportedLanguages',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/rest/v2/auth/signin');
  });
});

/** An app serving a web build made of `files` (path -> content) in a temporary folder. */
const withWebDist = async (
  files: Record<string, string | Buffer>,
  test: (app: Awaited<ReturnType<typeof import('./app').buildApp>>) => Promise<void>,
) => {
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { dirname, join } = await import('node:path');
  const { buildApp } = await import('./app');
  const dir = mkdtempSync(join(tmpdir(), 'falcon-web-'));
  for (const [path, content] of Object.entries({
    'index.html': '<!doctype html><title>Falcon</title>',
    ...files,
  })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const app = await buildApp({
    db: t.database.db,
    webDist: dir,
    underPressure: false,
    jobs: false,
  });
  try {
    await test(app);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('serving the web app', () => {
  const INDEX =
    '<!doctype html><html lang="de"><head><title>Falcon</title></head><body><div id="root"></div></body></html>';
  const cookieOf = async (app: FastifyInstance, username: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/rest/v2/auth/signin',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ username, password: 'demo1234' }),
    });
    const session = res.cookies.find((c) => c.name === 'falcon_session');
    if (!session) throw new Error(`no session for ${username}`);
    return `falcon_session=${session.value}`;
  };

  describe('the /app page prerendered for a signed-in user (ADR 0066)', () => {
    // Each shell names its file, and holds the place of the initials.
    const shells = Object.fromEntries(
      LANGUAGES.flatMap((language) =>
        [false, true].map((mayCount) => {
          const file = APP_SHELL.file(language, mayCount);
          return [`shells/${file}`, `<p>${file}</p><b>${APP_SHELL.initials}</b>`];
        }),
      ),
    );

    it("sends /app with the page in the user's language and initials, with the count link for who may count", () =>
      withWebDist({ 'index.html': INDEX, ...shells }, async (app) => {
        const admin = await app.inject({
          method: 'GET',
          url: '/app',
          headers: { cookie: await cookieOf(app, 'admin') },
        });
        expect(admin.statusCode).toBe(200);
        expect(admin.headers['content-type']).toContain('text/html');
        // Per user: never kept by a shared cache.
        expect(admin.headers['cache-control']).toBe('private, no-cache');
        expect(admin.body).toContain(
          '<div id="shell" inert><p>app-de-count.html</p><b>KV</b></div><div id="root"></div>',
        );
        const staff = await app.inject({
          method: 'GET',
          url: '/app/',
          headers: { cookie: await cookieOf(app, 'staff') },
        });
        expect(staff.body).toContain('<p>app-de.html</p><b>JK</b>');
      }));

    it("takes the app's language from its cookie (a language picked on the sign-in page), Czech as cs in <html lang>", () =>
      withWebDist({ 'index.html': INDEX, ...shells }, async (app) => {
        const cookie = await cookieOf(app, 'staff');
        const cz = await app.inject({
          method: 'GET',
          url: '/app',
          headers: { cookie: `${cookie}; falcon_language=cz` },
        });
        expect(cz.body).toContain('<html lang="cs">');
        expect(cz.body).toContain('<p>app-cz.html</p>');
        // Anything but a language is ignored: the user's stored one.
        const odd = await app.inject({
          method: 'GET',
          url: '/app',
          headers: { cookie: `${cookie}; falcon_language=<x>` },
        });
        expect(odd.body).toContain('<p>app-de.html</p>');
      }));

    it('sends index.html as built without a session, on every other page, and when the build has no shells', async () => {
      await withWebDist({ 'index.html': INDEX, ...shells }, async (app) => {
        const signedOut = await app.inject({ method: 'GET', url: '/app' });
        expect(signedOut.statusCode).toBe(200);
        expect(signedOut.body).toBe(INDEX);
        const stale = await app.inject({
          method: 'GET',
          url: '/app',
          headers: { cookie: 'falcon_session=expired' },
        });
        expect(stale.body).toBe(INDEX);
        const cookie = await cookieOf(app, 'admin');
        for (const url of ['/app/count', '/location/C001-B01-L01', '/application'])
          expect((await app.inject({ method: 'GET', url, headers: { cookie } })).body).toBe(INDEX);
      });
      await withWebDist({ 'index.html': INDEX }, async (app) => {
        const cookie = await cookieOf(app, 'admin');
        expect(
          (
            await app.inject({
              method: 'GET',
              url: '/app',
              headers: { cookie },
            })
          ).body,
        ).toBe(INDEX);
      });
    });

    it("escapes the initials (a user's name is theirs to choose)", () =>
      withWebDist({ 'index.html': INDEX, ...shells }, async (app) => {
        const { db } = t.database;
        await db.update(users).set({ firstname: '<', lastname: '&' }).where(eq(users.username, 'admin'));
        try {
          const res = await app.inject({
            method: 'GET',
            url: '/app',
            headers: { cookie: await cookieOf(app, 'admin') },
          });
          expect(res.body).toContain('<b>&#60;&#38;</b>');
        } finally {
          await db
            .update(users)
            .set({ firstname: 'Katrin', lastname: 'Vogel' })
            .where(eq(users.username, 'admin'));
        }
      }));
  });

  describe("a location's page prerendered for a signed-in user (ADR 0068)", () => {
    const V = LOCATION_SHELL.values;
    const link = (page: LocationPage) => {
      const [start, end] = LOCATION_SHELL.optional(page);
      return `${start}<li><a href="/location/${encodeURIComponent(V.code)}/${page}">${page}</a></li>${end}`;
    };
    // Each shell names its file and holds every place the server writes in, as the build writes them.
    const shells = Object.fromEntries(
      LANGUAGES.map((language) => [
        `shells/${LOCATION_SHELL.file(language)}`,
        `<p>${LOCATION_SHELL.file(language)}</p><b>${APP_SHELL.initials}</b>` +
          `<h1>${V.name}</h1><a href="/concern/${encodeURIComponent(V.concernCode)}">${V.concernName}</a>` +
          `<a href="/branch/${encodeURIComponent(V.branchCode)}">${V.branchName}</a>` +
          `<i>${V.containers}|${V.alarming}|${V.shelves}</i>` +
          `<ul>${(Object.keys(OPTIONAL_LOCATION_PAGES) as LocationPage[]).map(link).join('')}</ul>`,
      ]),
    );
    const PATH = '/location/C001-B01-L01';
    const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const page = (app: FastifyInstance, cookie: string, url = PATH) =>
      app.inject({ method: 'GET', url, headers: { cookie } });

    it('writes in the location as the API answers the user, and keeps only the pages they may open', () =>
      withWebDist({ 'index.html': INDEX, ...shells }, async (app) => {
        for (const username of ['admin', 'staff']) {
          const cookie = await cookieOf(app, username);
          const location = (
            await app.inject({
              method: 'GET',
              url: `/api/rest/v2${PATH}`,
              headers: { cookie },
            })
          ).json();
          const { permissions } = (
            await app.inject({
              method: 'GET',
              url: '/api/rest/v2/auth/session',
              headers: { cookie },
            })
          ).json();
          const res = await page(app, cookie);
          expect(res.statusCode).toBe(200);
          expect(res.headers['cache-control']).toBe('private, no-cache');
          const shell = res.body.match(/<div id="shell" inert>(.*)<\/div><div id="root"><\/div>/s)?.[1] ?? '';
          expect(shell).toContain('<p>location-de.html</p>');
          const de = new Intl.NumberFormat('de');
          expect(shell).toContain(`<h1>${html(location.name)}</h1>`);
          expect(shell).toContain(
            `<a href="/concern/C001">${html(location.parentBranch.parentConcern.name)}</a><a href="/branch/C001-B01">${html(location.parentBranch.name)}</a>`,
          );
          expect(shell).toContain(
            `<i>${de.format(location.containerCount)}|${de.format(
              location.alarmingCount,
            )}|${de.format(location.maxShelves)}</i>`,
          );
          const may = locationPagesFor(permissions);
          for (const [name, shown] of Object.entries(may))
            expect(
              shell.includes(`/location/C001-B01-L01/${name}">${name}</a>`),
              `${username}: ${name}`,
            ).toBe(shown);
          // No place or mark left for the browser to show.
          expect(shell).not.toContain('\u2063');
          if (username === 'staff') expect(Object.values(may)).toContain(false);
        }
      }));

    it('sends no location to whoever may not see it, none on a sub-page, without a session or a shell', async () => {
      await withWebDist({ 'index.html': INDEX, ...shells }, async (app) => {
        // The administrator of another concern: the location is not theirs (the API answers 404).
        const foreign = await cookieOf(app, 'mojmir.neubauer');
        expect((await page(app, foreign)).body).toBe(INDEX);
        const admin = await cookieOf(app, 'admin');
        for (const url of [
          '/location/NOPE',
          '/location/C001-B01-L01/contacts',
          '/location/C001-B01-L01%2Fx',
        ]) {
          const res = await page(app, admin, url);
          expect(res.statusCode, url).toBe(200);
          expect(res.body, url).toBe(INDEX);
        }
        expect((await app.inject({ method: 'GET', url: PATH })).body).toBe(INDEX);
      });
      await withWebDist({ 'index.html': INDEX }, async (app) => {
        expect((await page(app, await cookieOf(app, 'admin'))).body).toBe(INDEX);
      });
    });

    it('escapes what users named, a `$` included', () =>
      withWebDist({ 'index.html': INDEX, ...shells }, async (app) => {
        const { db } = t.database;
        const [before] = await db.select().from(locations).where(eq(locations.code, 'C001-B01-L01'));
        await db
          .update(locations)
          .set({ name: `<img src=x onerror=alert(1)>$& $' "Lager" ${V.branchName}` })
          .where(eq(locations.code, 'C001-B01-L01'));
        try {
          const res = await page(app, await cookieOf(app, 'admin'));
          expect(res.body).toContain(
            // A place named in a name stays what was typed: one pass over the shell.
            `<h1>&#60;img src=x onerror=alert(1)&#62;$&#38; $&#39; &#34;Lager&#34; ${V.branchName}</h1>`,
          );
          expect(res.body).not.toContain('<img');
        } finally {
          await db.update(locations).set({ name: before!.name }).where(eq(locations.code, 'C001-B01-L01'));
        }
      }));
  });

  it('serves files, falls back to index.html for client routes, and 404s unknown API paths and assets', () =>
    withWebDist({ 'app.js': 'console.log(1)' }, async (app) => {
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>Falcon</title>');
      const route = await app.inject({
        method: 'GET',
        url: '/location/C001-B01-L01?x=1',
      });
      expect(route.statusCode).toBe(200);
      expect(route.headers['content-type']).toContain('text/html');
      expect(route.headers['content-security-policy']).toContain("default-src 'self'");
      expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
      expect((await app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
      const api = await app.inject({
        method: 'GET',
        url: '/api/rest/v2/unknown',
      });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ error: 'not_found' });
      expect((await app.inject({ method: 'GET', url: '/version.txt' })).body).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }));

  it("serves the web build's version.json uncached, so a running tab sees a new deployment at once", () =>
    withWebDist(
      {
        'version.json': '{"version":"0123456789abcdef"}\n',
        'assets/index-abcdefgh.js': 'console.log(1)',
      },
      async (app) => {
        const version = await app.inject({
          method: 'GET',
          url: '/version.json',
        });
        expect(version.statusCode).toBe(200);
        expect(version.json()).toEqual({ version: '0123456789abcdef' });
        expect(version.headers['cache-control']).toBe('no-store');
        const asset = await app.inject({
          method: 'GET',
          url: '/assets/index-abcdefgh.js',
        });
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      },
    ));

  it('serves the PWA manifest and wasm with their content types and lets the page compile wasm', () =>
    withWebDist(
      {
        'manifest.webmanifest': '{"name":"Falcon","start_url":"/app"}',
        // The smallest valid module: magic number and version.
        'assets/zxing_reader-abc.wasm': Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]),
      },
      async (app) => {
        const manifest = await app.inject({
          method: 'GET',
          url: '/manifest.webmanifest',
        });
        expect(manifest.statusCode).toBe(200);
        expect(manifest.headers['content-type']).toContain('application/manifest+json');
        const wasm = await app.inject({
          method: 'GET',
          url: '/assets/zxing_reader-abc.wasm',
        });
        expect(wasm.statusCode).toBe(200);
        expect(wasm.headers['content-type']).toBe('application/wasm');
        expect(wasm.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
        // WebAssembly.instantiateStreaming needs 'wasm-unsafe-eval'; plain script eval stays forbidden.
        const page = await app.inject({ method: 'GET', url: '/app' });
        const scriptSrc = String(page.headers['content-security-policy'])
          .split(';')
          .find((directive) => directive.startsWith('script-src'));
        expect(scriptSrc).toBe("script-src 'self' 'wasm-unsafe-eval'");
      },
    ));
});

describe('behind TLS (SESSION_SECURE)', () => {
  it('sends HSTS and marks the session cookie Secure', async () => {
    const { buildApp } = await import('./app');
    const app = await buildApp({
      db: t.database.db,
      webDist: null,
      sessionSecure: true,
      underPressure: false,
      jobs: false,
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/rest/v2/auth/signin',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ username: 'staff', password: 'demo1234' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
    } finally {
      await app.close();
    }
  });
});
