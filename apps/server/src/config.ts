import { isIP } from 'node:net';
import { z } from 'zod';
import type { S3Settings } from './files/object-store';
import type { MailSettings } from './mail/transport';

const FLAGS = ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''] as const;
/** A flag that may stay unset: undefined then (the caller decides from other settings). */
const optionalFlag = z
  .enum(FLAGS)
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v)));

/** An IPv4/IPv6 address, optionally with a CIDR prefix length. */
const isAddressOrCidr = (entry: string): boolean => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/**
 * Which proxies' X-Forwarded-For to believe (fastify's trustProxy): off, a number of hops, or the
 * proxies' addresses/CIDRs. "true" (every hop) is refused: any client could then name its address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = v?.trim() ?? '';
    if (['', '0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.find((e) => !isAddressOrCidr(e));
    if (bad !== undefined || !entries.length) {
      ctx.addIssue({
        code: 'custom',
        message: `expected off, a number of proxy hops, or proxy addresses/CIDRs separated by commas (not "${bad ?? value}")`,
      });
      return z.NEVER;
    }
    return entries;
  });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** Unset: on for a new embedded database outside production (decided at start, see server.ts). */
  DEMO_DATA: optionalFlag,
  /** Unset: on in production (NODE_ENV=production), off otherwise. */
  SESSION_SECURE: optionalFlag,
  /** Absolute session lifetime in hours, whatever the activity (the idle timeout is per user). */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(12),
  /** How long a session check is kept in memory (ADR 0044); 0 reads the database on every request. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  TRUST_PROXY: trustProxy,
  /**
   * Where users reach the portal (https://falcon.example.com): the origin and relying party of passkeys
   * (WebAuthn). Unset: the origin each request names in its Host header (one host, or a local start).
   */
  PUBLIC_ORIGIN: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
  /** Where file bytes live (ADR 0052): in the database (default) or an S3-compatible object store. */
  FILES_BACKEND: z.enum(['database', 's3']).default('database'),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalFlag,
  /** The bearer token of GET /metrics (ADR 0055); unset: /metrics is off (404). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * After SIGTERM, how long the server keeps serving while /readyz answers 503, so that load balancers
   * take it out before it stops taking connections; then it finishes in-flight requests and exits.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** The SMTP server that delivers the notifications (issue 18, ADR 0065); unset: no e-mail is sent. */
  SMTP_HOST: optionalText,
  /** Unset: 465 with SMTP_SECURE, else 587. */
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: optionalFlag,
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  /** The sender of every notification: an address, optionally with a name (`Falcon <falcon@example.com>`). */
  MAIL_FROM: optionalText,
  /** Days the outbox keeps sent mail; failed mail is kept for inspection. */
  MAIL_KEEP_SENT_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Encrypts the client secrets of the concerns' identity providers (single sign-on, ADR 0064). */
  SSO_SECRET_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Encrypts the users' TOTP secrets (second factor, ADR 0063); required in production. */
  TOTP_SECRET_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Where users open Falcon: the links in the e-mails (unset: http://localhost:PORT) and the redirect URI of
   * single sign-on (unset: taken from each request).
   */
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** undefined: decide from the database (new and not production: on). */
  demoData: boolean | undefined;
  sessionSecure: boolean;
  /** A session ends this long after sign-in, however active. */
  sessionMaxMs: number;
  /** How long a session check is kept in memory (0: not kept). */
  sessionCacheMs: number;
  /** fastify's trustProxy: false, a number of hops, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** PUBLIC_ORIGIN: the origin (and so the relying party id) of passkeys; undefined: the request's host. */
  publicOrigin: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** The `s3` files backend's settings; undefined: files in the database. */
  s3: S3Settings | undefined;
  metricsToken: string | undefined;
  /** SIGTERM: not ready at once, still serving this long, then closing. */
  shutdownDelayMs: number;
  /**
   * E-mail (ADR 0065): SMTP when SMTP_HOST is set; without it, outside production the mail is kept for
   * the developers' page /dev/mail, in production none is written.
   */
  mail: MailSettings;
  /** SSO_SECRET_KEY: without it single sign-on cannot be set up in production. */
  ssoSecretKey: string | undefined;
  /** TOTP_SECRET_KEY: required in production; elsewhere unset means a known development key. */
  totpSecretKey: string | undefined;
  /** PUBLIC_URL as set (single sign-on takes its redirect URI from each request without it). */
  publicUrl: string | undefined;
  production: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and checks the environment; throws a ConfigError listing every bad variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined))
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  const s3Problems = [
    ...(e.FILES_BACKEND === 's3' && !e.S3_BUCKET ? ['  S3_BUCKET: required when FILES_BACKEND=s3'] : []),
    ...((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)
      ? ['  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together']
      : []),
  ];
  const mailProblems = [
    ...((e.SMTP_USER === undefined) !== (e.SMTP_PASSWORD === undefined)
      ? ['  SMTP_USER and SMTP_PASSWORD must be set together']
      : []),
    ...(e.SMTP_HOST && !e.MAIL_FROM ? ['  MAIL_FROM: required when SMTP_HOST is set'] : []),
  ];
  const production = e.NODE_ENV === 'production';
  // A production start's ADMIN and BACKOFFICE roles require a second factor: TOTP must be storable.
  const keyProblems =
    production && !e.TOTP_SECRET_KEY
      ? ['  TOTP_SECRET_KEY: required with NODE_ENV=production (encrypts the TOTP secrets)']
      : [];
  if (s3Problems.length || mailProblems.length || keyProblems.length)
    throw new ConfigError(
      `Invalid configuration:\n${[...s3Problems, ...mailProblems, ...keyProblems].join('\n')}`,
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    demoData: e.DEMO_DATA,
    sessionSecure: e.SESSION_SECURE ?? e.NODE_ENV === 'production',
    sessionMaxMs: Math.round(e.SESSION_MAX_HOURS * 3_600_000),
    sessionCacheMs: Math.round(e.SESSION_CACHE_SECONDS * 1_000),
    trustProxy: e.TRUST_PROXY,
    publicOrigin: e.PUBLIC_ORIGIN === undefined ? undefined : new URL(e.PUBLIC_ORIGIN).origin,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    s3:
      e.FILES_BACKEND === 's3' && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    shutdownDelayMs: Math.round(e.SHUTDOWN_DELAY_SECONDS * 1_000),
    mail: {
      smtp: e.SMTP_HOST
        ? {
            host: e.SMTP_HOST,
            port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
            secure: e.SMTP_SECURE ?? false,
            ...(e.SMTP_USER && e.SMTP_PASSWORD ? { auth: { user: e.SMTP_USER, pass: e.SMTP_PASSWORD } } : {}),
          }
        : undefined,
      devMailbox: !e.SMTP_HOST && !production,
      from: e.MAIL_FROM ?? 'Falcon <falcon@localhost>',
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      keepSentDays: e.MAIL_KEEP_SENT_DAYS,
    },
    production,
    ssoSecretKey: e.SSO_SECRET_KEY,
    totpSecretKey: e.TOTP_SECRET_KEY,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
  };
};
