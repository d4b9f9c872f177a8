import { endpoints } from '@falcon/api-client';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isConnectionError } from '../db/client';

/** The largest `multipart.maxBytes` of the contract: each upload route reads with its own, smaller limit. */
const MULTIPART_MAX_BYTES = Math.max(...endpoints.map((e) => e.endpoint.multipart?.maxBytes ?? 0));

/** How long the job queue waits before it tries to start again while the database is away. */
const START_RETRY_MS = 5_000;

/**
 * Multipart uploads (one file part plus a few text fields) and the job queue of this process
 * (`ctx.jobs`), which starts before the app serves and stops when it closes, before the database does.
 */
export const registerFilesAndJobs = async (app: FastifyInstance, ctx: AppContext) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MULTIPART_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1_000, parts: 12 },
  });
  // With the database away the app still starts (it answers 503 until the database is back, ADR 0020);
  // the queue tries again until it starts, and an enqueue meanwhile tries itself.
  let retry: NodeJS.Timeout | undefined;
  const start = async () => {
    try {
      await ctx.jobs.start();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      app.log.warn({ err: error }, 'job queue waits for the database');
      retry = setTimeout(() => {
        start().catch((failure: unknown) => app.log.error({ err: failure }, 'job queue did not start'));
      }, START_RETRY_MS);
    }
  };
  app.addHook('onReady', start);
  // preClose, not onClose: fastify runs onClose hooks last-registered first, so the database hook
  // server.ts adds after buildApp would close the pool before the runs could be handed back.
  app.addHook('preClose', async () => {
    clearTimeout(retry);
    await ctx.jobs.stop();
  });
};
