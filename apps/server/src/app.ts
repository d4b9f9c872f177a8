import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, type MessageKey } from '@falcon/api-client';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { loadAppShells } from './app-shell';
import { DEVELOPMENT_SSO_KEY, DEVELOPMENT_TOTP_KEY } from './auth/oidc-secrets';
import { createSessionCache } from './auth/session-cache';
import { DEFAULT_SESSION_MAX_MS, type KeptSession } from './auth/sessions';
import { DEFAULT_THROTTLE, type ThrottleOptions } from './auth/throttle';
import type { AppContext, SsoOptions } from './context';
import { type Db, isConnectionError } from './db/client';
import { HttpError, messageOf } from './errors';
import { createJobQueue, type JobQueueOptions } from './jobs/queue';
import { JOBS } from './jobs/registry';
import { registerDevMailbox } from './mail/dev-page';
import { createMailer, type Mailer, type MailSettings } from './mail/transport';
import { type AppMetrics, createMetrics } from './metrics';
import { API_BASE, registerContract } from './plugins/contract';
import { registerFilesAndJobs } from './plugins/files-and-jobs';
import { registerOperations } from './plugins/operations';
import { routeGroups } from './routes';
import { createFileStorage, type FileStorage } from './services/stored-files';

declare const __FALCON_VERSION__: string | undefined;

/**
 * The build's version: its UTC date (set by tsup at build time; the spec's build timestamp is a
 * date and the contract scenarios expect YYYY-MM-DD), else the day the process started.
 */
export const BUILD_VERSION =
  typeof __FALCON_VERSION__ === 'string' ? __FALCON_VERSION__ : new Date().toISOString().slice(0, 10);

export interface BuildAppOptions {
  db: Db;
  sessionSecure?: boolean;
  /** Absolute session lifetime; 12 hours unless said. */
  sessionMaxMs?: number;
  /** How long a session check is kept in memory (ADR 0044); default 10 s, 0 turns the cache off. */
  sessionCacheMs?: number;
  /**
   * Parse every JSON answer with the contract's zod response schema (a 500 when it does not match). The
   * tests turn it on (test/harness.ts); without it, answers keep only their schema's keys (compiled once).
   */
  validateResponses?: boolean;
  /** Directory of the built web app; default apps/web/dist when it exists. */
  webDist?: string | null;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  throttle?: { pair?: Partial<ThrottleOptions['pair']>; address?: Partial<ThrottleOptions['address']> };
  version?: string;
  /** Where file bytes live (FILES_BACKEND); default: in the database. */
  files?: FileStorage;
  /**
   * E-mail (SMTP_*, MAIL_FROM, PUBLIC_URL; ADR 0065): settings or a mailer. Default: the developers'
   * mailbox (written to the outbox, shown on /dev/mail, nothing leaves the machine).
   */
  mail?: MailSettings | Mailer;
  /** Overload protection (@fastify/under-pressure); `false` turns it off (tests share 2 busy cores). */
  underPressure?: boolean;
  /** Health of the database, used by under-pressure (503 while it is away). */
  healthCheck?: () => Promise<boolean>;
  bodyLimit?: number;
  /** The bearer token /metrics asks for (METRICS_TOKEN); without one /metrics is off (404). */
  metricsToken?: string;
  /** The origin passkeys are bound to (PUBLIC_ORIGIN); unset: each request's own. */
  publicOrigin?: string;
  /** fastify's trustProxy: whose X-Forwarded-For to believe (TRUST_PROXY); off unless said. */
  trustProxy?: false | number | string[];
  /**
   * The background jobs of this process (default: runs them); `false`: it only enqueues them and
   * leaves running them to other instances (tests start their own workers).
   */
  /** Single sign-on: the secrets' key, PUBLIC_URL, production; default: the development key, not production. */
  sso?: Partial<SsoOptions>;
  /** The key of the stored TOTP secrets (TOTP_SECRET_KEY); default: the development key. */
  totpKey?: Buffer;
  jobs?:
    | false
    | Pick<JobQueueOptions, 'pollSeconds' | 'maintenanceSeconds' | 'cronSeconds' | 'stopTimeoutMs'>;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * fastify's trustProxy. A number of hops trusts the nearest `n` hops whoever they are (as express does):
 * fastify 5.12 turns a bare number into "trust nothing" (it cannot check the peer), which would
 * silently ignore TRUST_PROXY=1; safe only where clients reach the server through those proxies alone.
 */
const trustProxyOption = (setting: BuildAppOptions['trustProxy']) => {
  if (typeof setting !== 'number') return setting ?? false;
  return (_address: string, hop: number) => hop < setting;
};

/**
 * One log line per request, when it ends, with plain fields (request id, method, path, status, time),
 * instead of fastify's two with the request and reply objects serialised: the same facts, a fraction
 * of the cost. Errors keep their own line. The same moment feeds the latency histogram (metrics.ts):
 * no hook of its own per request.
 */
class RequestLog extends LogController {
  metrics: AppMetrics | undefined;
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    this.metrics?.requestFinished(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      ms / 1000,
    );
    const fields = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request');
  }
}

/**
 * The request's id: the caller's X-Request-Id when it is a sane token (a proxy's or a client's, up to
 * 128 characters of letters, digits and `._~:+=/-`), else a new UUID. It is in every log line of the
 * request (`reqId`) and in the answer's X-Request-Id.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._~:+=/-]{1,128}$/;
const requestIdOf = (raw: IncomingMessage): string => {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
};

/** The headers helmet's middleware sets for these options (it sets the same ones on every response). */
const helmetHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
};

/** The message key of a framework's 4xx (body parser, multipart, rate limits) by status. */
const KEY_OF_STATUS: Partial<Record<number, MessageKey>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const sessionSecure = options.sessionSecure ?? false;
  const requestLog = new RequestLog();
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: trustProxyOption(options.trustProxy),
    logController: requestLog,
    genReqId: requestIdOf,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // A path that is not valid UTF-8, or a path parameter over maxParamLength: bad input, answered in
    // the error format like any other (fastify's own body and its 414 are in no contract).
    frameworkErrors: (_error, _request, reply) =>
      (reply as FastifyReply)
        .code(400)
        .header('Cache-Control', 'no-store')
        .send({
          error: 'validation_error',
          message: messageOf('validation_error'),
          details: { field: 'path' },
        }),
  });
  const now = options.now ?? (() => new Date());
  const files = options.files ?? createFileStorage();
  const mail =
    options.mail && 'send' in options.mail
      ? options.mail
      : createMailer(
          options.mail ?? {
            smtp: undefined,
            devMailbox: true,
            from: 'Falcon <falcon@localhost>',
            publicUrl: '',
          },
        );
  // The session cache is read on scrape only, after ctx exists.
  const metrics = createMetrics(options.db, () => ctx.sessions);
  requestLog.metrics = metrics;
  const ctx: AppContext = {
    db: options.db,
    now,
    version: options.version ?? BUILD_VERSION,
    startedAt: new Date().toISOString(),
    sessionSecure,
    sessionMaxMs: options.sessionMaxMs ?? DEFAULT_SESSION_MAX_MS,
    sessions: createSessionCache<KeptSession>(options.db, {
      ttlMs: options.sessionCacheMs ?? 10_000,
      log: app.log,
    }),
    // The test runner sets FALCON_VALIDATE_RESPONSES (vitest.config.ts), so every app a test builds validates.
    validateResponses: options.validateResponses ?? process.env.FALCON_VALIDATE_RESPONSES === '1',
    throttle: {
      pair: { ...DEFAULT_THROTTLE.pair, ...options.throttle?.pair },
      address: { ...DEFAULT_THROTTLE.address, ...options.throttle?.address },
    },
    publicOrigin: options.publicOrigin,
    jobs: createJobQueue({
      db: options.db,
      now,
      log: app.log,
      jobs: JOBS,
      files,
      mailer: mail,
      work: options.jobs !== false,
      onFinished: metrics.jobFinished,
      ...(options.jobs || {}),
    }),
    mail,
    files,
    metrics,
    lifecycle: { shuttingDown: false },
    sso: {
      production: options.sso?.production ?? false,
      publicUrl: options.sso?.publicUrl,
      key: options.sso && 'key' in options.sso ? (options.sso.key ?? null) : DEVELOPMENT_SSO_KEY,
    },
    totpKey: options.totpKey ?? DEVELOPMENT_TOTP_KEY,
  };

  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await ctx.sessions.close();
    // A mailer given by the caller is the caller's to close.
    if (mail !== options.mail) mail.close();
  });
  app.decorateRequest('auth', null);

  // JSON bodies: an empty body is "no body"; malformed JSON is a 400 naming the body.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const raw = String(text);
    if (!raw.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(
        new HttpError(400, 'validation_error', 'The body is not valid JSON.', { field: 'body' }),
        undefined,
      );
    }
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).header('Cache-Control', 'no-store').send(error.body);
    }
    if (isConnectionError(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '2')
        .header('Cache-Control', 'no-store')
        .send({ error: 'service_unavailable', message: messageOf('service_unavailable') });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = KEY_OF_STATUS[status] ?? 'validation_error';
      return reply
        .code(status)
        .header('Cache-Control', 'no-store')
        .send({ error: key, message: messageOf(key), details: { field: 'body' } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .header('Cache-Control', 'no-store')
      .send({ error: 'internal_error', message: messageOf('internal_error') });
  });

  // Security headers (helmet's, ADR 0021): the same on every answer, so built once at start, not per request.
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // The /app scanner's BarcodeDetector ponyfill compiles zxing's WebAssembly (no eval of JS).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // styled-components injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(sessionSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: sessionSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header('X-Request-Id', request.id);
    done();
  });
  // Event-loop delay only: PGlite runs on the event loop, so utilisation is high whenever it works.
  if (options.underPressure !== false)
    await app.register(underPressure, {
      maxEventLoopDelay: 2_000,
      maxHeapUsedBytes: 0,
      maxRssBytes: 0,
      maxEventLoopUtilization: 0,
      retryAfter: 5,
      ...(options.healthCheck ? { healthCheck: options.healthCheck, healthCheckInterval: 1_000 } : {}),
      pressureHandler: (_request, reply, type, value) => {
        reply
          .code(503)
          .header('Retry-After', '5')
          .header('Cache-Control', 'no-store')
          .send({
            error: 'service_unavailable',
            message: `${messageOf('service_unavailable')} (${type}${value ? ` ${value}` : ''})`,
          });
      },
    });
  await app.register(fastifyCookie);
  // JSON answers compressed when the client accepts it (a location's racks: 1.1 MB of JSON, ~70 kB
  // gzipped). Small answers, files that are compressed already (xlsx, images) and the prebuilt .br/.gz
  // static assets are sent as they are.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument({ version: ctx.version }) as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs`, staticCSP: true });

  await registerFilesAndJobs(app, ctx);
  registerOperations(app, ctx, metrics, options.metricsToken);
  registerContract(app, ctx, routeGroups);
  // Only without SMTP outside production (the mailer's kind says so): the mail kept instead of sent.
  if (mail.kind === 'dev') registerDevMailbox(app, ctx);

  const webDist = options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist;
  const serveWeb = webDist !== null && existsSync(`${webDist}/index.html`);
  const appShells = serveWeb && webDist !== null ? loadAppShells(webDist, ctx) : null;
  if (serveWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      serveDotFiles: false,
      // The web build writes .br/.gz next to each text asset; sent as they are, per Accept-Encoding.
      preCompressed: true,
      // Files under assets/ carry a content hash in their name: cached for good, never revalidated.
      // version.json names the build served now (the running app compares its own with it): never cached.
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/]/.test(path))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/[\\/]version\.json$/.test(path)) reply.header('Cache-Control', 'no-store');
        // The /app service worker (ADR 0062): always checked for a new build.
        else if (/[\\/]sw\.js$/.test(path)) reply.header('Cache-Control', 'no-cache');
      },
    });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === API_BASE || path.startsWith(`${API_BASE}/`);
    // Client routes (no file extension) get the SPA; a missing asset is a real 404.
    const isRoute = !/\.[a-z0-9]+$/i.test(path);
    if (!isApi && isRoute && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // /app and a location for a signed-in user: index.html with the page prerendered (ADR 0066, 0068).
      const page = await appShells?.page(request, path);
      if (page) return reply.header('Cache-Control', 'private, no-cache').type('text/html').send(page);
      // Client routes of the SPA: index.html, never cached so a new build is picked up.
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply
      .code(404)
      .header('Cache-Control', 'no-store')
      .send({ error: 'not_found', message: messageOf('not_found') });
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(`${API_BASE}/`) && !request.url.startsWith(`${API_BASE}/docs`))
      reply.header('Cache-Control', 'no-store');
  });

  return app;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
