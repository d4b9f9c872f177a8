import type { SessionCache } from './auth/session-cache';
import type { KeptSession } from './auth/sessions';
import type { ThrottleOptions } from './auth/throttle';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/transport';
import type { AppMetrics } from './metrics';
import type { FileStorage } from './services/stored-files';

/** Services and settings shared by every route (decorated onto the fastify instance as `ctx`). */
export interface AppContext {
  db: Db;
  now: () => Date;
  version: string;
  startedAt: string;
  sessionSecure: boolean;
  /** Absolute session lifetime (SESSION_MAX_HOURS). */
  sessionMaxMs: number;
  /** Session checks kept in memory, dropped on every change the database announces (ADR 0044). */
  sessions: SessionCache<KeptSession>;
  /**
   * Whether every JSON answer is parsed with its zod response schema (tests: on); otherwise the compiled
   * response shape only keeps the schema's keys (plugins/response-shape.ts).
   */
  validateResponses: boolean;
  throttle: ThrottleOptions;
  /** The origin passkeys are bound to (PUBLIC_ORIGIN); undefined: the request's own (auth/passkeys.ts). */
  publicOrigin: string | undefined;
  /** Background jobs (pg-boss): enqueue with `jobs.enqueue(job, payload, { tx })`. */
  jobs: JobQueue;
  /** How notifications leave (ADR 0065): SMTP, the developers' mailbox (/dev/mail) or off. */
  mail: Mailer;
  /** Where file bytes are read and written (database or object store, ADR 0052). */
  files: FileStorage;
  /** Prometheus metrics of this app (metrics.ts). */
  metrics: AppMetrics;
  /** Single sign-on (ADR 0064): the key of the stored client secrets (null: none set up in production). */
  sso: SsoOptions;
  /** AES key of the users' TOTP secrets (TOTP_SECRET_KEY; outside production a known development key). */
  totpKey: Buffer;
  /** Set on SIGTERM (or when the app closes): /readyz answers 503 from then on. */
  lifecycle: { shuttingDown: boolean };
}

export interface SsoOptions {
  /** AES key of the providers' client secrets; null: SSO_SECRET_KEY missing in production (nothing can be saved). */
  key: Buffer | null;
  /** PUBLIC_URL: the origin of the redirect URI; undefined: the request's own. */
  publicUrl: string | undefined;
  /** Production refuses plain-http providers, even on this machine. */
  production: boolean;
}
