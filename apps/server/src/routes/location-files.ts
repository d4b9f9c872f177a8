import type { Readable } from 'node:stream';
import { type Image, protocolEntry } from '@falcon/api-client';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { notFound } from '../errors';
import { acceptImage, makeThumbnail } from '../files/images';
import { enqueueExport } from '../jobs/exports';
import { requestLanguage } from '../services/language';
import { writeProtocol } from '../services/protocol';
import { locationFor } from '../services/tree';
import { fileError, readUpload, sendBytes } from '../uploads/multipart';
import { defineRoutes } from './define';

type ImageRow = typeof t.images.$inferSelect;

const imageView = (apiUrl: (path: string) => string, i: ImageRow): Image => {
  const path = `/rest/v2/location/${encodeURIComponent(i.locationCode)}/image/${encodeURIComponent(i.id)}`;
  return {
    id: i.id,
    filename: i.filename,
    contentType: i.contentType,
    size: i.size,
    width: i.width,
    height: i.height,
    uploadedAt: i.uploadedAt.toISOString(),
    uploadedBy: i.uploadedBy,
    url: apiUrl(path),
    thumbnailUrl: apiUrl(`${path}/thumbnail`),
  };
};

const imageOf = async (db: Db, locationCode: string, imageId: string): Promise<ImageRow> => {
  const [row] = await db
    .select()
    .from(t.images)
    .where(and(eq(t.images.id, imageId), eq(t.images.locationCode, locationCode)));
  return row ?? notFound();
};

/**
 * The location's gallery (upload, page, bytes, delete) and its Excel export. Merged into the
 * `location` group in routes/index.ts; the rest of the group lives in routes/location.ts.
 */
export const locationFileRoutes = defineRoutes('location', {
  images: async ({ db, auth, params, body, apiUrl }) => {
    const location = await locationFor(db, auth, params.code);
    const where = eq(t.images.locationCode, location.code);
    const order = body.sortAsc ? asc : desc;
    const column = body.sortField === 'filename' ? t.images.filename : t.images.uploadedAt;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(t.images)
        .where(where)
        .orderBy(order(column), order(t.images.id))
        .limit(body.size)
        .offset(body.page * body.size),
      db.select({ n: count() }).from(t.images).where(where),
    ]);
    return {
      items: rows.map((i) => imageView(apiUrl, i)),
      total: total?.n ?? 0,
      page: body.page,
      size: body.size,
    };
  },

  image: async ({ db, auth, params, reply, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const image = await imageOf(db, location.code, params.imageId);
    const opened = await ctx.files.open(db, image.fileId);
    if (!opened) return notFound();
    return sendBytes(reply, { ...opened!.file, content: opened!.body, filename: image.filename }, true);
  },

  /**
   * The gallery thumbnail stored at upload. An image stored before thumbnails existed gets one
   * now (made from the stored image, kept for the next call).
   */
  imageThumbnail: async ({ db, auth, params, reply, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const image = await imageOf(db, location.code, params.imageId);
    const stored = image.thumbnailFileId ? await ctx.files.open(db, image.thumbnailFileId) : undefined;
    let thumbnail: { content: Uint8Array | Readable; contentType: string; size?: number } | undefined =
      stored && { ...stored.file, content: stored.body };
    if (!thumbnail) {
      const original = await ctx.files.get(db, image.fileId);
      if (!original) return notFound();
      const made = await makeThumbnail('image', original!.content);
      await ctx.files.transaction(db, async (tx) => {
        const fileId = await ctx.files.put(
          tx,
          { filename: made.name, contentType: made.mime, content: made.bytes },
          ctx.now(),
        );
        // Kept only if no concurrent call stored one first.
        const updated = await tx
          .update(t.images)
          .set({ thumbnailFileId: fileId })
          .where(and(eq(t.images.id, image.id), isNull(t.images.thumbnailFileId)))
          .returning({ id: t.images.id });
        if (!updated.length) await ctx.files.delete(tx, fileId);
      });
      thumbnail = { content: made.bytes, contentType: made.mime };
    }
    return sendBytes(
      reply,
      {
        ...thumbnail,
        filename: image.filename.replace(/(\.[a-z0-9]+)?$/i, '-thumb.webp'),
      },
      true,
    );
  },

  uploadImage: async ({ db, auth, params, request, apiUrl, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const upload = await readUpload(
      request,
      'image',
      z.strictObject({ code: z.string().max(64).optional() }),
    );
    // Re-encoded to WebP: metadata and anything appended to the file are gone; the original is not kept.
    const accepted = await acceptImage('image', upload.bytes, upload.filename);
    if (!accepted.ok) throw fileError(accepted.error);
    const processed = accepted.value;
    const now = ctx.now();
    const row = await ctx.files.transaction(db, async (tx) => {
      const fileId = await ctx.files.put(
        tx,
        { filename: processed.image.name, contentType: processed.image.mime, content: processed.image.bytes },
        now,
      );
      const thumbnailFileId = await ctx.files.put(
        tx,
        {
          filename: processed.thumbnail.name,
          contentType: processed.thumbnail.mime,
          content: processed.thumbnail.bytes,
        },
        now,
      );
      const [inserted] = await tx
        .insert(t.images)
        .values({
          id: processed.id,
          locationCode: location.code,
          fileId,
          thumbnailFileId,
          filename: processed.filename,
          contentType: processed.image.mime,
          size: processed.image.size,
          width: processed.image.width,
          height: processed.image.height,
          uploadedAt: now,
          uploadedBy: auth.user.username,
        })
        .returning();
      await writeProtocol(
        tx,
        protocolEntry.imageUploaded(auth.user.username, location.code, processed, {
          original: processed.original,
        }),
        now,
      );
      return inserted as ImageRow;
    });
    return imageView(apiUrl, row);
  },

  deleteImage: async ({ db, auth, params, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const image = await imageOf(db, location.code, params.imageId);
    await ctx.files.transaction(db, async (tx) => {
      await tx.delete(t.images).where(eq(t.images.id, image.id));
      await ctx.files.delete(tx, image.fileId);
      if (image.thumbnailFileId) await ctx.files.delete(tx, image.thumbnailFileId);
      await writeProtocol(
        tx,
        protocolEntry.imageDeleted(auth.user.username, location.code, image),
        ctx.now(),
      );
    });
    return { ok: true as const };
  },

  exportXlsx: async ({ db, auth, params, body, ctx, request }) => {
    const location = await locationFor(db, auth, params.code);
    return enqueueExport(
      ctx.jobs,
      db,
      auth,
      'location',
      location,
      body,
      ctx.now(),
      requestLanguage(request, auth),
    );
  },
});
