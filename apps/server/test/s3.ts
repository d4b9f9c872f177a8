import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type ObjectStore, type S3Settings, s3ObjectStore } from '../src/files/object-store';

export interface TestS3 {
  settings: S3Settings;
  /** The app's object store on it (FILES_BACKEND=s3). */
  objects: ObjectStore;
  /** An S3 client of its own, to look at what is really stored. */
  read: (key: string) => Promise<Uint8Array | undefined>;
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
}

/**
 * A real S3-protocol server (s3rver: S3's REST API over HTTP, objects on disk) on a free loopback port,
 * with a new bucket, for one test file.
 */
export const startS3 = async (bucket = 'falcon-files'): Promise<TestS3> => {
  const directory = mkdtempSync(join(tmpdir(), 'falcon-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const objects = await s3ObjectStore(settings);
  return {
    settings,
    objects,
    read: async (key) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return await answer.Body?.transformToByteArray();
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key as string).sort();
    },
    close: async () => {
      objects.close();
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
