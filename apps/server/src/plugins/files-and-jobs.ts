import { endpoints } from '@falcon/api-client';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** The largest `multipart.maxBytes` of the contract: each upload route reads with its own, smaller limit. */
export const MULTIPART_MAX_BYTES = Math.max(...endpoints.map((e) => e.endpoint.multipart?.maxBytes ?? 0));

/**
 * Multipart uploads (one file part plus a few text fields) and the job queue of this process
 * (`ctx.jobs`), which starts before the app serves and stops when it closes, before the database does.
 */
export const registerFilesAndJobs = async (app: FastifyInstance, ctx: AppContext) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MULTIPART_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1_000, parts: 12 },
  });
  app.addHook('onReady', async () => {
    await ctx.jobs.start();
  });
  // preClose, not onClose: fastify runs onClose hooks last-registered first, so the database hook
  // server.ts adds after buildApp would close the pool before the runs could be handed back.
  app.addHook('preClose', async () => {
    await ctx.jobs.stop();
  });
};
