import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, signIn } from '../../test/harness';
import { buildApp } from '../app';
import { ConfigError } from '../config';
import type { Database } from './client';
import { loadDemoDataset, prepareDatabase } from './prepare';
import * as t from './schema';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the demo dataset', () => {
  it('comes from @falcon/demo-data, loaded only when asked for', async () => {
    const dataset = await loadDemoDataset();
    expect(dataset.users.map((u) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'backoffice', 'sales', 'kdadmin', 'staff']),
    );
  });

  it('says what to do when @falcon/demo-data is not installed (a production install)', async () => {
    const missing = Object.assign(new Error("Cannot find package '@falcon/demo-data'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const load = loadDemoDataset(() => Promise.reject(missing));
    await expect(load).rejects.toThrow(ConfigError);
    await expect(load).rejects.toThrow(
      /@falcon\/demo-data.*DEMO_DATA=0 with ADMIN_USERNAME and ADMIN_PASSWORD/s,
    );
  });
});

describe('preparing the database on start', () => {
  it('leaves a database with users alone', async () => {
    expect(await prepareDatabase(database.db, { demoData: undefined, production: false })).toBe('existing');
  });

  it('never puts demo users into production', async () => {
    await expect(prepareDatabase(database.db, { demoData: true, production: true })).rejects.toThrow(
      ConfigError,
    );
  });

  it('refuses a production start without users and without ADMIN_USERNAME/ADMIN_PASSWORD', async () => {
    await database.db.delete(t.users);
    await expect(prepareDatabase(database.db, { demoData: undefined, production: true })).rejects.toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD/,
    );
  });

  it('creates the first ADMIN, who can sign in and holds every permission', async () => {
    const result = await prepareDatabase(database.db, {
      demoData: undefined,
      production: true,
      adminUsername: 'root',
      adminPassword: 'a-long-secret-1',
    });
    expect(result).toBe('admin-created');
    const app = await buildApp({ db: database.db, webDist: null, underPressure: false, jobs: false });
    try {
      const root = await signIn(app, 'root', 'a-long-secret-1');
      const session = (await root.get('/api/rest/v2/auth/session')).json();
      expect(session.roles).toEqual(['ADMIN']);
      expect(session.permissions).toContain('PERM_SYSADMIN');
      expect((await root.get('/api/rest/v2/concerns')).json().length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
