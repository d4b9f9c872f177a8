import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { MIGRATIONS_DIR } from '../db/client';
import { messageOf } from '../errors';
import type { AppMetrics } from '../metrics';

/**
 * The endpoints of operations (ADR 0055), outside the contract and the session, never cached, never the
 * SPA's HTML, and never refused by the overload protection (a busy server must still say how it is):
 * - GET /healthz: the process answers (200 while it runs, whatever the database does);
 * - GET /readyz: the database answers, the code's migrations are applied, the object store's bucket
 *   answers (FILES_BACKEND=s3), and the server is not shutting down (200), else 503 with the reason (a
 *   load balancer takes the instance out);
 * - GET /metrics: Prometheus text, with `Authorization: Bearer <METRICS_TOKEN>` only (404 without a
 *   token configured: off).
 */

/** How long /readyz waits for the database (and the bucket) before it calls it unreachable. */
const DATABASE_TIMEOUT_MS = 2_000;

/** The `when` of the newest migration this build carries (drizzle's journal). */
const newestMigration = (): number => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
};

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

type Readiness =
  | { ready: true }
  | {
      ready: false;
      reason: 'shutting_down' | 'database_unreachable' | 'migrations_pending' | 'files_unreachable';
    };

const tokenMatches = (header: string | undefined, token: string): boolean => {
  const given = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A route option of @fastify/under-pressure: its handler returning nothing lets the request through. */
const notUnderPressure = { pressureHandler: () => undefined };

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

export const registerOperations = (
  app: FastifyInstance,
  ctx: AppContext,
  metrics: AppMetrics,
  metricsToken: string | undefined,
) => {
  const query = (ctx.db as unknown as { $client: { query: Query } }).$client.query.bind(
    (ctx.db as unknown as { $client: object }).$client,
  ) as Query;
  const wanted = newestMigration();
  // Once the migrations are seen applied they stay applied: later checks only ask for `select 1`.
  let migrated = false;

  const readiness = async (): Promise<Readiness> => {
    if (ctx.lifecycle.shuttingDown) return { ready: false, reason: 'shutting_down' };
    // Uploads, downloads and exports need the bucket as much as the database.
    const objects = ctx.files.objects;
    const bucket = objects
      ? withTimeout(objects.ping(), DATABASE_TIMEOUT_MS).then(
          () => true,
          () => false,
        )
      : Promise.resolve(true);
    const database = await databaseReadiness();
    if (!database.ready) return database;
    return (await bucket) ? database : { ready: false, reason: 'files_unreachable' };
  };

  const databaseReadiness = async (): Promise<Readiness> => {
    try {
      if (migrated) {
        await withTimeout(query('select 1'), DATABASE_TIMEOUT_MS);
        return { ready: true };
      }
      const { rows } = await withTimeout(
        query(
          `select case when to_regclass('drizzle.__drizzle_migrations') is null then null
             else (select max(created_at)::text from drizzle.__drizzle_migrations) end as newest`,
        ),
        DATABASE_TIMEOUT_MS,
      );
      const newest = Number(rows[0]?.newest ?? 0);
      if (newest < wanted) return { ready: false, reason: 'migrations_pending' };
      migrated = true;
      return { ready: true };
    } catch {
      return { ready: false, reason: 'database_unreachable' };
    }
  };

  app.get('/healthz', { config: notUnderPressure }, async (_request, reply) => {
    noStore(reply);
    return { status: 'ok', version: ctx.version, startedAt: ctx.startedAt };
  });

  app.get('/readyz', { config: notUnderPressure }, async (_request, reply) => {
    noStore(reply);
    const state = await readiness();
    if (state.ready) return { status: 'ready' };
    return reply.code(503).send({ status: 'not_ready', reason: state.reason });
  });

  app.get('/metrics', { config: notUnderPressure }, async (request, reply) => {
    noStore(reply);
    if (!metricsToken) return reply.code(404).send({ error: 'not_found', message: messageOf('not_found') });
    if (!tokenMatches(request.headers.authorization, metricsToken))
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ error: 'unauthorized', message: messageOf('unauthorized') });
    return reply.type(metrics.contentType).send(await metrics.text());
  });

  // A closing app is not ready, whoever closes it (SIGTERM in server.ts sets the flag earlier).
  app.addHook('preClose', async () => {
    ctx.lifecycle.shuttingDown = true;
  });
};
