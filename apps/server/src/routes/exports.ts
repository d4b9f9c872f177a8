import { ExportState } from '@falcon/api-client';
import { and, count, desc, eq } from 'drizzle-orm';
import * as t from '../db/schema';
import { notFound } from '../errors';
import { jobView } from '../jobs/exports';
import { sendBytes } from '../uploads/multipart';
import { defineRoutes } from './define';

/** The caller's own export jobs (newest first) and the download of a finished one. */
export const exportsRoutes = defineRoutes('exports', {
  list: async ({ db, auth, body }) => {
    const state = ExportState.safeParse(body.filterMap.state);
    const where = and(
      eq(t.exportJobs.ownerUserId, auth.user.id),
      body.filterMap.state === undefined
        ? undefined
        : state.success
          ? eq(t.exportJobs.state, state.data)
          : eq(t.exportJobs.id, ''),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(t.exportJobs)
        .where(where)
        .orderBy(desc(t.exportJobs.createdAt), desc(t.exportJobs.id))
        .limit(body.size)
        .offset(body.page * body.size),
      db.select({ n: count() }).from(t.exportJobs).where(where),
    ]);
    return { items: rows.map(jobView), total: total?.n ?? 0, page: body.page, size: body.size };
  },

  /** Someone else's job answers 404 exactly like a missing one (tenant kind `export`). */
  download: async ({ db, auth, params, reply, ctx }) => {
    const [job] = await db
      .select()
      .from(t.exportJobs)
      .where(and(eq(t.exportJobs.id, params.id), eq(t.exportJobs.ownerUserId, auth.user.id)));
    const opened = job?.state === 'done' && job.fileId ? await ctx.files.open(db, job.fileId) : undefined;
    if (!job || !opened) return notFound();
    return sendBytes(reply, { ...opened!.file, content: opened!.body, filename: job!.filename });
  },
});
