import type { Readable } from 'node:stream';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newFileId } from '../files/names';
import type { ObjectStore } from '../files/object-store';
import { sha256 } from '../ids';

/** A file's row without its bytes. */
type FileMeta = Omit<typeof t.files.$inferSelect, 'content'>;
interface NewFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * Where file bytes live (ADR 0052). Every file has its row in `files` (name, type, size, sha-256,
 * referenced by images, lists, exports...), written in the caller's transaction. The bytes are in
 * the row (`content`, the `database` backend) or, with `s3`, in the object store under
 * `files/<id>` with `content` null. Reading looks at the row: a row with bytes is read from the
 * database whatever the backend, so a deployment that switches to `s3` keeps serving its old files.
 */
export interface FileStorage {
  readonly backend: 'database' | 's3';
  /** The object store of the `s3` backend. */
  readonly objects: ObjectStore | undefined;
  /** Stores the bytes and writes the row in `db` (a transaction from `transaction()` or the database). */
  put: (db: Db, file: NewFile, now: Date, id?: string) => Promise<string>;
  /** The row and every byte (for work on the bytes: thumbnails). */
  get: (db: Db, id: string) => Promise<(FileMeta & { content: Uint8Array }) | undefined>;
  /** The row and its bytes as a stream (downloads: an object is streamed, not buffered). */
  open: (db: Db, id: string) => Promise<{ file: FileMeta; body: Readable | Uint8Array } | undefined>;
  exists: (db: Db, id: string) => Promise<boolean>;
  /** Deletes the row in `db`; an object goes once the transaction has committed. */
  delete: (db: Db, id: string) => Promise<void>;
  /**
   * A transaction for writes that put or delete files: objects it put are removed again when it rolls
   * back, objects it deleted are removed only after it committed (a rolled-back delete keeps its bytes).
   */
  transaction: <T>(db: Db, work: (tx: Db) => Promise<T>) => Promise<T>;
}

/** The object key of a file (ids are random UUIDs, never names from a client). */
export const objectKey = (id: string): string => `files/${id}`;

const { content: _content, ...metaColumns } = getTableColumns(t.files);

/** A row without bytes has them in the object store. */
const inObjectStore = () => sql<boolean>`${t.files.content} is null`;

const rowOf = async (db: Db, id: string) => {
  const [row] = await db
    .select({ ...metaColumns, inObjectStore: inObjectStore() })
    .from(t.files)
    .where(eq(t.files.id, id));
  if (!row) return undefined;
  const { inObjectStore: elsewhere, ...file } = row;
  return { file, inObjectStore: elsewhere };
};

const contentOf = async (db: Db, id: string): Promise<Uint8Array | null> => {
  const [row] = await db.select({ content: t.files.content }).from(t.files).where(eq(t.files.id, id));
  return row?.content ?? null;
};

interface Pending {
  put: string[];
  deleted: string[];
}

/** The file storage of a backend: `objects` undefined is the database backend. */
export const createFileStorage = (objects?: ObjectStore): FileStorage => {
  const pending = new WeakMap<object, Pending>();
  const requireObjects = (id: string): ObjectStore => {
    if (!objects)
      throw new Error(
        `file ${id} is in the object store, but FILES_BACKEND is database (set FILES_BACKEND=s3)`,
      );
    return objects;
  };
  /** The open transaction of `transaction()` that `db` is, if any; other transactions are a mistake. */
  const pendingOf = (db: Db): Pending | undefined => {
    const own = pending.get(db);
    if (!own && db instanceof PgTransaction)
      throw new Error('files are written in files.transaction(), not in a plain db.transaction()');
    return own;
  };

  const storage: FileStorage = {
    backend: objects ? 's3' : 'database',
    objects,
    put: async (db, file, now, id = newFileId()) => {
      const row = {
        id,
        filename: file.filename,
        contentType: file.contentType,
        size: file.content.byteLength,
        sha256: sha256(file.content),
        createdAt: now,
      };
      if (!objects) {
        await db.insert(t.files).values({ ...row, content: file.content });
        return id;
      }
      const own = pendingOf(db);
      await objects.put(objectKey(id), file.content, file.contentType);
      try {
        await db.insert(t.files).values({ ...row, content: null });
      } catch (error) {
        await objects.delete(objectKey(id)).catch(() => undefined);
        throw error;
      }
      own?.put.push(objectKey(id));
      return id;
    },
    get: async (db, id) => {
      const found = await rowOf(db, id);
      if (!found) return undefined;
      if (!found.inObjectStore) {
        const content = await contentOf(db, id);
        return content ? { ...found.file, content } : undefined;
      }
      const body = await requireObjects(id).get(objectKey(id));
      if (!body) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return { ...found.file, content: new Uint8Array(Buffer.concat(chunks)) };
    },
    open: async (db, id) => {
      const found = await rowOf(db, id);
      if (!found) return undefined;
      if (!found.inObjectStore) {
        const content = await contentOf(db, id);
        return content ? { file: found.file, body: content } : undefined;
      }
      const body = await requireObjects(id).get(objectKey(id));
      return body ? { file: found.file, body } : undefined;
    },
    exists: async (db, id) => {
      const found = await rowOf(db, id);
      if (!found) return false;
      return found.inObjectStore ? requireObjects(id).exists(objectKey(id)) : true;
    },
    delete: async (db, id) => {
      const own = objects ? pendingOf(db) : undefined;
      const [row] = await db
        .delete(t.files)
        .where(eq(t.files.id, id))
        .returning({ inObjectStore: inObjectStore() });
      if (!row?.inObjectStore) return;
      if (own) own.deleted.push(objectKey(id));
      else await requireObjects(id).delete(objectKey(id));
    },
    transaction: async (db, work) => {
      if (!objects)
        return db.transaction(async (transaction) => work(transaction as unknown as Db)) as Promise<
          Awaited<ReturnType<typeof work>>
        >;
      const own: Pending = { put: [], deleted: [] };
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = (await db.transaction(async (transaction) => {
          pending.set(transaction, own);
          return work(transaction as unknown as Db);
        })) as Awaited<ReturnType<typeof work>>;
      } catch (error) {
        await Promise.all(own.put.map((key) => objects.delete(key).catch(() => undefined)));
        throw error;
      }
      // Committed: the rows are gone, so are their bytes. A failure here leaves an object no row names
      // (listed by `npm run backup` as not backed up), never a row without its bytes.
      await Promise.all(own.deleted.map((key) => objects.delete(key)));
      return result;
    },
  };
  return storage;
};
