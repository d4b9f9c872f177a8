import { DEFAULT_ROLES, type UserInput } from '@falcon/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, signIn, type TestApp, userForm } from '../../test/harness';
import * as t from '../db/schema';

// Issue 11, cases 1 and 2: roles and users belong to someone, and a customer admin reaches only
// its own concern's. kdadmin administers C001; mojmir.neubauer is the KD_ADMIN of C002 (dataset seed 1).

const C002_ADMIN = 'mojmir.neubauer';
const PRICE = 'PERM_FIELD_PRICE';

const userInput = (over: Partial<UserInput> = {}) => userForm({ email: null, ...over });

const EMPTY = { all: false, concerns: [], branches: [], locations: [] };

let h: TestApp;
let admin: Client;
let kdadmin: Client;
let c002admin: Client;
beforeAll(async () => {
  h = await createTestApp({ jobs: false });
  [admin, kdadmin, c002admin] = await Promise.all([
    signIn(h.app, 'admin'),
    signIn(h.app, 'kdadmin'),
    signIn(h.app, C002_ADMIN),
  ]);
});
afterAll(() => h.close());

const role = async (client: Client, name: string) =>
  (await client.post('/api/rest/v2/listroles', { size: 200 }))
    .json()
    .items.find((r: { rolename: string }) => r.rolename === name);

describe('case 1: a customer admin cannot rewrite the roles every customer shares', () => {
  it.each(['KD_USER', 'KD_ADMIN', 'SALESFORCE'])(
    'kdadmin adding PERM_FIELD_PRICE to %s is 403 role_read_only, and the role stays as it was',
    async (name) => {
      const before = await role(admin, name);
      const seen = await role(kdadmin, name);
      expect(seen).toMatchObject({ rolename: name, builtIn: true, concernCode: null, editable: false });
      const res = await kdadmin.post(`/api/rest/v2/role/${name}`, {
        rolename: name,
        permissions: [...new Set([...before.permissions, PRICE])],
      });
      expect([res.statusCode, res.json().error, res.json().details?.field]).toEqual([
        403,
        'role_read_only',
        'rolename',
      ]);
      expect((await role(admin, name)).permissions).toEqual(before.permissions);
      expect((await kdadmin.del(`/api/rest/v2/role/${name}`)).statusCode).toBe(409);
    },
  );

  it('keeps prices hidden from every KD_USER after the attempt (staff of C001, a KD_USER of C002)', async () => {
    await kdadmin.post('/api/rest/v2/role/KD_USER', {
      rolename: 'KD_USER',
      permissions: [...DEFAULT_ROLES.KD_USER.permissions, PRICE],
    });
    const staff = await signIn(h.app, 'staff');
    const session = (await staff.get('/api/rest/v2/auth/session')).json();
    expect(session.permissions).not.toContain(PRICE);
  });

  it('an internal administrator still changes a built-in role, and it is editable to it', async () => {
    const seen = await role(admin, 'SALESFORCE');
    expect(seen.editable).toBe(true);
    const res = await admin.post('/api/rest/v2/role/SALESFORCE', {
      rolename: 'SALESFORCE',
      permissions: seen.permissions.filter((p: string) => p !== PRICE),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions).not.toContain(PRICE);
  });

  it("roles another concern's admin made are missing to kdadmin: read, change, delete, assign", async () => {
    const made = await c002admin.post('/api/rest/v2/role/create', {
      rolename: 'C002 Lager',
      permissions: ['PERM_FIELD_ARTICLENAME'],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ concernCode: 'C002', editable: true, builtIn: false });
    const id = made.json().id;
    const missing = await kdadmin.get('/api/rest/v2/roleid/R-none');
    const read = await kdadmin.get(`/api/rest/v2/roleid/${id}`);
    expect([read.statusCode, read.json()]).toEqual([404, missing.json()]);
    const change = await kdadmin.post('/api/rest/v2/role/C002 Lager', {
      rolename: 'C002 Lager',
      permissions: [PRICE],
    });
    expect(change.statusCode).toBe(404);
    expect((await kdadmin.del('/api/rest/v2/role/C002 Lager')).statusCode).toBe(404);
    expect(await role(kdadmin, 'C002 Lager')).toBeUndefined();
    const all = (await kdadmin.get('/api/rest/v2/roles')).json();
    expect(all.map((r: { rolename: string }) => r.rolename)).not.toContain('C002 Lager');
    const assign = await kdadmin.post('/api/rest/v2/user/create', userInput({ roles: ['C002 Lager'] }));
    expect([assign.statusCode, assign.json().details.field]).toEqual([400, 'roles']);
    expect((await role(admin, 'C002 Lager')).permissions).toEqual(['PERM_FIELD_ARTICLENAME']);
  });

  it("kdadmin's own roles belong to C001: it changes and deletes them; C002's admin does not see them", async () => {
    const made = await kdadmin.post('/api/rest/v2/role/create', {
      rolename: 'C001 Einkauf',
      permissions: ['PERM_FIELD_ARTICLENAME', PRICE],
    });
    expect(made.json()).toMatchObject({ concernCode: 'C001', editable: true });
    expect((await c002admin.get(`/api/rest/v2/roleid/${made.json().id}`)).statusCode).toBe(404);
    const changed = await kdadmin.post('/api/rest/v2/role/C001 Einkauf', {
      rolename: 'C001 Einkauf',
      permissions: ['PERM_FIELD_ARTICLENAME'],
    });
    expect([changed.statusCode, changed.json().permissions]).toEqual([200, ['PERM_FIELD_ARTICLENAME']]);
    expect((await kdadmin.del('/api/rest/v2/role/C001 Einkauf')).statusCode).toBe(200);
  });

  it('a role made by internal staff is global: read-only to kdadmin, visible to it once it holds every permission', async () => {
    const made = await admin.post('/api/rest/v2/role/create', {
      rolename: 'Lager global',
      permissions: ['PERM_FIELD_ARTICLENAME'],
    });
    expect(made.json()).toMatchObject({ concernCode: null, editable: true });
    expect(await role(kdadmin, 'Lager global')).toMatchObject({ editable: false });
    const change = await kdadmin.post('/api/rest/v2/role/Lager global', {
      rolename: 'Lager global',
      permissions: ['PERM_FIELD_ARTICLENAME', PRICE],
    });
    expect([change.statusCode, change.json().error]).toEqual([403, 'role_read_only']);
    const remove = await kdadmin.del('/api/rest/v2/role/Lager global');
    expect([remove.statusCode, remove.json().error]).toEqual([403, 'role_read_only']);
  });

  it('a customer admin grants only permissions it holds: 400 permission_not_held naming the field', async () => {
    const res = await kdadmin.post('/api/rest/v2/role/create', {
      rolename: 'C001 Sysadmin',
      permissions: ['PERM_SYSADMIN'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'permission_not_held',
      details: { field: 'permissions', missing: ['PERM_SYSADMIN'] },
    });
  });

  it("counts a role's users within the caller's scope, not over every customer", async () => {
    const users = await h.database.db
      .select({ scope: t.userScope.code, role: t.roles.rolename })
      .from(t.userRoles)
      .innerJoin(t.roles, eq(t.roles.id, t.userRoles.roleId))
      .innerJoin(t.userScope, eq(t.userScope.userId, t.userRoles.userId));
    const kdUsersOfC001 = users.filter((u) => u.role === 'KD_USER' && u.scope.startsWith('C001')).length;
    const kdUsersAll = users.filter((u) => u.role === 'KD_USER').length;
    expect(kdUsersOfC001).toBeLessThan(kdUsersAll);
    expect((await role(kdadmin, 'KD_USER')).userCount).toBe(kdUsersOfC001);
    expect((await role(admin, 'KD_USER')).userCount).toBe(kdUsersAll);
  });
});

describe('case 2: users with an empty scope cannot be made, nor captured', () => {
  it('kdadmin creating a user without a scope is 400 scope_required naming the field; so is an ADMIN', async () => {
    for (const client of [kdadmin, admin]) {
      const res = await client.post(
        '/api/rest/v2/user/create',
        userInput({ username: 'no.scope', scope: EMPTY }),
      );
      expect([res.statusCode, res.json().error, res.json().details.field]).toEqual([
        400,
        'scope_required',
        'scope',
      ]);
    }
    expect((await admin.get('/api/rest/v2/user/no.scope')).statusCode).toBe(404);
  });

  it('an update that empties a customer user’s scope is refused the same way', async () => {
    const res = await kdadmin.post('/api/rest/v2/user/staff', userInput({ username: 'staff', scope: EMPTY }));
    expect([res.statusCode, res.json().error]).toEqual([400, 'scope_required']);
  });

  it('a customer user belongs to one concern: a scope over two is 400 naming the field', async () => {
    const res = await admin.post(
      '/api/rest/v2/user/create',
      userInput({
        username: 'two.concerns',
        scope: { ...EMPTY, concerns: ['C001'], branches: ['C002-B01'] },
      }),
    );
    expect([res.statusCode, res.json().error, res.json().details]).toEqual([
      400,
      'validation_error',
      { field: 'scope', reason: 'several_concerns' },
    ]);
  });

  it('a user left with an empty scope (old data) is missing to every customer admin: no read, move or new password', async () => {
    const [staff] = await h.database.db.select().from(t.users).where(eq(t.users.username, 'staff'));
    await h.database.db.insert(t.users).values({
      id: 'U-EMPTY',
      username: 'empty.scope',
      passwordHash: staff!.passwordHash,
      firstname: 'Empty',
      lastname: 'Scope',
      createdAt: new Date(),
    });
    for (const client of [kdadmin, c002admin]) {
      expect((await client.get('/api/rest/v2/user/empty.scope')).statusCode).toBe(404);
      expect((await client.get('/api/rest/v2/userid/U-EMPTY')).statusCode).toBe(404);
      const listed = (await client.post('/api/rest/v2/users', { size: 200 })).json();
      expect(listed.items.map((u: { username: string }) => u.username)).not.toContain('empty.scope');
      const moved = await client.post(
        '/api/rest/v2/user/empty.scope',
        userInput({
          username: 'empty.scope',
          scope: client === kdadmin ? { ...EMPTY, concerns: ['C001'] } : { ...EMPTY, concerns: ['C002'] },
          password: 'captured-123',
          passwordRepeat: 'captured-123',
        }),
      );
      expect(moved.statusCode).toBe(404);
    }
    const [after] = await h.database.db.select().from(t.users).where(eq(t.users.id, 'U-EMPTY'));
    expect(after!.passwordHash).toBe(staff!.passwordHash);
    expect(await h.database.db.select().from(t.userScope).where(eq(t.userScope.userId, 'U-EMPTY'))).toEqual(
      [],
    );
    // An unrestricted administrator still reaches it, and gives it a scope.
    expect((await admin.get('/api/rest/v2/user/empty.scope')).statusCode).toBe(200);
  });

  it('a customer admin neither links a user to an employee nor administers internal staff in its concern', async () => {
    const linked = await kdadmin.post(
      '/api/rest/v2/user/create',
      userInput({ username: 'fake.clerk', employeeKey: 'IH01' }),
    );
    expect([linked.statusCode, linked.json().details.field]).toEqual([403, 'employeeKey']);
    // An in-house clerk who serves only C001 lies inside kdadmin's scope, but is the supplier's.
    const clerk = await admin.post(
      '/api/rest/v2/user/create',
      userInput({ username: 'c001.clerk', roles: ['BACKOFFICE'], employeeKey: 'IH01' }),
    );
    expect(clerk.statusCode).toBe(201);
    expect((await kdadmin.get('/api/rest/v2/user/c001.clerk')).statusCode).toBe(404);
    const reset = await kdadmin.post(
      '/api/rest/v2/user/c001.clerk',
      userInput({ username: 'c001.clerk', password: 'captured-123', passwordRepeat: 'captured-123' }),
    );
    expect(reset.statusCode).toBe(404);
  });

  it('C002’s admin cannot read, move or set the password of a C001 user', async () => {
    expect((await c002admin.get('/api/rest/v2/user/staff')).statusCode).toBe(404);
    const moved = await c002admin.post(
      '/api/rest/v2/user/staff',
      userInput({
        username: 'staff',
        scope: { ...EMPTY, concerns: ['C002'] },
        password: 'x-captured-1',
        passwordRepeat: 'x-captured-1',
      }),
    );
    expect(moved.statusCode).toBe(404);
  });
});
