import { endpoints } from '@falcon/api-client';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { type ExportWorker, type ExportWorkerOptions, startExportWorker } from '../jobs/exports';

/** The largest `multipart.maxBytes` of the contract: each upload route reads with its own, smaller limit. */
export const MULTIPART_MAX_BYTES = Math.max(...endpoints.map((e) => e.endpoint.multipart?.maxBytes ?? 0));

export type ExportWorkerSetting = false | Omit<Partial<ExportWorkerOptions>, 'db'>;

/**
 * Multipart uploads (one file part plus a few text fields) and the export worker of this process,
 * which stops when the app closes, before the database does.
 */
export const registerFilesAndJobs = async (
  app: FastifyInstance,
  ctx: AppContext,
  worker: ExportWorkerSetting | undefined,
) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MULTIPART_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1_000, parts: 12 },
  });
  if (worker === false) return;
  let running: ExportWorker | undefined;
  app.addHook('onReady', async () => {
    running = startExportWorker({ db: ctx.db, now: ctx.now, log: app.log, ...worker });
  });
  // preClose, not onClose: fastify runs onClose hooks last-registered first, so the database hook
  // server.ts adds after buildApp would close the pool before the worker could put its job back.
  app.addHook('preClose', async () => {
    await running?.stop();
  });
};
