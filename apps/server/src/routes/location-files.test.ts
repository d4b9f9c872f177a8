import { createDataset } from '@falcon/demo-data';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/harness';
import { upload } from '../../test/uploads';
import * as schema from '../db/schema';
import { gif, png, pngClaiming } from '../files/testing';

const dataset = createDataset({ seed: 1, scale: 'small' });
const own = dataset.containers.find((c) => c.concernCode === 'C001' && c.active)!;
const foreign = dataset.containers.find((c) => c.concernCode !== 'C001')!;
const code = own.locationCode;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

describe('location gallery', () => {
  it('re-encodes an uploaded image, lists it first and serves its bytes; delete removes it', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const res = await upload(t.app, kdadmin, `/api/rest/v2/location/${code}/image/upload`, {
      bytes: await png(64, 32),
      name: 'rack.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({
      filename: 'rack.webp',
      contentType: 'image/webp',
      width: 64,
      height: 32,
      uploadedBy: 'kdadmin',
    });
    const gallery = (await kdadmin.post(`/api/rest/v2/location/${code}/images`, { size: 100 })).json();
    expect(gallery.items[0].id).toBe(image.id);
    expect(gallery.total).toBeGreaterThanOrEqual(1);
    const bytes = await kdadmin.get(image.url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/webp');
    expect(await sharp(bytes.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 32 });

    const staff = await signIn(t.app, 'staff');
    expect((await staff.del(`/api/rest/v2/location/${code}/image/${image.id}`)).statusCode).toBe(403);
    expect((await kdadmin.del(`/api/rest/v2/location/${code}/image/${image.id}`)).json()).toEqual({
      ok: true,
    });
    expect((await kdadmin.get(image.url)).statusCode).toBe(404);
  });

  it('stores a 320 px WebP thumbnail on upload, serves it and deletes it with the image', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    // 1600 x 900, red on the left half, blue on the right: the thumbnail must show the same picture.
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#d01010' } })
      .composite([
        {
          input: await sharp({ create: { width: 800, height: 900, channels: 3, background: '#1010d0' } })
            .png()
            .toBuffer(),
          left: 800,
          top: 0,
        },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await upload(t.app, kdadmin, `/api/rest/v2/location/${code}/image/upload`, {
      bytes: photo,
      name: 'hall.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image.thumbnailUrl).toMatch(
      new RegExp(`/api/rest/v2/location/${code}/image/${image.id}/thumbnail$`),
    );
    const gallery = (await kdadmin.post(`/api/rest/v2/location/${code}/images`, { size: 100 })).json();
    expect(gallery.items.find((i: { id: string }) => i.id === image.id).thumbnailUrl).toBe(
      image.thumbnailUrl,
    );

    const thumb = await kdadmin.get(image.thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 180 });
    expect(thumb.rawPayload.byteLength).toBeLessThan(image.size);
    const { data, info } = await sharp(thumb.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels).subarray(0, 3),
    ];
    const [lr, , lb] = pixel(40, 90);
    const [rr, , rb] = pixel(280, 90);
    expect(lr).toBeGreaterThan(150);
    expect(lb).toBeLessThan(80);
    expect(rb).toBeGreaterThan(150);
    expect(rr).toBeLessThan(80);

    // A small image is not enlarged.
    const small = (
      await upload(t.app, kdadmin, `/api/rest/v2/location/${code}/image/upload`, {
        bytes: await png(64, 32),
        name: 'small.png',
        type: 'image/png',
      })
    ).json();
    expect(await sharp((await kdadmin.get(small.thumbnailUrl)).rawPayload).metadata()).toMatchObject({
      width: 64,
      height: 32,
    });

    // Other tenants: 404 like a missing image.
    const other = await signIn(t.app, 'kdadmin');
    expect(
      (await other.get(`/api/rest/v2/location/${foreign.locationCode}/image/${image.id}/thumbnail`))
        .statusCode,
    ).toBe(404);

    const [row] = await t.database.db.select().from(schema.images).where(eq(schema.images.id, image.id));
    expect(row?.thumbnailFileId).toBeTruthy();
    await kdadmin.del(`/api/rest/v2/location/${code}/image/${image.id}`);
    expect((await kdadmin.get(image.thumbnailUrl)).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(schema.files).where(eq(schema.files.id, row!.thumbnailFileId!)),
    ).toEqual([]);
  });

  it('makes the thumbnail of an image stored before thumbnails existed on first request', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const image = (
      await upload(t.app, kdadmin, `/api/rest/v2/location/${code}/image/upload`, {
        bytes: await png(800, 400),
        name: 'old.png',
        type: 'image/png',
      })
    ).json();
    // What the migration leaves for older images: no thumbnail.
    const [before] = await t.database.db.select().from(schema.images).where(eq(schema.images.id, image.id));
    await t.database.db
      .update(schema.images)
      .set({ thumbnailFileId: null })
      .where(eq(schema.images.id, image.id));
    await t.database.db.delete(schema.files).where(eq(schema.files.id, before!.thumbnailFileId!));

    const thumb = await kdadmin.get(image.thumbnailUrl);
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 160,
    });
    const [after] = await t.database.db.select().from(schema.images).where(eq(schema.images.id, image.id));
    expect(after?.thumbnailFileId).toBeTruthy();
    expect((await kdadmin.get(image.thumbnailUrl)).rawPayload).toEqual(thumb.rawPayload);
  });

  it('refuses a gif (415), a decompression bomb (413) and a foreign location (404)', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const url = `/api/rest/v2/location/${code}/image/upload`;
    expect((await upload(t.app, kdadmin, url, { bytes: await gif(), name: 'a.png' })).statusCode).toBe(415);
    expect(
      (await upload(t.app, kdadmin, url, { bytes: await pngClaiming(20_000, 20_000), name: 'b.png' }))
        .statusCode,
    ).toBe(413);
    const other = await upload(t.app, kdadmin, `/api/rest/v2/location/${foreign.locationCode}/image/upload`, {
      bytes: await png(),
      name: 'c.png',
    });
    expect([other.statusCode, other.json().error]).toEqual([404, 'location_not_found']);
  });

  it('refuses a file over the limit with 413 without reading all of it', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(await png(), 0);
    const res = await upload(t.app, kdadmin, `/api/rest/v2/location/${code}/image/upload`, {
      bytes: big,
      name: 'big.png',
    });
    expect([res.statusCode, res.json().error]).toEqual([413, 'payload_too_large']);
  });
});

describe('branch map and markers', () => {
  it('uploads and serves the map, saves, lists and deletes markers', async () => {
    const admin = await signIn(t.app, 'admin');
    const branch = own.branchCode;
    const res = await upload(
      t.app,
      admin,
      `/api/rest/v2/branch/${branch}/map/upload`,
      { bytes: await png(200, 100), name: 'map.png' },
      { code: branch },
    );
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    // The seeded map is replaced.
    const map = await admin.get(`/api/rest/v2/branch/${branch}/map`);
    expect([map.statusCode, map.headers['content-type']]).toEqual([200, 'image/webp']);

    const positions = `/api/rest/v2/branch/${branch}/locationpositions`;
    const one = `/api/rest/v2/branch/${branch}/locationposition`;
    const saved = await admin.post(one, { branchCode: branch, locationCode: code, x: 0.25, y: 0.5 });
    expect(saved.json()).toEqual({ branchCode: branch, locationCode: code, x: 0.25, y: 0.5 });
    await admin.post(one, { branchCode: branch, locationCode: code, x: 0.3, y: 0.6 });
    expect((await admin.get(positions)).json()).toContainEqual({
      branchCode: branch,
      locationCode: code,
      x: 0.3,
      y: 0.6,
    });
    const wrong = await admin.post(one, {
      branchCode: branch,
      locationCode: foreign.locationCode,
      x: 0.1,
      y: 0.1,
    });
    expect([wrong.statusCode, wrong.json().details.field]).toEqual([400, 'locationCode']);
    expect((await admin.del(one, { locationCode: code })).json()).toEqual({ deleted: 1 });
    await admin.post(one, { branchCode: branch, locationCode: code, x: 0.3, y: 0.6 });
    expect((await admin.del(positions)).json().deleted).toBeGreaterThanOrEqual(1);
    expect((await admin.get(positions)).json()).toEqual([]);
  });

  it('lets only the map editors change the map', async () => {
    const staff = await signIn(t.app, 'staff');
    const res = await upload(t.app, staff, `/api/rest/v2/branch/${own.branchCode}/map/upload`, {
      bytes: await png(),
      name: 'm.png',
    });
    expect(res.statusCode).toBe(403);
  });
});
