import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { buildApp } from '../app';
import { type Database, MIGRATIONS_DIR } from './client';

/**
 * Migration 0005 on data as it was before it: the seeded test database is taken back to 0004
 * (its two columns dropped, its journal row removed), old roles and users are written the way
 * the old code wrote them (with their protocol entries), then 0005 runs again.
 */
const TAG = '0005_role_owner_user_scope';

let database: Database;
let folder: string;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  // Migrations up to and including 0005 only (later ones of other changes stay applied).
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const mine = journal.entries.find((e: { tag: string }) => e.tag === TAG);
  folder = mkdtempSync(join(tmpdir(), 'falcon-migrations-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({
      ...journal,
      entries: journal.entries.filter((e: { idx: number }) => e.idx <= mine.idx),
    }),
  );
  await db.execute(sql`alter table roles drop column concern_code`);
  // Cascade: migration 0008's trigger on users reads the column (the test checks 0005's data only).
  await db.execute(sql`alter table users drop column active cascade`);
  await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${mine.when}`);

  const hash = (
    await rows<{ h: string }>(sql`select password_hash as h from users where username = 'staff'`)
  )[0]!.h;
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  let seq = 0;
  const created = (username: string, objectType: 'role' | 'user', objectId: string) =>
    db.execute(sql`insert into protocol (id, at, username, type, object_type, object_id, summary)
      values (${`P-T${++seq}`}, ${at(seq)}, ${username}, 'create', ${objectType}, ${objectId}, 'created')`);
  const user = async (
    id: string,
    username: string,
    scope: [string, string][],
    employeeKey: string | null = null,
  ) => {
    await db.execute(sql`insert into users (id, username, password_hash, firstname, lastname, employee_key, created_at)
      values (${id}, ${username}, ${hash}, 'T', 'T', ${employeeKey}, ${at(0)})`);
    for (const [kind, code] of scope)
      await db.execute(sql`insert into user_scope (user_id, kind, code) values (${id}, ${kind}, ${code})`);
  };
  const role = (id: string, name: string, builtIn = false) =>
    db.execute(sql`insert into roles (id, rolename, built_in) values (${id}, ${name}, ${builtIn})`);

  // Creators: a branch-level admin of C002, a customer user over two concerns (old data).
  await user('U-BR', 'branch.admin', [['branch', 'C002-B01']]);
  await user('U-MULTI', 'multi.admin', [
    ['concern', 'C001'],
    ['location', 'C002-B01-L01'],
  ]);
  await role('R-KD', 'made by kdadmin');
  await created('kdadmin', 'role', 'R-KD');
  await role('R-BR', 'made by branch admin');
  await created('Branch.Admin', 'role', 'R-BR');
  await role('R-ADM', 'made by admin');
  await created('admin', 'role', 'R-ADM');
  await role('R-MULTI', 'made over two concerns');
  await created('multi.admin', 'role', 'R-MULTI');
  await role('R-GONE', 'creator deleted');
  await created('someone.deleted', 'role', 'R-GONE');
  await role('R-NONE', 'no protocol');
  await created('kdadmin', 'role', 'R05'); // a built-in role stays global whatever the protocol says

  await user('U-E1', 'empty.by.kdadmin', []);
  await created('kdadmin', 'user', 'U-E1');
  await user('U-E2', 'empty.by.branch', []);
  await created('branch.admin', 'user', 'U-E2');
  await user('U-E3', 'empty.by.admin', []);
  await created('admin', 'user', 'U-E3');
  await user('U-E4', 'empty.unknown', []);
  await user('U-IN', 'new.clerk', [], 'IH01'); // internal: an empty scope is allowed
  await db.execute(sql`insert into sessions (id, user_id, created_at, last_seen_at)
    values ('S-E3', 'U-E3', now(), now()), ('S-E1', 'U-E1', now(), now())`);

  if (database.engine === 'pglite') await migratePglite(db as never, { migrationsFolder: folder });
  else await migratePg(db as never, { migrationsFolder: folder });
});
afterAll(async () => {
  await database?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migration 0005: every role gets an owner, every customer user a scope or no sign-in', () => {
  it('gives a role the concern of the customer user who made it; built-in, internal, spread or unknown makers: global', async () => {
    const owners = Object.fromEntries(
      (await rows<{ id: string; c: string | null }>(sql`select id, concern_code as c from roles`)).map(
        (r) => [r.id, r.c],
      ),
    );
    expect(owners).toMatchObject({
      'R-KD': 'C001',
      'R-BR': 'C002',
      'R-ADM': null,
      'R-MULTI': null,
      'R-GONE': null,
      'R-NONE': null,
      R01: null,
      R05: null,
    });
  });

  it("gives an empty-scope customer user its customer creator's scope, and deactivates the rest", async () => {
    const users = await rows<{ id: string; active: boolean; scope: string | null }>(sql`
      select u.id, u.active, string_agg(s.kind || ':' || s.code, ',' order by s.code) as scope
      from users u left join user_scope s on s.user_id = u.id
      where u.id in ('U-E1', 'U-E2', 'U-E3', 'U-E4', 'U-IN') group by u.id, u.active order by u.id`);
    expect(users).toEqual([
      { id: 'U-E1', active: true, scope: 'concern:C001' },
      { id: 'U-E2', active: true, scope: 'branch:C002-B01' },
      { id: 'U-E3', active: false, scope: null },
      { id: 'U-E4', active: false, scope: null },
      { id: 'U-IN', active: true, scope: null },
    ]);
    expect(await rows(sql`select count(*)::int as n from users where not active`)).toEqual([{ n: 2 }]);
    const sessions = await rows<{ user_id: string }>(
      sql`select user_id from sessions where id in ('S-E1', 'S-E3')`,
    );
    expect(sessions).toEqual([{ user_id: 'U-E1' }]);
  });

  it('writes down each change in the protocol', async () => {
    const entries = await rows<{ object_id: string; summary: string }>(sql`
      select object_id, summary from protocol where id like 'MIG0005-%' order by object_id`);
    expect(entries.map((e) => e.object_id)).toEqual(['R-BR', 'R-KD', 'U-E1', 'U-E2', 'U-E3', 'U-E4']);
    expect(entries.find((e) => e.object_id === 'U-E3')?.summary).toContain('deactivated');
    expect(entries.find((e) => e.object_id === 'R-KD')?.summary).toContain('C001');
  });

  it('a deactivated user cannot sign in until an administrator saves it with a scope', async () => {
    const app = await buildApp({ db: database.db, webDist: null, underPressure: false, jobs: false });
    await app.ready();
    try {
      const signin = (username: string) =>
        app.inject({
          method: 'POST',
          url: '/api/rest/v2/auth/signin',
          headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          payload: JSON.stringify({ username, password: 'demo1234' }),
        });
      expect((await signin('empty.by.kdadmin')).statusCode).toBe(200);
      const refused = await signin('empty.by.admin');
      expect([refused.statusCode, refused.json().error]).toEqual([401, 'login_failed']);
      const admin = await signin('admin');
      const cookie = String(admin.headers['set-cookie']).split(';')[0] as string;
      const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
        app.inject({
          method,
          url,
          headers: {
            cookie,
            'x-requested-with': 'XMLHttpRequest',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
      const user = (await call('GET', '/api/rest/v2/user/empty.by.admin')).json();
      expect(user).toMatchObject({ active: false });
      const saved = await call('POST', '/api/rest/v2/user/empty.by.admin', {
        ...Object.fromEntries(
          ['username', 'firstname', 'lastname', 'email', 'phone', 'region', 'useRegion', 'language'].map(
            (k) => [k, user[k]],
          ),
        ),
        sessionTimeoutMinutes: user.sessionTimeoutMinutes,
        roles: ['KD_USER'],
        permissions: [],
        scope: { all: false, concerns: ['C003'], branches: [], locations: [] },
        employeeKey: null,
      });
      expect([saved.statusCode, saved.json().active]).toEqual([200, true]);
      expect((await signin('empty.by.admin')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
