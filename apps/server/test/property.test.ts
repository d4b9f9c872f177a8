import { randomBytes } from 'node:crypto';
import { buildPath, endpoints, pathParamNames } from '@falcon/api-client';
import { createDataset } from '@falcon/demo-data';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema';
import { png, xlsx } from '../src/files/testing';
import { type Client, createTestApp, signIn, type TestApp } from './harness';

/**
 * Random bodies and path parameters thrown at every endpoint of the contract by an ADMIN: never a
 * 5xx, and a refused request changes nothing.
 */
let h: TestApp;
let admin: Client;
beforeAll(async () => {
  h = await createTestApp();
  admin = await signIn(h.app, 'admin');
});
afterAll(() => h.close());

/** A digest of the data a request could change (small dataset: cheap). */
const digest = async () => {
  const result = (await h.database.db.execute(sql`select
    (select md5(coalesce(string_agg(${t.containers.id} || ${t.containers.active}::text || ${t.containers.fillingQuantity}::text || ${t.containers.deliveryStatus}, ',' order by ${t.containers.id}), '')) from ${t.containers}) as c,
    (select md5(coalesce(string_agg(${t.reviewRequests.id} || ${t.reviewRequests.state}, ',' order by ${t.reviewRequests.id}), '')) from ${t.reviewRequests}) as r,
    (select md5(coalesce(string_agg(${t.users.id} || ${t.users.username} || ${t.users.passwordHash}, ',' order by ${t.users.id}), '')) from ${t.users}) as u,
    (select md5(coalesce(string_agg(${t.racks.code} || ${t.racks.position}::text, ',' order by ${t.racks.code}), '')) from ${t.racks}) as k`)) as unknown as {
    rows: Record<string, string>[];
  };
  return JSON.stringify(result.rows[0]);
};

// Sign-out and impersonation would end the ADMIN's session; sign-in is covered by its own tests.
const SKIP = new Set(['auth.signout', 'auth.impersonate', 'auth.signin']);
const targets = endpoints.filter((e) => !SKIP.has(e.name) && !e.endpoint.multipart);
const multipartTargets = endpoints.filter((e) => e.endpoint.multipart);

const param = fc.oneof(
  fc.constantFrom(
    'C001',
    'C001-B01',
    'C001-B01-L01',
    'K0000001',
    'A100001',
    'RQ00001',
    'admin',
    'R01',
    'IH01',
  ),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom('query', 'page', 'size', 'factor', 'filters', 'sortField', 'comment', 'username'),
    fc.anything({ maxDepth: 2 }),
  ),
);

describe('random requests to every endpoint', () => {
  it.each(targets.map((e) => [e.name, e.endpoint] as const))(
    '%s: no 5xx, refused requests change nothing',
    async (_name, endpoint) => {
      const names = pathParamNames(endpoint.path);
      const mutating = endpoint.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          fc.array(param, { minLength: names.length, maxLength: names.length }),
          body,
          async (values, payload) => {
            const url =
              (endpoint.root ? '' : '/api') +
              buildPath(endpoint.path, Object.fromEntries(names.map((n, i) => [n, values[i] ?? ''])));
            const before = mutating ? await digest() : '';
            const res =
              endpoint.method === 'GET'
                ? await admin.get(url)
                : endpoint.method === 'POST'
                  ? await admin.post(url, payload)
                  : await admin.del(url, payload);
            expect(
              res.statusCode,
              `${endpoint.method} ${url} ${JSON.stringify(payload)} -> ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
            if (mutating && res.statusCode >= 400) expect(await digest()).toBe(before);
          },
        ),
        { numRuns: 6, seed: 42 },
      );
    },
  );
});

// --- multipart ------------------------------------------------------------------------------------

/** What an upload could change: stored files, gallery images, branch maps, lists, the protocol. */
const uploadDigest = async () => {
  const result = (await h.database.db.execute(sql`select
    (select md5(coalesce(string_agg(${t.files.id} || ${t.files.sha256}, ',' order by ${t.files.id}), '')) from ${t.files}) as f,
    (select md5(coalesce(string_agg(${t.images.id}, ',' order by ${t.images.id}), '')) from ${t.images}) as i,
    (select md5(coalesce(string_agg(${t.branchMaps.branchCode} || ${t.branchMaps.fileId}, ',' order by ${t.branchMaps.branchCode}), '')) from ${t.branchMaps}) as m,
    (select md5(coalesce(string_agg(${t.barcodeLists.id}, ',' order by ${t.barcodeLists.id}), '')) from ${t.barcodeLists}) as b,
    (select md5(coalesce(string_agg(${t.inventoryLists.id}, ',' order by ${t.inventoryLists.id}), '')) from ${t.inventoryLists}) as l,
    (select count(*) from ${t.inventoryListRows})::text as lr,
    (select md5(coalesce(string_agg(${t.reviewRequests.id} || coalesce(${t.reviewRequests.photoFileId}, ''), ',' order by ${t.reviewRequests.id}), '')) from ${t.reviewRequests}) as r,
    (select count(*) from ${t.protocol})::text as p`)) as unknown as { rows: Record<string, string>[] };
  return JSON.stringify(result.rows[0]);
};

const small = createDataset({ seed: 1, scale: 'small' });
const ownLocation = small.containers[0] as (typeof small.containers)[number];
const locationBarcodes = small.containers
  .filter((c) => c.locationCode === ownLocation.locationCode)
  .slice(0, 5)
  .map((c) => c.barcode);

/** Real files an upload could accept, built once (bytes for images, csv/xlsx for lists). */
let realFiles: Uint8Array[] = [];
beforeAll(async () => {
  realFiles = [
    new Uint8Array(await png(16, 8)),
    new Uint8Array(await xlsx(locationBarcodes.map((b) => [b]))),
    new TextEncoder().encode(`${locationBarcodes.join('\n')}\n`),
    new TextEncoder().encode(locationBarcodes.map((b, i) => `${b};${i + 1}`).join('\n')),
  ];
});

const bytes = (maxLength: number) => fc.uint8Array({ maxLength });
interface Part {
  name: string;
  filename: string | undefined;
  contentType: string | undefined;
  content: Uint8Array | 'real';
  realIndex: number;
}
const part: fc.Arbitrary<Part> = fc.record({
  name: fc.oneof(fc.constantFrom('file', 'code', 'again', 'file', 'x'), fc.string({ maxLength: 20 })),
  filename: fc.option(
    fc.oneof(
      fc.constantFrom('list.csv', 'rack.png', '../../etc/passwd', 'a\u0000b.xlsx', 'ä ö ü.txt', ''),
      fc.string({ maxLength: 60 }),
    ),
    { nil: undefined },
  ),
  contentType: fc.option(
    fc.oneof(
      fc.constantFrom('text/csv', 'image/png', 'application/octet-stream', 'text/html', 'multipart/mixed'),
      fc.string({ maxLength: 30 }),
    ),
    { nil: undefined },
  ),
  content: fc.oneof(
    fc.constant('real' as const),
    bytes(512),
    fc
      .constantFrom('true', 'false', ownLocation.locationCode, ownLocation.branchCode)
      .map((v) => new TextEncoder().encode(v)),
  ),
  realIndex: fc.nat(3),
});

/** Escapes nothing on purpose: random names may contain quotes and line breaks (a hostile client). */
const encodeParts = (boundary: string, parts: Part[]) => {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const headers = `Content-Disposition: ${disposition}\r\n${p.contentType === undefined ? '' : `Content-Type: ${p.contentType}\r\n`}`;
    const content = p.content === 'real' ? (realFiles[p.realIndex] as Uint8Array) : p.content;
    chunks.push(Buffer.from(`--${boundary}\r\n${headers}\r\n`), Buffer.from(content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
};

/** A well-meant upload: one `file` part with a real file of the endpoint's kind, maybe its text fields. */
const plausible = (code: string, realIndexes: number[]): fc.Arbitrary<Part[]> => {
  const text = (name: string, value: string): Part => ({
    name,
    filename: undefined,
    contentType: undefined,
    content: new TextEncoder().encode(value),
    realIndex: 0,
  });
  return fc
    .record({
      realIndex: fc.constantFrom(...realIndexes),
      filename: fc.constantFrom('upload.csv', 'liste.xlsx', 'rack.png', 'codes.txt'),
      code: fc.boolean(),
      again: fc.option(fc.constantFrom('true', 'false'), { nil: undefined }),
    })
    .map(({ realIndex, filename, code: withCode, again }) => [
      ...(withCode ? [text('code', code)] : []),
      ...(again && realIndexes[0] !== 0 ? [text('again', again)] : []),
      {
        name: 'file',
        filename,
        contentType: 'application/octet-stream',
        content: 'real' as const,
        realIndex,
      },
    ]);
};

type Damage = 'none' | 'truncate' | 'no-closing' | 'random' | 'other-boundary' | 'empty';
type Header = 'boundary' | 'no-boundary' | 'json' | 'garbage' | 'none';
interface MultipartCase {
  boundary: string;
  parts: Part[];
  damage: Damage;
  cut: number;
  noise: Uint8Array;
  header: Header;
}

const boundaryArb = fc.oneof(
  fc.constant('falconBoundary123'),
  fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/),
);
const multipartRequest = (code: string, realIndexes: number[]): fc.Arbitrary<MultipartCase> =>
  fc.oneof(
    // Well-formed bodies of plausible uploads (some are accepted, e.g. not a duplicate list).
    {
      weight: 1,
      arbitrary: fc.record({
        boundary: boundaryArb,
        parts: plausible(code, realIndexes),
        damage: fc.constant<Damage>('none'),
        cut: fc.constant(1),
        noise: fc.constant(new Uint8Array()),
        header: fc.constant<Header>('boundary'),
      }),
    },
    // Random parts, damaged bodies, wrong or missing content types.
    {
      weight: 3,
      arbitrary: fc.record({
        boundary: boundaryArb,
        parts: fc.oneof(fc.array(part, { maxLength: 4 }), plausible(code, realIndexes)),
        damage: fc.constantFrom<Damage>(
          'none',
          'truncate',
          'no-closing',
          'random',
          'other-boundary',
          'empty',
        ),
        cut: fc.double({ min: 0, max: 1, noNaN: true }),
        noise: bytes(300),
        header: fc.constantFrom<Header>('boundary', 'boundary', 'no-boundary', 'json', 'garbage', 'none'),
      }),
    },
  );

describe('random multipart bodies to every multipart endpoint', () => {
  it('the contract marks the upload endpoints as multipart (all of them are tested below)', () => {
    expect(multipartTargets.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'barcodeLists.upload',
        'branch.uploadMap',
        'inventoryLists.upload',
        'location.uploadImage',
      ]),
    );
  });

  it.each(multipartTargets.map((e) => [e.name, e.endpoint] as const))(
    '%s: no 5xx, refused uploads change nothing',
    async (_name, endpoint) => {
      const names = pathParamNames(endpoint.path);
      // A message's photo goes onto the caller's own pending message: one made for this property.
      const code = endpoint.path.includes('/review/')
        ? (
            await admin.post(`/api/rest/v2/container/${ownLocation.id}/message`, { message: 'Foto folgt' })
          ).json().id
        : endpoint.path.includes('/branch/')
          ? ownLocation.branchCode
          : ownLocation.locationCode;
      const codeParam = fc.oneof(
        { weight: 4, arbitrary: fc.constant(code) },
        { weight: 1, arbitrary: param },
      );
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(
          fc.array(codeParam, { minLength: names.length, maxLength: names.length }),
          multipartRequest(
            code,
            endpoint.path.includes('image') ||
              endpoint.path.includes('map') ||
              endpoint.path.includes('photo')
              ? [0]
              : endpoint.path.includes('inventory')
                ? [3]
                : [1, 2],
          ),
          async (values, r) => {
            const url =
              (endpoint.root ? '' : '/api') +
              buildPath(endpoint.path, Object.fromEntries(names.map((n, i) => [n, values[i] ?? ''])));
            const whole = encodeParts(r.boundary, r.parts);
            const payload =
              r.damage === 'truncate'
                ? whole.subarray(0, Math.floor(whole.length * r.cut))
                : r.damage === 'no-closing'
                  ? whole.subarray(0, Math.max(0, whole.length - r.boundary.length - 6))
                  : r.damage === 'random'
                    ? Buffer.from(r.noise)
                    : r.damage === 'other-boundary'
                      ? encodeParts(`x${randomBytes(4).toString('hex')}`, r.parts)
                      : r.damage === 'empty'
                        ? Buffer.alloc(0)
                        : whole;
            const contentType = {
              boundary: `multipart/form-data; boundary=${r.boundary}`,
              'no-boundary': 'multipart/form-data',
              json: 'application/json',
              garbage: 'multipart/x-garbage; boundary',
              none: undefined,
            }[r.header];
            const before = await uploadDigest();
            const res = await h.app.inject({
              method: 'POST',
              url,
              headers: {
                cookie: admin.cookie,
                'x-requested-with': 'XMLHttpRequest',
                ...(contentType === undefined ? {} : { 'content-type': contentType }),
              },
              payload,
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            expect(
              res.statusCode,
              `POST ${url} ${r.header}/${r.damage} ${JSON.stringify(r.parts.map((p) => ({ ...p, content: p.content === 'real' ? `real#${p.realIndex}` : p.content.length })))} -> ${res.body.slice(0, 300)}`,
            ).toBeLessThan(500);
            if (res.statusCode >= 400) expect(await uploadDigest()).toBe(before);
          },
        ),
        { numRuns: 40, seed: 42 },
      );
      // The generator reaches both sides: some uploads are accepted, most are refused.
      const accepted = [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
      expect(accepted, JSON.stringify([...statuses])).toBeGreaterThan(0);
      expect(accepted, JSON.stringify([...statuses])).toBeLessThan(40);
    },
    60_000,
  );
});
