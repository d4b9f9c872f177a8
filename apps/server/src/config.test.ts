import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      demoData: undefined,
      sessionSecure: false,
      production: false,
    });
  });

  it('reads flags and numbers', () => {
    const config = loadConfig({
      PORT: '8080',
      DEMO_DATA: 'false',
      SESSION_SECURE: '1',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({ port: 8080, demoData: false, sessionSecure: true, production: true });
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_DATA: 'maybe' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*DEMO_DATA/,
    );
    expect(() => loadConfig({ PORT: '-1' })).toThrow(ConfigError);
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
});
