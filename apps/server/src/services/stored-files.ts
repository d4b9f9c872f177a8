import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newFileId } from '../files/names';
import { sha256 } from '../ids';

export type StoredFile = typeof t.files.$inferSelect;

/** Stores bytes in the `files` table (every instance sees them); returns the new id. */
export const storeFile = async (
  db: Db,
  file: { filename: string; contentType: string; content: Uint8Array },
  now: Date,
  id = newFileId(),
): Promise<string> => {
  await db.insert(t.files).values({
    id,
    filename: file.filename,
    contentType: file.contentType,
    size: file.content.byteLength,
    sha256: sha256(file.content),
    content: file.content,
    createdAt: now,
  });
  return id;
};

export const fileById = async (db: Db, id: string): Promise<StoredFile | undefined> => {
  const [row] = await db.select().from(t.files).where(eq(t.files.id, id));
  return row;
};

export const deleteFile = async (db: Db, id: string): Promise<void> => {
  await db.delete(t.files).where(eq(t.files.id, id));
};
