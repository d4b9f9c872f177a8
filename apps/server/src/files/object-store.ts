import type { Readable } from 'node:stream';

/** Bytes by key in an S3-compatible object store (the `s3` files backend, ADR 0052). */
export interface ObjectStore {
  put: (key: string, content: Uint8Array, contentType: string) => Promise<void>;
  /** The object's bytes, or undefined when there is no such key. */
  get: (key: string) => Promise<Readable | undefined>;
  exists: (key: string) => Promise<boolean>;
  /** Deleting a missing key is no error. */
  delete: (key: string) => Promise<void>;
  /** Every key under `prefix`, in key order. */
  keys: (prefix: string) => AsyncIterable<string>;
  /** Rejects unless the bucket answers (and these credentials may use it): for /readyz. */
  ping: () => Promise<void>;
  close: () => void;
}

export interface S3Settings {
  /** Unset: AWS's endpoint for the region. MinIO, Ceph, Garage, R2...: their URL. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted stores need it). */
  forcePathStyle: boolean;
}

const isMissing = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** The S3 client is loaded only for FILES_BACKEND=s3 (about 0.7 s of start-up it would cost everyone else). */
export const s3ObjectStore = async (settings: S3Settings): Promise<ObjectStore> => {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  return {
    put: async (key, content, contentType) => {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: content,
          ContentType: contentType,
          ContentLength: content.byteLength,
        }),
      );
    },
    get: async (key) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body as Readable | undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    exists: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    keys: async function* (prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    ping: async () => {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close: () => client.destroy(),
  };
};
