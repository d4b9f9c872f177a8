import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWith, openTestDatabase, signIn, userForm } from '../../test/harness';
import { buildApp } from '../app';
import type { Database } from '../db/client';

/**
 * Sessions kept in memory (ADR 0044), with two app instances on one database (two processes in
 * test/ops/scale-out.pg.test.ts): what one instance changes, the other drops before the change's
 * request has answered. On PGlite both instances share the embedded database in this process; on
 * PostgreSQL each listens on a connection of its own.
 */
let database: Database;
let a: FastifyInstance;
let b: FastifyInstance;

/** The KD_USER of concern C001 these tests create and change (the scenarios' one valid user form). */
const newUser = userForm({
  username: 'kai.keep',
  firstname: 'Kai',
  lastname: 'Keep',
  email: null,
  password: undefined,
  passwordRepeat: undefined,
});

const until = async (what: string, check: () => boolean) => {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Runs statements without their triggers: the database changes, and no instance is told. */
const silently = async (statement: string) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local session_replication_role = replica'));
    await tx.execute(sql.raw(statement));
  });

beforeAll(async () => {
  database = await openTestDatabase();
  const options = {
    db: database.db,
    webDist: null,
    underPressure: false,
    validateResponses: true,
    jobs: false as const,
    sessionCacheMs: 60_000,
  };
  a = await buildApp(options);
  b = await buildApp(options);
  await Promise.all([a.ready(), b.ready()]);
  await until('both instances listen', () => a.ctx.sessions.active && b.ctx.sessions.active);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

describe('sessions kept in memory, two instances on one database', () => {
  it('answers a kept session without reading it again (its row removed unannounced, it still answers)', async () => {
    const onA = await signIn(a, 'staff');
    const onB = clientWith(b, onA.cookie);
    expect((await onB.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    await silently(
      `delete from sessions where id = (select id from sessions order by created_at desc limit 1)`,
    );
    expect((await onB.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    // Not kept by A (signing in does not keep the session): A reads the database and finds nothing.
    expect((await onA.get('/api/rest/v2/auth/session')).statusCode).toBe(401);
  });

  it('a sign-out on one instance ends the session on the other at once', async () => {
    const onA = await signIn(a, 'backoffice');
    const onB = clientWith(b, onA.cookie);
    expect((await onB.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    expect((await onA.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    expect((await onA.post('/api/rest/v2/auth/signout')).statusCode).toBe(200);
    expect((await onB.get('/api/rest/v2/auth/session')).statusCode).toBe(401);
  });

  it('a role change on one instance shows in the session on the other at once', async () => {
    const admin = await signIn(a, 'admin');
    const created = await admin.post('/api/rest/v2/user/create', {
      ...newUser,
      username: 'kai.keep',
      password: 'keep-pass-11',
      passwordRepeat: 'keep-pass-11',
    });
    expect(created.statusCode, created.body).toBe(201);
    const kai = clientWith(b, (await signIn(b, 'kai.keep', 'keep-pass-11')).cookie);
    const before = (await kai.get('/api/rest/v2/auth/session')).json();
    expect(before.roles).toEqual(['KD_USER']);
    // Kept on B now; A gives the user the customer admin's role.
    const changed = await admin.post('/api/rest/v2/user/kai.keep', {
      ...newUser,
      username: 'kai.keep',
      roles: ['KD_ADMIN'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await kai.get('/api/rest/v2/auth/session')).json();
    expect(after.roles).toEqual(['KD_ADMIN']);
    expect(after.permissions).not.toEqual(before.permissions);
    // And an endpoint the old role could not use answers now.
    expect((await kai.post('/api/rest/v2/users', {})).statusCode).toBe(200);
  });

  it('a new password on one instance ends the user’s other sessions on the other at once', async () => {
    const first = await signIn(a, 'kdadmin');
    const second = clientWith(b, (await signIn(b, 'kdadmin')).cookie);
    expect((await second.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    const changed = await first.post('/api/rest/v2/profile/password', {
      oldPassword: 'demo1234',
      newPassword: 'kdadmin-new-22',
      newPasswordRepeat: 'kdadmin-new-22',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await second.get('/api/rest/v2/auth/session')).statusCode).toBe(401);
    expect((await first.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
  });

  it('a user deactivated in the database loses its kept sessions', async () => {
    const onB = clientWith(b, (await signIn(a, 'sales')).cookie);
    expect((await onB.get('/api/rest/v2/auth/session')).statusCode).toBe(200);
    await database.db.execute(sql`update users set active = false where username = 'sales'`);
    // PGlite: before the update returned; PostgreSQL: when the notification arrives, a moment later
    // (injected requests never wait for I/O: the wait between them lets the notification in).
    const deadline = Date.now() + 5_000;
    let status = (await onB.get('/api/rest/v2/auth/session')).statusCode;
    while (status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await onB.get('/api/rest/v2/auth/session')).statusCode;
    }
    expect(status).toBe(401);
  });
});
