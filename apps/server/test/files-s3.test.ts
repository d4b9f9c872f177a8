import { eventually } from '@falcon/contract-testing';
import { createDataset } from '@falcon/demo-data';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import * as t from '../src/db/schema';
import { s3ObjectStore } from '../src/files/object-store';
import { png, text } from '../src/files/testing';
import { createFileStorage, type FileStorage, objectKey } from '../src/services/stored-files';
import { activeContainers, type Client, createTestApp, signIn, type TestApp } from './harness';
import { startS3, type TestS3 } from './s3';
import { upload } from './uploads';

/** FILES_BACKEND=s3 through the API against a real S3-protocol server (s3rver), ADR 0052. */
const dataset = createDataset({ seed: 1, scale: 'small' });
const own = dataset.containers.find((c) => c.concernCode === 'C001' && c.active)!;
const code = own.locationCode;

let s3: TestS3;
let files: FileStorage;
let h: TestApp;
let kdadmin: Client;
beforeAll(async () => {
  s3 = await startS3();
  files = createFileStorage(s3.objects);
  h = await createTestApp({ files, jobs: { pollSeconds: 1 } });
  kdadmin = await signIn(h.app, 'kdadmin');
});
afterAll(async () => {
  await h?.close();
  await s3?.close();
});

const rowOf = async (id: string) => {
  const [row] = await h.database.db.select().from(t.files).where(eq(t.files.id, id));
  return row;
};

describe('files in an S3-compatible object store', () => {
  it('/readyz answers ready while the bucket answers, 503 files_unreachable when it does not', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const missing = await s3ObjectStore({ ...s3.settings, bucket: 'no-such-bucket' });
    const other = await createTestApp({ files: createFileStorage(missing) });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'files_unreachable' });
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
      missing.close();
    }
  });

  it('stores an uploaded image and its thumbnail as objects, serves their bytes and deletes them with the image', async () => {
    const res = await upload(h.app, kdadmin, `/api/rest/v2/location/${code}/image/upload`, {
      bytes: await png(300, 200),
      name: 'rack.png',
      type: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    const [stored] = await h.database.db.select().from(t.images).where(eq(t.images.id, image.id));
    const keys = [objectKey(stored!.fileId), objectKey(stored!.thumbnailFileId!)];
    // The rows hold name, type, size and checksum; the bytes are in the bucket only.
    const row = await rowOf(stored!.fileId);
    expect(row).toMatchObject({ contentType: 'image/webp', content: null });
    const inBucket = await s3.read(keys[0]!);
    expect(inBucket?.byteLength).toBe(row!.size);

    const served = await kdadmin.get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(served.rawPayload, Buffer.from(inBucket!))).toBe(0);
    const thumbnail = await kdadmin.get(image.thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(Buffer.compare(thumbnail.rawPayload, Buffer.from((await s3.read(keys[1]!))!))).toBe(0);

    expect((await kdadmin.del(`/api/rest/v2/location/${code}/image/${image.id}`)).statusCode).toBe(200);
    expect(await s3.read(keys[0]!)).toBeUndefined();
    expect(await s3.read(keys[1]!)).toBeUndefined();
    expect(await rowOf(stored!.fileId)).toBeUndefined();
    expect((await kdadmin.get(image.url)).statusCode).toBe(404);
  });

  it("replaces a message's photo: the first object goes, the second is served", async () => {
    const [container] = await activeContainers(h.database.db);
    const message = await kdadmin.post(`/api/rest/v2/container/${container!.id}/message`, {
      message: 'Etikett fehlt',
    });
    const id = message.json().id as string;
    const photoIds: string[] = [];
    for (const size of [40, 60]) {
      const res = await upload(h.app, kdadmin, `/api/rest/v2/review/${id}/photo`, {
        bytes: await png(size, size),
        name: 'p.png',
        type: 'image/png',
      });
      expect(res.statusCode, res.body).toBe(201);
      const [request] = await h.database.db
        .select()
        .from(t.reviewRequests)
        .where(eq(t.reviewRequests.id, id));
      photoIds.push(request!.photoFileId!);
    }
    expect(await s3.read(objectKey(photoIds[0]!))).toBeUndefined();
    const second = await s3.read(objectKey(photoIds[1]!));
    const backoffice = await signIn(h.app, 'backoffice');
    const served = await backoffice.get(`/api/rest/v2/review/${id}/photo`);
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, Buffer.from(second!))).toBe(0);
  });

  it('keeps an uploaded barcode list byte for byte and deletes it', async () => {
    const csv = `Barcode\n${own.barcode}\n`;
    const res = await upload(h.app, kdadmin, `/api/rest/v2/location/${code}/barcodelist/upload`, {
      bytes: text(csv),
      name: 'scan.csv',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [list] = await h.database.db
      .select()
      .from(t.barcodeLists)
      .where(eq(t.barcodeLists.id, res.json().id));
    expect(Buffer.from((await s3.read(objectKey(list!.fileId)))!).toString()).toBe(csv);
    expect((await kdadmin.get(`/api/rest/v2/barcodelist/${list!.id}/file`)).body).toBe(csv);
    expect((await kdadmin.del(`/api/rest/v2/barcodelist/${list!.id}`)).statusCode).toBe(200);
    expect(await s3.read(objectKey(list!.fileId))).toBeUndefined();
  });

  it('writes a finished export into the bucket and streams it on download', async () => {
    const queued = await kdadmin.post(`/api/rest/v2/location/${code}/export/xlsx`, {});
    expect(queued.statusCode).toBe(202);
    const job = await eventually('the export', async () => {
      const [row] = await h.database.db
        .select()
        .from(t.exportJobs)
        .where(eq(t.exportJobs.id, queued.json().id));
      expect(row!.state).not.toBe('failed');
      return row!.state === 'done' ? row! : undefined;
    });
    const inBucket = await s3.read(objectKey(job.fileId!));
    expect(inBucket?.byteLength).toBe(job.size);
    expect((await rowOf(job.fileId!))?.content).toBeNull();
    const download = await kdadmin.get(`/api/rest/v2/export/${job.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect(download.headers['content-length']).toBe(String(job.size));
    expect(Buffer.compare(download.rawPayload, Buffer.from(inBucket!))).toBe(0);
  });

  it('still serves files stored in the database before the switch to s3', async () => {
    const [container] = await h.database.db.select().from(t.containers).where(eq(t.containers.id, own.id));
    const article = (await kdadmin.get(`/api/rest/v2/article/${container!.articleCode}`)).json();
    const [document] = await h.database.db
      .select({ fileId: t.documents.fileId })
      .from(t.documents)
      .where(eq(t.documents.id, article.documents[0].id));
    expect((await rowOf(document!.fileId))?.content).not.toBeNull();
    expect(await s3.read(objectKey(document!.fileId))).toBeUndefined();
    const download = await kdadmin.get(article.documents[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('removes the objects of a rolled-back transaction and keeps those of a rolled-back delete', async () => {
    const now = new Date();
    const db = h.database.db;
    let putId = '';
    await expect(
      files.transaction(db, async (tx: Db) => {
        putId = await files.put(
          tx,
          { filename: 'a.txt', contentType: 'text/plain', content: text('a') },
          now,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowOf(putId)).toBeUndefined();
    expect(await s3.read(objectKey(putId))).toBeUndefined();

    const kept = await files.transaction(db, (tx) =>
      files.put(tx, { filename: 'b.txt', contentType: 'text/plain', content: text('b') }, now),
    );
    await expect(
      files.transaction(db, async (tx) => {
        await files.delete(tx, kept);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await files.exists(db, kept)).toBe(true);
    expect(Buffer.from((await files.get(db, kept))!.content).toString()).toBe('b');
    await files.delete(db, kept);
    expect(await s3.read(objectKey(kept))).toBeUndefined();
    // A plain db.transaction would delete objects before its commit: refused.
    await expect(db.transaction((tx) => files.delete(tx as unknown as Db, 'x'))).rejects.toThrow(
      /files.transaction/,
    );
  });
});
