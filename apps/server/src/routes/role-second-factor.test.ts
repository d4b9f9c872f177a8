import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from '../../test/harness';
import * as t from '../db/schema';

/**
 * The second-factor policy per role on the role screen (issue 18, ADR 0063): set and read back through the
 * role endpoints, protocolled in words, refused to whoever may not change the role, and what it does to
 * the role's users at their next sign-in.
 */

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp({ jobs: false });
});
afterAll(() => h.close());

const API = '/api/rest/v2';
interface RoleAnswer {
  id: string;
  rolename: string;
  permissions: string[];
  userCount: number;
  secondFactorRequired: boolean;
  usersWithoutSecondFactor: number;
}
/** The role's form as the web sends it back: everything it read, with the policy as given. */
const formOf = (role: RoleAnswer, secondFactorRequired?: boolean) => ({
  rolename: role.rolename,
  permissions: role.permissions,
  ...(secondFactorRequired === undefined ? {} : { secondFactorRequired }),
});
const passwordStep = (username: string) =>
  h.app.inject({
    method: 'POST',
    url: `${API}/auth/signin`,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password: DEMO_PASSWORD }),
    remoteAddress: '10.18.0.1',
  });

describe('second-factor policy of a role', () => {
  it('is set and read back by an administrator, protocolled in words, and kept when a form leaves it out', async () => {
    const admin = await signIn(h.app, 'admin');
    const before = (await admin.get(`${API}/roles`))
      .json()
      .find((r: RoleAnswer) => r.rolename === 'KD_USER') as RoleAnswer;
    // The demo dataset leaves it off (ADR 0063); none of its users has a factor.
    expect(before).toMatchObject({ secondFactorRequired: false });
    expect(before.userCount).toBeGreaterThan(0);
    expect(before.usersWithoutSecondFactor).toBe(before.userCount);

    try {
      const on = await admin.post(`${API}/role/KD_USER`, formOf(before, true));
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ id: before.id, secondFactorRequired: true });
      expect((await admin.get(`${API}/roleid/${before.id}`)).json()).toMatchObject({
        secondFactorRequired: true,
        usersWithoutSecondFactor: before.userCount,
      });
      const [row] = await h.database.db
        .select({ required: t.roles.secondFactorRequired })
        .from(t.roles)
        .where(eq(t.roles.id, before.id));
      expect(row?.required).toBe(true);

      // An older client's form without the field changes nothing.
      const kept = await admin.post(`${API}/role/KD_USER`, formOf(before));
      expect(kept.json()).toMatchObject({ secondFactorRequired: true });

      const protocol = (
        await admin.post(`${API}/protocol`, { filterMap: { type: 'update' }, size: 20 })
      ).json().items as Array<{
        objectId: string;
        username: string;
        before: unknown;
        after: unknown;
        words?: { event: string; values: Record<string, string> };
      }>;
      const policy = protocol.filter(
        (e) => e.objectId === before.id && e.words?.event.startsWith('roleSecondFactor'),
      );
      // One entry for the change, none for the save that left it as it was.
      expect(policy).toHaveLength(1);
      expect(policy[0]).toMatchObject({
        username: 'admin',
        words: { event: 'roleSecondFactorRequired', values: { rolename: 'KD_USER' } },
        before: { secondFactorRequired: false },
        after: { secondFactorRequired: true },
      });
      expect(
        protocol.find((e) => e.objectId === before.id && e.words?.event === 'roleUpdated'),
      ).toMatchObject({ after: { secondFactorRequired: true } });

      const off = await admin.post(`${API}/role/KD_USER`, formOf(before, false));
      expect(off.json()).toMatchObject({ secondFactorRequired: false });
      const latest = (await admin.post(`${API}/protocol`, { filterMap: { type: 'update' }, size: 5 })).json()
        .items as Array<{ objectId: string; words?: { event: string } }>;
      expect(
        latest.find((e) => e.objectId === before.id && e.words?.event.startsWith('roleSecondFactor')),
      ).toMatchObject({ words: { event: 'roleSecondFactorOptional' } });
    } finally {
      await h.database.db
        .update(t.roles)
        .set({ secondFactorRequired: false })
        .where(eq(t.roles.id, before.id));
    }
  });

  it('is set on a new role, and a role made without it requires none', async () => {
    const admin = await signIn(h.app, 'admin');
    const strict = await admin.post(`${API}/role/create`, {
      rolename: 'AUDIT 2FA',
      permissions: [],
      secondFactorRequired: true,
    });
    expect(strict.statusCode).toBe(201);
    expect(strict.json()).toMatchObject({
      secondFactorRequired: true,
      userCount: 0,
      usersWithoutSecondFactor: 0,
    });
    const plain = await admin.post(`${API}/role/create`, { rolename: 'AUDIT PLAIN', permissions: [] });
    expect(plain.json()).toMatchObject({ secondFactorRequired: false });
    const protocol = (await admin.post(`${API}/protocol`, { size: 20 })).json().items as Array<{
      objectId: string;
      words?: { event: string };
    }>;
    expect(
      protocol
        .filter((e) => e.objectId === strict.json().id)
        .map((e) => e.words?.event)
        .sort(),
    ).toEqual(['roleCreated', 'roleSecondFactorRequired']);
    expect(protocol.filter((e) => e.objectId === plain.json().id).map((e) => e.words?.event)).toEqual([
      'roleCreated',
    ]);
    await admin.del(`${API}/role/AUDIT 2FA`);
    await admin.del(`${API}/role/AUDIT PLAIN`);
  });

  it('is refused to whoever may not change the role, and a bad value is a 400 naming the field', async () => {
    const admin = await signIn(h.app, 'admin');
    const role = (await admin.get(`${API}/roles`))
      .json()
      .find((r: RoleAnswer) => r.rolename === 'KD_USER') as RoleAnswer;
    // Without PERM_CREATEROLE.
    const staff = await signIn(h.app, 'staff');
    const refused = await staff.post(`${API}/role/KD_USER`, formOf(role, true));
    expect(refused.statusCode).toBe(403);
    // A customer admin may not change a global role, the policy included.
    const kdadmin = await signIn(h.app, 'kdadmin');
    const global = await kdadmin.post(`${API}/role/KD_USER`, formOf(role, true));
    expect([global.statusCode, global.json().error]).toEqual([403, 'role_read_only']);
    for (const bad of ['yes', 1, null]) {
      const res = await admin.post(`${API}/role/KD_USER`, { ...formOf(role), secondFactorRequired: bad });
      expect([res.statusCode, res.json().details?.field]).toEqual([400, 'secondFactorRequired']);
    }
    const [row] = await h.database.db
      .select({ required: t.roles.secondFactorRequired })
      .from(t.roles)
      .where(eq(t.roles.id, role.id));
    expect(row?.required).toBe(false);
  });

  it("leads the role's users without a factor to enrol at their next sign-in, and no longer once it is off", async () => {
    const admin = await signIn(h.app, 'admin');
    const role = (await admin.get(`${API}/roles`))
      .json()
      .find((r: RoleAnswer) => r.rolename === 'KD_USER') as RoleAnswer;
    // Before: the password opens a session.
    const plain = await passwordStep('staff');
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ username: 'staff' });
    try {
      expect((await admin.post(`${API}/role/KD_USER`, formOf(role, true))).statusCode).toBe(200);
      const next = await passwordStep('staff');
      expect(next.json()).toEqual({ secondFactor: { stage: 'enrol', methods: [] } });
      expect(next.cookies.find((c) => c.name === 'falcon_session')).toBeUndefined();
      expect(next.cookies.find((c) => c.name === 'falcon_pending')?.value).toBeTruthy();
      // A user of another role is not concerned.
      expect((await passwordStep('sales')).json()).toMatchObject({ username: 'sales' });
    } finally {
      await admin.post(`${API}/role/KD_USER`, formOf(role, false));
    }
    expect((await passwordStep('staff')).json()).toMatchObject({ username: 'staff' });
  });
});
