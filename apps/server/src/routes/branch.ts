import { type LocationPosition, protocolEntry } from '@falcon/api-client';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { invalid, notFound } from '../errors';
import { acceptImage } from '../files/images';
import { enqueueExport } from '../jobs/exports';
import { searchContainers } from '../services/containers';
import { requestLanguage } from '../services/language';
import { writeProtocol } from '../services/protocol';
import { locationTableScope } from '../services/scope';
import { branchView } from '../services/tree';
import { fileError, readUpload, sendBytes } from '../uploads/multipart';
import { defineRoutes } from './define';

/** The branch row (the contract plugin has checked it is in scope). */
const branchOf = async (db: Db, code: string) => {
  const [row] = await db.select().from(t.branches).where(eq(t.branches.code, code));
  return row ?? notFound();
};

/** Markers of locations the caller may see (a KD_USER with chosen locations sees only those). */
const positionsOf = async (db: Db, auth: Auth, branchCode: string): Promise<LocationPosition[]> =>
  db
    .select({
      branchCode: t.locationPositions.branchCode,
      locationCode: t.locationPositions.locationCode,
      x: t.locationPositions.x,
      y: t.locationPositions.y,
    })
    .from(t.locationPositions)
    .innerJoin(t.locations, eq(t.locations.code, t.locationPositions.locationCode))
    .where(and(eq(t.locationPositions.branchCode, branchCode), locationTableScope(auth.scope)))
    .orderBy(t.locationPositions.locationCode);

/** Branch detail, search, map, location markers and export. */
export const branchRoutes = defineRoutes('branch', {
  get: ({ db, auth, params }) => branchView(db, auth, params.code),
  search: ({ db, auth, params, body }) =>
    searchContainers(db, auth, { column: 'branchCode', code: params.code }, body),

  map: async ({ db, params, reply, ctx }) => {
    const [map] = await db.select().from(t.branchMaps).where(eq(t.branchMaps.branchCode, params.code));
    const opened = map ? await ctx.files.open(db, map.fileId) : undefined;
    if (!opened) return notFound();
    return sendBytes(reply, { ...opened.file, content: opened.body }, true);
  },

  uploadMap: async ({ db, auth, params, request, ctx }) => {
    const branch = await branchOf(db, params.code);
    const upload = await readUpload(
      request,
      'branchMap',
      z.strictObject({ code: z.string().max(64).optional() }),
    );
    const accepted = await acceptImage('branchMap', upload.bytes, upload.filename);
    if (!accepted.ok) throw fileError(accepted.error);
    const image = accepted.value.image;
    const now = ctx.now();
    await ctx.files.transaction(db, async (tx) => {
      const [previous] = await tx
        .select()
        .from(t.branchMaps)
        .where(eq(t.branchMaps.branchCode, branch.code))
        .for('update');
      const fileId = await ctx.files.put(
        tx,
        { filename: accepted.value.filename, contentType: image.mime, content: image.bytes },
        now,
      );
      await tx
        .insert(t.branchMaps)
        .values({ branchCode: branch.code, fileId })
        .onConflictDoUpdate({ target: t.branchMaps.branchCode, set: { fileId } });
      if (previous) await ctx.files.delete(tx, previous.fileId);
      await writeProtocol(
        tx,
        protocolEntry.branchMapUploaded(auth.user.username, branch.code, {
          original: accepted.value.original,
          width: image.width,
          height: image.height,
        }),
        now,
      );
    });
    return { ok: true as const };
  },

  locationPositions: ({ db, auth, params }) => positionsOf(db, auth, params.code),

  saveLocationPosition: async ({ db, auth, params, body, ctx }) => {
    if (body.branchCode !== params.branchCode) invalid('branchCode', 'must equal the path');
    const [location] = await db
      .select({ code: t.locations.code })
      .from(t.locations)
      .where(
        and(
          eq(t.locations.code, body.locationCode),
          eq(t.locations.branchCode, params.branchCode),
          locationTableScope(auth.scope),
        ),
      );
    if (!location) invalid('locationCode', 'no such location in this branch');
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const key = and(
        eq(t.locationPositions.branchCode, params.branchCode),
        eq(t.locationPositions.locationCode, body.locationCode),
      );
      const [before] = await tx.select().from(t.locationPositions).where(key).for('update');
      await tx
        .insert(t.locationPositions)
        .values(body)
        .onConflictDoUpdate({
          target: [t.locationPositions.branchCode, t.locationPositions.locationCode],
          set: { x: body.x, y: body.y },
        });
      await writeProtocol(
        tx,
        protocolEntry.positionSaved(auth.user.username, params.branchCode, body, before ?? null),
        ctx.now(),
      );
      return body;
    });
  },

  deleteLocationPosition: async ({ db, auth, params, body, ctx }) => {
    const visible = (await positionsOf(db, auth, params.branchCode)).some(
      (p) => p.locationCode === body.locationCode,
    );
    if (!visible) return { deleted: 0 };
    const deleted = await db
      .delete(t.locationPositions)
      .where(
        and(
          eq(t.locationPositions.branchCode, params.branchCode),
          eq(t.locationPositions.locationCode, body.locationCode),
        ),
      )
      .returning();
    if (deleted.length)
      await writeProtocol(
        db,
        protocolEntry.positionRemoved(auth.user.username, params.branchCode, body.locationCode),
        ctx.now(),
      );
    return { deleted: deleted.length };
  },

  deleteLocationPositions: async ({ db, auth, params, ctx }) => {
    // Only the markers the caller can see: a user limited to some locations leaves the others.
    const codes = (await positionsOf(db, auth, params.code)).map((p) => p.locationCode);
    let deleted = 0;
    for (const code of codes) {
      const rows = await db
        .delete(t.locationPositions)
        .where(
          and(eq(t.locationPositions.branchCode, params.code), eq(t.locationPositions.locationCode, code)),
        )
        .returning();
      deleted += rows.length;
    }
    await writeProtocol(
      db,
      protocolEntry.positionsCleared(auth.user.username, params.code, deleted),
      ctx.now(),
    );
    return { deleted };
  },

  exportXlsx: async ({ db, auth, params, body, ctx, request }) => {
    const branch = await branchOf(db, params.code);
    return enqueueExport(
      ctx.jobs,
      db,
      auth,
      'branch',
      branch,
      body,
      ctx.now(),
      requestLanguage(request, auth),
    );
  },
});
