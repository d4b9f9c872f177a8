import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, userForm } from '../../test/harness';
import { BUILD_VERSION } from '../app';

const input = userForm();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

describe('users', () => {
  it('lets a KD_ADMIN create users of its own concern only, and grant only what it holds', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const foreign = await kdadmin.post('/api/rest/v2/user/create', {
      ...input,
      scope: { ...input.scope, concerns: ['C002'] },
    });
    expect([foreign.statusCode, foreign.json().error, foreign.json().details.field]).toEqual([
      403,
      'forbidden',
      'scope',
    ]);
    // An unknown code outside its scope says no more than a foreign one.
    const unknown = await kdadmin.post('/api/rest/v2/user/create', {
      ...input,
      scope: { ...input.scope, branches: ['C999-B01'] },
    });
    expect([unknown.statusCode, unknown.json().details.field]).toEqual([403, 'scope']);
    const everything = await kdadmin.post('/api/rest/v2/user/create', {
      ...input,
      scope: { all: true, concerns: [], branches: [], locations: [] },
    });
    expect(everything.statusCode).toBe(403);
    const sysadmin = await kdadmin.post('/api/rest/v2/user/create', {
      ...input,
      permissions: ['PERM_SYSADMIN'],
    });
    // A 400 with its own key, not a 403: the web app routes 403s to the error page, a form keeps its input.
    expect([sysadmin.statusCode, sysadmin.json().error, sysadmin.json().details.field]).toEqual([
      400,
      'permission_not_held',
      'permissions',
    ]);
    const adminRole = await kdadmin.post('/api/rest/v2/user/create', { ...input, roles: ['ADMIN'] });
    expect([adminRole.statusCode, adminRole.json().details.field]).toEqual([400, 'roles']);

    const created = await kdadmin.post('/api/rest/v2/user/create', input);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'new.clerk', roles: ['KD_USER'], scope: input.scope });
    expect(created.json()).not.toHaveProperty('password');
    expect(created.json()).not.toHaveProperty('passwordHash');
  });

  it('lists, filters, sorts and pages only the users a KD_ADMIN administers', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const all = (await kdadmin.post('/api/rest/v2/users', { size: 200 })).json();
    const names = all.items.map((u: { username: string }) => u.username);
    expect(names).toContain('staff');
    expect(names).not.toContain('admin');
    expect(names).not.toContain('backoffice');
    expect([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(
      names,
    );
    const filtered = (await kdadmin.post('/api/rest/v2/users', { filterMap: { username: 'staf' } })).json();
    expect(filtered.items.map((u: { username: string }) => u.username)).toEqual(['staff']);
    const paged = (await kdadmin.post('/api/rest/v2/users', { size: 1, page: 1, sortAsc: false })).json();
    expect(paged).toMatchObject({ total: all.total, page: 1, size: 1 });
    expect(paged.items).toHaveLength(1);
    expect((await kdadmin.get('/api/rest/v2/user/admin')).statusCode).toBe(404);
    expect((await kdadmin.get('/api/rest/v2/userid/U001')).statusCode).toBe(404);
    expect((await kdadmin.del('/api/rest/v2/user/admin')).statusCode).toBe(404);
  });

  it('updates and deletes a user; a changed password ends its sessions', async () => {
    const admin = await signIn(t.app, 'admin');
    const created = (
      await admin.post('/api/rest/v2/user/create', { ...input, username: 'temp.user' })
    ).json();
    const temp = await signIn(t.app, 'temp.user', 'secret-pass-1');
    const updated = await admin.post('/api/rest/v2/user/temp.user', {
      ...input,
      username: 'temp.user',
      firstname: 'Tina',
      password: 'other-pass-2',
      passwordRepeat: 'other-pass-2',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.id, firstname: 'Tina' });
    expect((await temp.get('/api/rest/v2/auth/session')).statusCode).toBe(401);
    expect((await admin.get(`/api/rest/v2/userid/${created.id}`)).json().firstname).toBe('Tina');
    expect((await admin.del('/api/rest/v2/user/temp.user')).json()).toEqual({ ok: true });
    expect((await admin.get('/api/rest/v2/user/temp.user')).statusCode).toBe(404);
    expect((await admin.del('/api/rest/v2/user/admin')).statusCode).toBe(409);
  });
});

describe('roles', () => {
  it('creates, renames, updates and deletes a role; built-in roles stay', async () => {
    const admin = await signIn(t.app, 'admin');
    const created = await admin.post('/api/rest/v2/role/create', {
      rolename: 'AUDITOR',
      permissions: ['PERM_SYSADMIN'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      rolename: 'AUDITOR',
      permissions: ['PERM_SYSADMIN'],
      userCount: 0,
      builtIn: false,
    });
    const dup = await admin.post('/api/rest/v2/role/create', { rolename: 'auditor', permissions: [] });
    expect([dup.statusCode, dup.json().error]).toEqual([409, 'rolename_already_exists']);
    const renamed = await admin.post('/api/rest/v2/role/AUDITOR', { rolename: 'AUDIT', permissions: [] });
    expect(renamed.json()).toMatchObject({ id: created.json().id, rolename: 'AUDIT', permissions: [] });
    expect((await admin.get(`/api/rest/v2/roleid/${created.json().id}`)).json().rolename).toBe('AUDIT');
    const listed = (await admin.post('/api/rest/v2/listroles', { filterMap: { rolename: 'aud' } })).json();
    expect(listed.items.map((r: { rolename: string }) => r.rolename)).toEqual(['AUDIT']);
    expect((await admin.del('/api/rest/v2/role/AUDIT')).json()).toEqual({ ok: true });
    // A 409 says why: the role is built in (the web names the reason in the reader's language).
    const builtIn = await admin.del('/api/rest/v2/role/ADMIN');
    expect([builtIn.statusCode, builtIn.json().details]).toEqual([
      409,
      { field: 'rolename', reason: 'built_in' },
    ]);
    expect(
      (await admin.post('/api/rest/v2/role/ADMIN', { rolename: 'BOSS', permissions: [] })).statusCode,
    ).toBe(400);
  });

  it('shows a KD_ADMIN only roles within what it holds', async () => {
    const kdadmin = await signIn(t.app, 'kdadmin');
    const all = (await kdadmin.get('/api/rest/v2/roles')).json();
    const names = all.map((r: { rolename: string }) => r.rolename);
    expect(names).toContain('KD_USER');
    expect(names).not.toContain('ADMIN');
    const admin = await signIn(t.app, 'admin');
    const adminRole = (await admin.get('/api/rest/v2/roles'))
      .json()
      .find((r: { rolename: string }) => r.rolename === 'ADMIN');
    expect((await kdadmin.get(`/api/rest/v2/roleid/${adminRole.id}`)).statusCode).toBe(404);
  });
});

describe('administration', () => {
  it('gives an overview with counts, pending requests, export jobs and the version', async () => {
    const admin = await signIn(t.app, 'admin');
    const res = await admin.get('/api/rest/v2/admin/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      counts: { concerns: expect.any(Number) },
      exports: { failed: 0 },
      version: BUILD_VERSION,
    });
    expect(res.json().counts.containers).toBeGreaterThan(0);
    expect((await (await signIn(t.app, 'kdadmin')).get('/api/rest/v2/admin/overview')).statusCode).toBe(403);
  });

  it('shows each user only its own locations on the start page', async () => {
    const staff = await signIn(t.app, 'staff');
    const dashboard = (await staff.get('/api/rest/v2/dashboard')).json();
    expect(dashboard.locations.length).toBeGreaterThan(0);
    expect(dashboard.locations.every((l: { concernCode: string }) => l.concernCode === 'C001')).toBe(true);
    expect(dashboard.toReview).toBe(0);
  });
});
