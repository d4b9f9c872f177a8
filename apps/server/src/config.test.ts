import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** A production start needs the TOTP key (the second factor's secrets are stored encrypted). */
const PROD = { NODE_ENV: 'production', TOTP_SECRET_KEY: 'a production key of at least 32 characters' };

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      demoData: undefined,
      sessionSecure: false,
      sessionMaxMs: 12 * 3_600_000,
      trustProxy: false,
      production: false,
    });
  });

  it('marks the cookie Secure in production unless SESSION_SECURE says otherwise', () => {
    expect(loadConfig(PROD).sessionSecure).toBe(true);
    expect(loadConfig({ ...PROD, SESSION_SECURE: '0' }).sessionSecure).toBe(false);
    expect(loadConfig({ SESSION_SECURE: 'on' }).sessionSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).sessionSecure).toBe(false);
  });

  it('binds passkeys to PUBLIC_ORIGIN (its origin only), or to the request when unset', () => {
    expect(loadConfig({}).publicOrigin).toBeUndefined();
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://falcon.example.com/portal/' }).publicOrigin).toBe(
      'https://falcon.example.com',
    );
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'falcon.example.com' })).toThrow(ConfigError);
  });

  it('keeps files in the database unless FILES_BACKEND=s3 names a bucket', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    // S3_* without FILES_BACKEND=s3 change nothing (a switch back keeps them set).
    expect(loadConfig({ S3_BUCKET: 'falcon' }).s3).toBeUndefined();
    expect(
      loadConfig({
        FILES_BACKEND: 's3',
        S3_BUCKET: 'falcon',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'falcon',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ FILES_BACKEND: 's3' })).toThrowError(/S3_BUCKET: required/);
    expect(() => loadConfig({ FILES_BACKEND: 'disk' })).toThrowError(/FILES_BACKEND/);
    expect(() => loadConfig({ FILES_BACKEND: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrowError(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ FILES_BACKEND: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrowError(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
  });

  it('turns /metrics on with a METRICS_TOKEN of 16 characters or more, and reads SHUTDOWN_DELAY_SECONDS', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, shutdownDelayMs: 0 });
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(/METRICS_TOKEN: must be at least 16/);
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: '2.5' }).shutdownDelayMs).toBe(2_500);
    for (const bad of ['-1', 'soon', '121'])
      expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: bad }), bad).toThrowError(/SHUTDOWN_DELAY_SECONDS/);
  });

  it('trusts X-Forwarded-For only as TRUST_PROXY says, never from everyone', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    // SESSION_SECURE no longer trusts every hop.
    expect(loadConfig({ SESSION_SECURE: '1' }).trustProxy).toBe(false);
    for (const bad of ['true', 'yes', '10.0.0.1/33', 'proxy.local', ','])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrowError(/TRUST_PROXY/);
  });

  it('reads the absolute session lifetime in hours', () => {
    expect(loadConfig({ SESSION_MAX_HOURS: '8' }).sessionMaxMs).toBe(8 * 3_600_000);
    expect(loadConfig({ SESSION_MAX_HOURS: '0.5' }).sessionMaxMs).toBe(30 * 60_000);
    for (const bad of ['0', '-1', 'twelve'])
      expect(() => loadConfig({ SESSION_MAX_HOURS: bad })).toThrow(ConfigError);
  });

  it('reads flags and numbers', () => {
    const config = loadConfig({
      PORT: '8080',
      DEMO_DATA: 'false',
      SESSION_SECURE: '1',
      ...PROD,
    });
    expect(config).toMatchObject({ port: 8080, demoData: false, sessionSecure: true, production: true });
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_DATA: 'maybe' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*DEMO_DATA/,
    );
    expect(() => loadConfig({ PORT: '-1' })).toThrow(ConfigError);
  });

  it('wants TOTP_SECRET_KEY in production, of 32 characters at least; elsewhere it may be unset', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/TOTP_SECRET_KEY: required/);
    expect(() => loadConfig({ TOTP_SECRET_KEY: 'short' })).toThrowError(/TOTP_SECRET_KEY/);
    expect(loadConfig(PROD).totpSecretKey).toBe(PROD.TOTP_SECRET_KEY);
    expect(loadConfig({}).totpSecretKey).toBeUndefined();
  });

  it('wants the first admin as a pair with a strong password', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'root' })).toThrowError(/set together/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'short' })).toThrowError(
      /ADMIN_PASSWORD/,
    );
    expect(loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'a-long-secret-1' }).adminUsername).toBe(
      'root',
    );
  });
  it('sends mail through SMTP_HOST; without it keeps mail for /dev/mail, in production writes none', () => {
    expect(loadConfig({}).mail).toEqual({
      smtp: undefined,
      devMailbox: true,
      from: 'Falcon <falcon@localhost>',
      publicUrl: 'http://localhost:3000',
      keepSentDays: 30,
    });
    expect(loadConfig(PROD).mail.devMailbox).toBe(false);
    const mail = loadConfig({
      ...PROD,
      SMTP_HOST: 'smtp.example.com',
      SMTP_USER: 'falcon',
      SMTP_PASSWORD: 'secret',
      MAIL_FROM: 'Falcon <falcon@example.com>',
      PUBLIC_URL: 'https://falcon.example.com/',
      MAIL_KEEP_SENT_DAYS: '7',
    }).mail;
    expect(mail).toEqual({
      smtp: { host: 'smtp.example.com', port: 587, secure: false, auth: { user: 'falcon', pass: 'secret' } },
      devMailbox: false,
      from: 'Falcon <falcon@example.com>',
      publicUrl: 'https://falcon.example.com',
      keepSentDays: 7,
    });
    expect(() => loadConfig({ MAIL_KEEP_SENT_DAYS: '0' })).toThrowError(/MAIL_KEEP_SENT_DAYS/);
    expect(
      loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'on', MAIL_FROM: 'falcon@example.com' }).mail
        .smtp,
    ).toEqual({ host: 'smtp.example.com', port: 465, secure: true });
    expect(() => loadConfig({ SMTP_HOST: 'smtp.example.com' })).toThrowError(/MAIL_FROM/);
    expect(() =>
      loadConfig({ SMTP_HOST: 'smtp.example.com', MAIL_FROM: 'a@b.c', SMTP_USER: 'x' }),
    ).toThrowError(/SMTP_USER and SMTP_PASSWORD/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://falcon' })).toThrowError(/PUBLIC_URL/);
  });
});
