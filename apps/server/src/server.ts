import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from './app';
import { DEVELOPMENT_SSO_KEY, DEVELOPMENT_TOTP_KEY, secretKeyOf } from './auth/oidc-secrets';
import { encryptPlainTotpSecrets } from './auth/second-factor';
import { ConfigError, loadConfig } from './config';
import { type Db, openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { users } from './db/schema';
import { s3ObjectStore } from './files/object-store';
import { batchedStdout } from './log-stream';
import { createFileStorage } from './services/stored-files';

const DEMO_USERS = ['admin', 'backoffice', 'sales', 'kdadmin', 'staff'];

const main = async () => {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: resolve(config.dataDir),
    onPoolError: (error) => console.error(`[falcon] database connection lost: ${error.message}`),
  });
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    prepared = await prepareDatabase(database.db, {
      ...config,
      log: (line) => console.log(`[falcon] ${line}`),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  // Required in production (config.ts): a TOTP secret cannot be stored without it.
  const totpKey = config.totpSecretKey ? secretKeyOf(config.totpSecretKey) : DEVELOPMENT_TOTP_KEY;
  // TOTP secrets an earlier version stored readable are encrypted before any request is served.
  const sealed = await encryptPlainTotpSecrets(database.db, totpKey);
  if (sealed > 0) console.log(`[falcon] encrypted ${sealed} TOTP secret(s) stored readable`);
  const objects = config.s3 ? await s3ObjectStore(config.s3) : undefined;
  const app = await buildApp({
    db: database.db,
    sessionSecure: config.sessionSecure,
    sessionMaxMs: config.sessionMaxMs,
    sessionCacheMs: config.sessionCacheMs,
    logger: { level: config.logLevel, stream: batchedStdout() },
    trustProxy: config.trustProxy,
    ...(config.publicOrigin ? { publicOrigin: config.publicOrigin } : {}),
    files: createFileStorage(objects),
    metricsToken: config.metricsToken,
    mail: config.mail,
    sso: {
      production: config.production,
      publicUrl: config.publicUrl,
      key: config.ssoSecretKey
        ? secretKeyOf(config.ssoSecretKey)
        : config.production
          ? null
          : DEVELOPMENT_SSO_KEY,
    },
    totpKey,
  });
  app.addHook('onClose', async () => {
    await database.close();
    objects?.close();
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready from now on (/readyz 503): load balancers stop sending new requests; those that still
    // come during SHUTDOWN_DELAY_SECONDS are served, then the server stops taking connections.
    app.ctx.lifecycle.shuttingDown = true;
    if (config.shutdownDelayMs)
      console.log(`[falcon] ${signal}: not ready; closing in ${config.shutdownDelayMs / 1000} s`);
    const delay = new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    delay
      .then(() => {
        console.log(`[falcon] ${signal}: finishing in-flight requests...`);
        return app.close();
      })
      .then(
        () => {
          console.log('[falcon] stopped');
          process.exitCode = 0;
        },
        (error: unknown) => {
          console.error('[falcon] shutdown failed', error);
          process.exitCode = 1;
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`[falcon] Falcon is running at http://${shownHost}:${config.port}`);
  console.log(
    `[falcon] database: ${database.engine === 'pglite' ? `PGlite in ${resolve(config.dataDir)}` : 'PostgreSQL'}`,
  );
  console.log(
    `[falcon] files: ${config.s3 ? `object store, bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : 'in the database'}`,
  );
  console.log(`[falcon] API docs: http://${shownHost}:${config.port}/api/docs`);
  console.log(
    `[falcon] e-mail: ${
      config.mail.smtp
        ? `SMTP ${config.mail.smtp.host}:${config.mail.smtp.port}`
        : config.mail.devMailbox
          ? `not sent (no SMTP_HOST): shown at http://${shownHost}:${config.port}/dev/mail`
          : 'off (no SMTP_HOST)'
    }`,
  );
  if (prepared === 'demo-seeded' || (!config.production && (await hasDemoUsers(database.db))))
    console.log(`[falcon] demo users (password demo1234): ${DEMO_USERS.join(', ')}`);
};

const hasDemoUsers = async (db: Db): Promise<boolean> => {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, 'kdadmin')).limit(1);
  return rows.length > 0;
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`[falcon] ${error.message}`);
  else console.error('[falcon] failed to start', error);
  process.exit(1);
});
