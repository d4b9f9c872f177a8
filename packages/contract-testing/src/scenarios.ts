import { ApiError, LABELS, needsSecondFactor, type Session, type SignInAnswer } from '@falcon/api-client';
import { createDataset } from '@falcon/demo-data';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventually, failure, type TestClient } from './client';
import { userForm } from './fixtures';
import { pngOf } from './png';
import { unzip } from './zip';

/** A sign-in's session: the demo users have no second factor, so none waits. */
const sessionOf = (answer: SignInAnswer): Session => {
  if (needsSecondFactor(answer)) throw new Error('unexpected second factor step');
  return answer;
};

/** The dataset every target of the contract scenarios serves: the `small` scale of seed 1. */
export const SCENARIO_DATASET = { seed: 1, scale: 'small' } as const;

/** An implementation of the rest/v2 contract under test: the mock server or the real server. */
export interface ContractTarget {
  /** A new client (one browser, its own cookie jar) of the API under test. */
  newClient(): TestClient;
  /** Back to SCENARIO_DATASET with the demo users (password demo1234); runs before each scenario. */
  reset(): Promise<void> | void;
}

/**
 * The contract scenarios: one set of behaviours that the mock server and the real server must both
 * show, so the two cannot drift. Call it inside a test file with the target to check.
 */
export const describeContractScenarios = (target: ContractTarget): void => {
  const dataset = createDataset(SCENARIO_DATASET);
  const newClient = () => target.newClient();
  const signedIn = async (username: string, password = 'demo1234'): Promise<TestClient> => {
    const client = newClient();
    await client.api.auth.signin({ body: { username, password } });
    return client;
  };
  const foreign = () => {
    const c = dataset.containers.find((x) => x.concernCode !== 'C001');
    if (!c) throw new Error('no foreign container');
    return c;
  };
  const own = () => {
    const c = dataset.containers.find((x) => x.concernCode === 'C001' && x.active);
    if (!c) throw new Error('no own container');
    return c;
  };

  beforeEach(async () => {
    await target.reset();
  });

  describe('sign-in', () => {
    it('signs in with username and password and keeps the session in a cookie', async () => {
      const client = newClient();
      const session = sessionOf(
        await client.api.auth.signin({ body: { username: 'admin', password: 'demo1234' } }),
      );
      expect(session).toMatchObject({ username: 'admin', roles: ['ADMIN'], impersonatedBy: null });
      expect(session.permissions).toContain('PERM_SYSADMIN');
      expect(client.cookies.get('falcon_session')).toBeTruthy();
      expect((await client.api.auth.session()).userId).toBe(session.userId);
    });

    it('answers a wrong password and an unknown user alike with 401 login_failed', async () => {
      const client = newClient();
      const wrong = await failure(client.api.auth.signin({ body: { username: 'admin', password: 'nope' } }));
      const unknown = await failure(
        client.api.auth.signin({ body: { username: 'ghost', password: 'nope' } }),
      );
      for (const e of [wrong, unknown]) {
        expect(e).toBeInstanceOf(ApiError);
        expect(e.status).toBe(401);
        expect(e.key).toBe('login_failed');
      }
      // A failed sign-in is not a lost session: the app's 401 hook stays quiet on public endpoints.
      expect(client.unauthorized).toEqual([]);
      const admin = await signedIn('admin');
      const failed = await admin.api.protocol.list({ body: { filterMap: { type: 'signin_failed' } } });
      expect(failed.items[0]).toMatchObject({ type: 'signin_failed', username: 'ghost' });
    });

    it('ends the session on sign-out', async () => {
      const client = await signedIn('staff');
      await client.api.auth.signout();
      expect((await failure(client.api.auth.session())).status).toBe(401);
    });

    it('lets an ADMIN impersonate another user', async () => {
      const admin = await signedIn('admin');
      const session = await admin.api.auth.impersonate({ body: { username: 'staff' } });
      expect(session).toMatchObject({ username: 'staff', impersonatedBy: 'admin' });
      expect((await admin.api.auth.session()).username).toBe('staff');
    });

    it('rejects unknown body fields with 400 validation_error naming the field', async () => {
      const client = newClient();
      const e = await failure(
        client.api.auth.signin({
          body: { username: 'admin', password: 'demo1234', remember: true } as never,
        }),
      );
      expect(e.status).toBe(400);
      expect(e.key).toBe('validation_error');
      expect(e.field).toBe('remember');
    });
  });

  describe('single sign-on (issue 18)', () => {
    it('finds no provider for a domain nobody set up and refuses a state it never issued', async () => {
      const client = newClient();
      const none = await failure(client.api.sso.start({ body: { email: 'eve@nowhere.example' } }));
      expect([none.status, none.key]).toEqual([404, 'sso_not_available']);
      const made = await failure(
        client.api.sso.callback({ body: { state: 'never-issued', code: 'made-up' } }),
      );
      expect([made.status, made.key]).toEqual([401, 'sso_failed']);
      expect(client.unauthorized).toEqual([]);
      expect(client.cookies.get('falcon_session')).toBeFalsy();
    });

    it("shows a concern's settings to administrators only and refuses a plain-http provider", async () => {
      const admin = await signedIn('admin');
      const view = await admin.api.sso.settings({ params: { code: 'C001' } });
      expect(view.settings).toBeNull();
      expect(view.redirectUri).toMatch(/\/login\/sso$/);
      const http = await failure(
        admin.api.sso.saveSettings({
          params: { code: 'C001' },
          body: {
            issuer: 'http://idp.example.com',
            clientId: 'falcon',
            clientSecret: 'secret',
            emailDomains: ['acme.example'],
            roleClaim: 'groups',
            roleMapping: [],
            defaultRole: null,
            passwordSignIn: true,
          },
        }),
      );
      expect([http.status, http.field]).toEqual([400, 'issuer']);
      const kdadmin = await signedIn('kdadmin');
      expect((await failure(kdadmin.api.sso.settings({ params: { code: 'C001' } }))).status).toBe(403);
    });
  });

  describe('guards', () => {
    it('answers 401 unauthorized without a session and calls the app hook', async () => {
      const client = newClient();
      const e = await failure(client.api.concerns.list());
      expect(e.status).toBe(401);
      expect(e.key).toBe('unauthorized');
      expect(client.unauthorized).toHaveLength(1);
    });

    it('answers 403 forbidden to a user lacking a permission (all-of)', async () => {
      const staff = await signedIn('staff');
      const e = await failure(staff.api.users.list({ body: {} }));
      expect(e.status).toBe(403);
      expect(e.key).toBe('forbidden');
      expect(staff.forbidden).toHaveLength(1);
      const sales = await signedIn('sales');
      expect((await failure(sales.api.admin.overview())).status).toBe(403);
    });
  });

  describe('scope: staff of C001 never sees foreign data', () => {
    it('lists only its own concern', async () => {
      const staff = await signedIn('staff');
      expect((await staff.api.concerns.list()).map((c) => c.code)).toEqual(['C001']);
      const tree = await staff.api.cbl.tree();
      expect(tree.map((c) => c.code)).toEqual(['C001']);
      const found = await staff.api.cbl.suggest({ body: { query: '' } });
      expect(found.locations.every((l) => l.code.startsWith('C001-'))).toBe(true);
    });

    it("answers another concern's location exactly like a missing one (404 location_not_found)", async () => {
      const staff = await signedIn('staff');
      const foreignLocation = await failure(
        staff.api.location.get({ params: { code: foreign().locationCode } }),
      );
      const missing = await failure(staff.api.location.get({ params: { code: 'C999-B01-L01' } }));
      expect([foreignLocation.status, foreignLocation.key, foreignLocation.message]).toEqual([
        missing.status,
        missing.key,
        missing.message,
      ]);
      expect(missing.status).toBe(404);
      expect(missing.key).toBe('location_not_found');
      // An admin sees it.
      const admin = await signedIn('admin');
      expect((await admin.api.location.get({ params: { code: foreign().locationCode } })).code).toBe(
        foreign().locationCode,
      );
    });

    it("prints labels of its own location as a PDF, refuses another concern's location and containers (issue 17)", async () => {
      const staff = await signedIn('staff');
      const pdf = await staff.api.location.labels({
        params: { code: own().locationCode },
        body: { layout: 'a4-l7163', containerIds: [own().id] },
      });
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      const e = await failure(
        staff.api.location.labels({ params: { code: foreign().locationCode }, body: { layout: 'a4-l7163' } }),
      );
      expect([e.status, e.key]).toEqual([404, 'location_not_found']);
      const mixed = await failure(
        staff.api.location.labels({
          params: { code: own().locationCode },
          body: { layout: 'a4-l7163', containerIds: [own().id, foreign().id] },
        }),
      );
      expect([mixed.status, mixed.key]).toEqual([404, 'container_not_found']);
      const start = await failure(
        staff.api.location.labels({
          params: { code: own().locationCode },
          body: { layout: 'a4-l7160', start: 22 },
        }),
      );
      expect(start.status).toBe(400);
    });

    it("answers another concern's container with 404 container_not_found, and its barcode with invalid_barcode", async () => {
      const staff = await signedIn('staff');
      const e = await failure(staff.api.container.get({ params: { id: foreign().id } }));
      expect([e.status, e.key]).toEqual([404, 'container_not_found']);
      const b = await failure(staff.api.container.byBarcode({ params: { barcode: foreign().barcode } }));
      expect([b.status, b.key]).toEqual([404, 'invalid_barcode']);
      const c = await failure(staff.api.concern.get({ params: { code: foreign().concernCode } }));
      expect([c.status, c.key]).toEqual([404, 'not_found']);
    });
  });

  describe('field visibility', () => {
    it('serves staff a container without the fields it may not see', async () => {
      const staff = await signedIn('staff');
      const seen = await staff.api.container.get({ params: { id: own().id } });
      expect(seen).toMatchObject({
        id: own().id,
        articleName: own().articleName,
        fillingQuantity: own().fillingQuantity,
      });
      for (const hidden of [
        'price',
        'charge',
        'rackCode',
        'placeCode',
        'storageCoordinate',
        'deliveryNoteNumber',
      ])
        expect(seen).not.toHaveProperty(hidden);
      const admin = await signedIn('admin');
      expect(await admin.api.container.get({ params: { id: own().id } })).toMatchObject({
        price: own().price,
      });
    });

    it('refuses search filters and sort fields over hidden data', async () => {
      const staff = await signedIn('staff');
      const code = own().locationCode;
      const filter = await failure(
        staff.api.location.search({ params: { code }, body: { filters: { reach: { max: 1 } } } }),
      );
      expect([filter.status, filter.field]).toEqual([403, 'filters.reach']);
      const sort = await failure(
        staff.api.location.search({ params: { code }, body: { sortField: 'price' } }),
      );
      expect([sort.status, sort.field]).toEqual([403, 'sortField']);
      const result = await staff.api.location.search({
        params: { code },
        body: { filters: { deliveryState: ['backorder'] }, size: 50 },
      });
      expect(result.items.every((c) => c.deliveryStatus === 'backorder' && !('price' in c))).toBe(true);
    });
  });

  describe('users', () => {
    const input = userForm();

    it('creates a user who can sign in afterwards', async () => {
      const admin = await signedIn('admin');
      const created = await admin.api.users.create({ body: input });
      expect(created).toMatchObject({ username: 'new.clerk', roles: ['KD_USER'] });
      expect(created).not.toHaveProperty('password');
      const session = sessionOf(
        await newClient().api.auth.signin({ body: { username: 'new.clerk', password: 'secret-pass-1' } }),
      );
      expect(session.userId).toBe(created.id);
      expect((await admin.api.users.getByUsername({ params: { username: 'new.clerk' } })).id).toBe(
        created.id,
      );
    });

    it('answers 409 username_already_exists and 400 passwords_different', async () => {
      const admin = await signedIn('admin');
      const dup = await failure(admin.api.users.create({ body: { ...input, username: 'staff' } }));
      expect([dup.status, dup.key, dup.field]).toEqual([409, 'username_already_exists', 'username']);
      const pair = await failure(
        admin.api.users.create({ body: { ...input, passwordRepeat: 'other-pass-2' } }),
      );
      expect([pair.status, pair.key, pair.field]).toEqual([400, 'passwords_different', 'passwordRepeat']);
    });

    it('lets a KD_ADMIN grant only inside its own concern', async () => {
      const kdadmin = await signedIn('kdadmin');
      const outside = { ...input, scope: { ...input.scope, concerns: ['C002'] } };
      const e = await failure(kdadmin.api.users.create({ body: outside }));
      expect([e.status, e.key, e.field]).toEqual([403, 'forbidden', 'scope']);
      const listed = await kdadmin.api.users.list({ body: { size: 100 } });
      expect(listed.items.map((u) => u.username)).not.toContain('admin');
      const hidden = await failure(kdadmin.api.users.getByUsername({ params: { username: 'admin' } }));
      expect(hidden.status).toBe(404);
    });

    it('changes the own password: wrong_password and passwords_different, then the new one works', async () => {
      const staff = await signedIn('staff');
      const wrong = await failure(
        staff.api.profile.changePassword({
          body: { oldPassword: 'nope', newPassword: 'new-pass-123', newPasswordRepeat: 'new-pass-123' },
        }),
      );
      expect([wrong.status, wrong.key]).toEqual([400, 'wrong_password']);
      await staff.api.profile.changePassword({
        body: { oldPassword: 'demo1234', newPassword: 'new-pass-123', newPasswordRepeat: 'new-pass-123' },
      });
      await newClient().api.auth.signin({ body: { username: 'staff', password: 'new-pass-123' } });
    });
  });

  describe('second-factor policy per role (issue 18)', () => {
    it("is set by an administrator on the role, protocolled in words, and leads the role's users to enrol", async () => {
      const admin = await signedIn('admin');
      const role = (await admin.api.roles.all()).find((r) => r.rolename === 'KD_USER');
      if (!role) throw new Error('no KD_USER');
      expect(role).toMatchObject({ secondFactorRequired: false, usersWithoutSecondFactor: role.userCount });
      const body = { rolename: role.rolename, permissions: role.permissions };
      // Only whoever may change the role: a customer admin may not change a global one.
      const kdadmin = await signedIn('kdadmin');
      const refused = await failure(
        kdadmin.api.roles.update({
          params: { rolename: 'KD_USER' },
          body: { ...body, secondFactorRequired: true },
        }),
      );
      expect([refused.status, refused.key]).toEqual([403, 'role_read_only']);

      const saved = await admin.api.roles.update({
        params: { rolename: 'KD_USER' },
        body: { ...body, secondFactorRequired: true },
      });
      expect(saved).toMatchObject({ secondFactorRequired: true });
      // A form without the field keeps it.
      expect(await admin.api.roles.update({ params: { rolename: 'KD_USER' }, body })).toMatchObject({
        secondFactorRequired: true,
      });
      expect((await admin.api.roles.getById({ params: { id: role.id } })).secondFactorRequired).toBe(true);
      const entries = (await admin.api.protocol.list({ body: { filterMap: { type: 'update' }, size: 20 } }))
        .items;
      expect(
        entries.filter((e) => e.objectId === role.id && e.words?.event === 'roleSecondFactorRequired'),
      ).toHaveLength(1);

      // The role's users without a factor enrol one at their next sign-in; others are not concerned.
      const staff = newClient();
      expect(await staff.api.auth.signin({ body: { username: 'staff', password: 'demo1234' } })).toEqual({
        secondFactor: { stage: 'enrol', methods: [] },
      });
      expect(staff.cookies.get('falcon_session')).toBeFalsy();
      sessionOf(await newClient().api.auth.signin({ body: { username: 'sales', password: 'demo1234' } }));
    });
  });

  describe('ownership of roles and users (issue 11)', () => {
    const c002Admin = () => {
      const u = dataset.users.find((x) => x.roles.includes('KD_ADMIN') && x.scope.concerns.includes('C002'));
      if (!u) throw new Error('no KD_ADMIN of C002');
      return u.username;
    };
    const roleNamed = async (client: TestClient, name: string) =>
      (await client.api.roles.list({ body: { size: 200 } })).items.find((r) => r.rolename === name);
    const newUser = userForm({
      username: 'owner.test',
      firstname: 'Olga',
      lastname: 'Owner',
      email: null,
      scope: { all: false, concerns: [], branches: [], locations: [] },
    });

    it('a customer admin sees built-in roles read-only: changing KD_USER is 403 role_read_only and changes nothing', async () => {
      const kdadmin = await signedIn('kdadmin');
      const role = await roleNamed(kdadmin, 'KD_USER');
      expect(role).toMatchObject({ builtIn: true, concernCode: null, editable: false });
      const e = await failure(
        kdadmin.api.roles.update({
          params: { rolename: 'KD_USER' },
          body: { rolename: 'KD_USER', permissions: [...(role?.permissions ?? []), 'PERM_FIELD_PRICE'] },
        }),
      );
      expect([e.status, e.key, e.field]).toEqual([403, 'role_read_only', 'rolename']);
      const staff = await signedIn('staff');
      expect((await staff.api.auth.session()).permissions).not.toContain('PERM_FIELD_PRICE');
      const admin = await signedIn('admin');
      expect(await roleNamed(admin, 'KD_USER')).toMatchObject({
        editable: true,
        permissions: role?.permissions,
      });
    });

    it("roles belong to the concern of the admin who made them: another concern's admin gets 404", async () => {
      const other = await signedIn(c002Admin());
      const made = await other.api.roles.create({
        body: { rolename: 'C002 Lager', permissions: ['PERM_FIELD_ARTICLENAME'] },
      });
      expect(made).toMatchObject({ concernCode: 'C002', editable: true, builtIn: false, userCount: 0 });
      const kdadmin = await signedIn('kdadmin');
      // One after another, each started only when awaited (no unhandled rejection, no race).
      const calls = [
        () => kdadmin.api.roles.getById({ params: { id: made.id } }),
        () =>
          kdadmin.api.roles.update({
            params: { rolename: 'C002 Lager' },
            body: { rolename: 'C002 Lager', permissions: [] },
          }),
        () => kdadmin.api.roles.remove({ params: { rolename: 'C002 Lager' } }),
      ];
      for (const call of calls) expect((await failure(call())).status).toBe(404);
      expect(await roleNamed(kdadmin, 'C002 Lager')).toBeUndefined();
      const own = await kdadmin.api.roles.create({
        body: { rolename: 'C001 Einkauf', permissions: ['PERM_FIELD_ARTICLENAME'] },
      });
      expect(own).toMatchObject({ concernCode: 'C001', editable: true });
      expect((await failure(other.api.roles.getById({ params: { id: own.id } }))).status).toBe(404);
      const held = await failure(
        kdadmin.api.roles.create({ body: { rolename: 'C001 Admin', permissions: ['PERM_SYSADMIN'] } }),
      );
      expect([held.status, held.key, held.field]).toEqual([400, 'permission_not_held', 'permissions']);
    });

    it("counts a role's users among the caller's own users", async () => {
      const inC001 = dataset.users.filter(
        (u) =>
          u.roles.includes('KD_USER') &&
          [...u.scope.concerns, ...u.scope.branches, ...u.scope.locations].every((c) =>
            c.startsWith('C001'),
          ) &&
          !u.scope.all,
      ).length;
      const everywhere = dataset.users.filter((u) => u.roles.includes('KD_USER')).length;
      expect(inC001).toBeLessThan(everywhere);
      expect((await roleNamed(await signedIn('kdadmin'), 'KD_USER'))?.userCount).toBe(inC001);
      expect((await roleNamed(await signedIn('admin'), 'KD_USER'))?.userCount).toBe(everywhere);
    });

    it('a customer user without a scope is 400 scope_required, and nobody else can take it over', async () => {
      const kdadmin = await signedIn('kdadmin');
      const e = await failure(kdadmin.api.users.create({ body: newUser }));
      expect([e.status, e.key, e.field]).toEqual([400, 'scope_required', 'scope']);
      const other = await signedIn(c002Admin());
      expect(
        (await failure(other.api.users.getByUsername({ params: { username: 'owner.test' } }))).status,
      ).toBe(404);
      const created = await kdadmin.api.users.create({
        body: { ...newUser, scope: { ...newUser.scope, concerns: ['C001'] } },
      });
      expect(created).toMatchObject({ active: true, scope: { concerns: ['C001'] } });
      const moved = await failure(
        other.api.users.update({
          params: { username: 'owner.test' },
          body: {
            ...newUser,
            scope: { ...newUser.scope, concerns: ['C002'] },
            password: 'captured-123',
            passwordRepeat: 'captured-123',
          },
        }),
      );
      expect(moved.status).toBe(404);
      await newClient().api.auth.signin({ body: { username: 'owner.test', password: 'secret-pass-1' } });
    });
  });

  describe('field visibility (issue 11: one filter over every answer)', () => {
    it('answers staff (no code fields) without container, rack, shelf or place codes', async () => {
      const target = own();
      const staff = await signedIn('staff');
      const request = await staff.api.container.scan({ params: { id: target.id } });
      expect(request).not.toHaveProperty('containerCode');
      expect(request).toMatchObject({ containerId: target.id, articleName: target.articleName });
      for (const answer of [
        await staff.api.reviews.mine({ body: {} }),
        await staff.api.admin.dashboard(),
        await staff.api.container.requests({ params: { id: target.id } }),
        await staff.api.location.racks({ params: { code: target.locationCode } }),
        await staff.api.location.get({ params: { code: target.locationCode } }),
      ]) {
        const text = JSON.stringify(answer);
        expect(text).not.toContain(target.code);
        expect(text).not.toContain(target.rackCode);
      }
      const racks = await staff.api.location.racks({ params: { code: target.locationCode } });
      const cells = racks.flatMap((r) => r.shelves.flatMap((s) => s.places.map((p) => p.container)));
      expect(cells.find((c) => c?.id === target.id)).toMatchObject({ articleName: target.articleName });
      const admin = await signedIn('admin');
      const full = await admin.api.location.racks({ params: { code: target.locationCode } });
      expect(JSON.stringify(full)).toContain(target.placeCode);
    });

    it('writes protocol summaries and the barcode download for the reader', async () => {
      const target = own();
      const admin = await signedIn('admin');
      await admin.api.users.create({
        body: userForm({
          username: 'field.reader',
          firstname: 'Field',
          lastname: 'Reader',
          email: null,
          language: 'en',
          roles: [],
          permissions: [
            'PERM_VIEWLOCATIONPROTOCOLENTRIES',
            'PERM_DOWNLOADBARCODELISTS',
            'PERM_FIELD_ARTICLENAME',
          ],
        }),
      });
      await (await signedIn('staff')).api.container.scan({ params: { id: target.id } });
      const reader = await signedIn('field.reader', 'secret-pass-1');
      const body = { size: 200, filterMap: { locationCode: target.locationCode } };
      const summaries = async (client: TestClient) =>
        (await client.api.protocol.location({ params: { code: target.locationCode }, body })).items
          .filter((e) => e.objectId === target.id && e.type === 'request')
          .map((e) => e.summary);
      expect(await summaries(admin)).toContain(`scan requested for ${target.code}`);
      const forReader = await summaries(reader);
      expect(forReader).toContain(`scan requested for a container of ${target.articleName}`);
      expect(forReader.join()).not.toContain(target.code);

      const csv = await (
        await reader.api.barcodeLists.download({ params: { code: target.locationCode } })
      ).text();
      expect(csv.split('\r\n')[0]).toBe('articleName');
      expect(csv).not.toContain(target.code);
      expect(csv).not.toContain(target.barcode);
    });
  });

  describe('container actions are requests for review', () => {
    it('creates a pending request that changes nothing until approve applies it', async () => {
      const target = own();
      const staff = await signedIn('staff');
      const request = await staff.api.container.changeQuantity({
        params: { id: target.id },
        body: { factor: 999 },
      });
      expect(request).toMatchObject({
        type: 'changequantity',
        state: 'pending',
        containerId: target.id,
        requestedBy: 'staff',
        assigneeKey: 'IH01',
        payload: { fillingQuantity: 999, previousFillingQuantity: target.fillingQuantity },
      });
      expect((await staff.api.container.get({ params: { id: target.id } })).fillingQuantity).toBe(
        target.fillingQuantity,
      );
      expect((await staff.api.reviews.mine({ body: {} })).items.map((r) => r.id)).toContain(request.id);

      const backoffice = await signedIn('backoffice');
      const pending = await backoffice.api.reviews.list({ body: { size: 100 } });
      expect(pending.items.map((r) => r.id)).toContain(request.id);
      const approved = await backoffice.api.reviews.approve({ params: { id: request.id }, body: {} });
      expect(approved).toMatchObject({ state: 'approved', reviewedBy: 'backoffice' });
      expect((await staff.api.container.get({ params: { id: target.id } })).fillingQuantity).toBe(999);

      const again = await failure(backoffice.api.reviews.approve({ params: { id: request.id }, body: {} }));
      expect([again.status, again.key]).toEqual([409, 'request_already_reviewed']);
      const admin = await signedIn('admin');
      const log = await admin.api.protocol.list({
        body: { filterMap: { locationCode: target.locationCode } },
      });
      expect(log.items.map((e) => e.type)).toEqual(expect.arrayContaining(['request', 'review_approved']));
    });

    it('keeps a rejected deactivation from changing the container', async () => {
      const target = own();
      const kdadmin = await signedIn('kdadmin');
      const request = await kdadmin.api.container.deactivate({ params: { id: target.id } });
      const backoffice = await signedIn('backoffice');
      await backoffice.api.reviews.reject({ params: { id: request.id }, body: { comment: 'still needed' } });
      expect((await kdadmin.api.container.get({ params: { id: target.id } })).active).toBe(true);
    });
  });

  describe('history, sizing and the reorder worklist (issue 16)', () => {
    it('keeps a year of history, writes an approved quantity change into it, and hides consumption from staff', async () => {
      const target = own();
      const kdadmin = await signedIn('kdadmin');
      const history = await kdadmin.api.replenishment.containerHistory({ params: { id: target.id } });
      expect(history.weeks).toHaveLength(53);
      expect(history.consumption?.filter((q) => q > 0).length).toBeGreaterThan(30);
      expect(history.alarmReachWeeks).toBe(1);
      const staff = await signedIn('staff');
      const request = await staff.api.container.changeQuantity({
        params: { id: target.id },
        body: { factor: 777 },
      });
      const backoffice = await signedIn('backoffice');
      await backoffice.api.reviews.approve({ params: { id: request.id }, body: {} });
      const after = await kdadmin.api.replenishment.containerHistory({ params: { id: target.id } });
      expect(after.events?.[0]).toMatchObject({
        kind: 'quantity_change',
        quantity: 777,
        previousQuantity: target.fillingQuantity,
      });
      const seen = await staff.api.replenishment.containerHistory({ params: { id: target.id } });
      expect(seen.consumption).toBeUndefined();
      expect(seen.events).toBeUndefined();
      expect(seen.stock).toHaveLength(53);
      const missing = await failure(
        staff.api.replenishment.containerHistory({ params: { id: foreign().id } }),
      );
      expect([missing.status, missing.key]).toEqual([404, 'container_not_found']);
    });

    it('sizes a container with its reasoning, and lists the worklist most urgent first within the scope', async () => {
      const kdadmin = await signedIn('kdadmin');
      const sizing = await kdadmin.api.replenishment.containerSizing({
        params: { id: own().id },
        body: { windowWeeks: 8 },
      });
      expect(sizing).toMatchObject({ windowWeeks: 8, leadTimeDays: 10, safetyTimeDays: 5, coverDays: 15 });
      expect(sizing.suggested! % sizing.packagingUnit!).toBe(0);
      expect(sizing.needed).toBeCloseTo((sizing.averageWeekly! / 7) * 15, 6);
      const list = await kdadmin.api.replenishment.worklist({ body: { size: 50 } });
      expect(list.total).toBeGreaterThan(0);
      expect(list.items.every((i) => i.concernCode === 'C001' && i.why.length > 0)).toBe(true);
      const margins = list.items.map((i) => i.marginDays as number);
      expect(margins).toEqual([...margins].sort((a, b) => a - b));
      expect((await kdadmin.api.replenishment.worklistCount()).count).toBe(list.total);
      const foreignConcern = await failure(
        kdadmin.api.replenishment.worklist({ body: { concernCode: foreign().concernCode } }),
      );
      expect(foreignConcern.status).toBe(404);
    });
  });

  describe('messages, rack actions and the requester side (issue 13)', () => {
    /** The own container's rack, addressed by position as the grid does. */
    const ownRack = () => {
      const c = own();
      const rack = dataset.racks.find((r) => r.code === c.rackCode);
      if (!rack) throw new Error('no rack');
      return { container: c, code: c.locationCode, rack: String(rack.position), rackCode: rack.code };
    };

    it('carries id besides userId in the sign-in answer, as the spec names it', async () => {
      const session = sessionOf(
        await newClient().api.auth.signin({ body: { username: 'staff', password: 'demo1234' } }),
      );
      expect(session.id).toBe(session.userId);
    });

    it('keeps a message about a container as a request the responsible clerk answers', async () => {
      const target = own();
      const kdadmin = await signedIn('kdadmin');
      const sent = await kdadmin.api.container.message({
        params: { id: target.id },
        body: { message: '  Etikett ist abgefallen  ' },
      });
      expect(sent).toMatchObject({
        type: 'message',
        state: 'pending',
        containerId: target.id,
        requestedBy: 'kdadmin',
        assigneeKey: 'IH01',
        payload: { message: 'Etikett ist abgefallen' },
      });
      expect(sent.assigneeName).toEqual(expect.any(String));
      expect((await kdadmin.api.reviews.mine({ body: {} })).items.map((r) => r.id)).toContain(sent.id);
      // Without the permission (customer staff) there is no message.
      const staff = await signedIn('staff');
      const refused = await failure(
        staff.api.container.message({ params: { id: target.id }, body: { message: 'x' } }),
      );
      expect(refused.status).toBe(403);
      const empty = await failure(
        kdadmin.api.container.message({ params: { id: target.id }, body: { message: '   ' } }),
      );
      expect([empty.status, empty.field]).toEqual([400, 'message']);

      const backoffice = await signedIn('backoffice');
      expect((await backoffice.api.reviews.list({ body: { size: 200 } })).items.map((r) => r.id)).toContain(
        sent.id,
      );
      const approve = await failure(backoffice.api.reviews.approve({ params: { id: sent.id }, body: {} }));
      expect([approve.status, approve.key, approve.details?.reason]).toEqual([
        409,
        'request_not_applicable',
        'is_a_message',
      ]);
      const answered = await backoffice.api.reviews.answer({
        params: { id: sent.id },
        body: { comment: 'Neues Etikett kommt morgen' },
      });
      expect(answered).toMatchObject({
        state: 'answered',
        reviewedBy: 'backoffice',
        comment: 'Neues Etikett kommt morgen',
      });
      const again = await failure(backoffice.api.reviews.close({ params: { id: sent.id }, body: {} }));
      expect([again.status, again.key]).toEqual([409, 'request_already_reviewed']);
      const mine = await kdadmin.api.reviews.mine({ body: {} });
      expect(mine.items.find((r) => r.id === sent.id)?.state).toBe('answered');
      const admin = await signedIn('admin');
      const log = await admin.api.protocol.list({
        body: { filterMap: { locationCode: target.locationCode } },
      });
      expect(log.items.map((e) => e.type)).toEqual(expect.arrayContaining(['request', 'review_answered']));
    });

    it('answers an action with approve or reject, not answer', async () => {
      const staff = await signedIn('staff');
      const scan = await staff.api.container.scan({ params: { id: own().id } });
      const backoffice = await signedIn('backoffice');
      const e = await failure(
        backoffice.api.reviews.answer({ params: { id: scan.id }, body: { comment: 'ok' } }),
      );
      expect([e.status, e.key, e.details?.reason]).toEqual([409, 'request_not_applicable', 'not_a_message']);
    });

    it('sends messages about a rack and a shelf, named by position, and closes them', async () => {
      const { code, rack, rackCode } = ownRack();
      const kdadmin = await signedIn('kdadmin');
      const aboutRack = await kdadmin.api.location.rackMessage({
        params: { code, rack },
        body: { message: 'Regal wackelt' },
      });
      expect(aboutRack).toMatchObject({
        type: 'message',
        containerId: null,
        locationCode: code,
        payload: { message: 'Regal wackelt', rackPosition: Number(rack), rackCode },
      });
      const aboutShelf = await kdadmin.api.location.shelfMessage({
        params: { code, rack, shelf: '1' },
        body: { message: 'Fach verbogen' },
      });
      expect(aboutShelf.payload).toMatchObject({ rackCode, shelfPosition: 1 });
      expect(aboutShelf.payload.shelfCode).toEqual(expect.any(String));
      const missing = await failure(
        kdadmin.api.location.rackMessage({ params: { code, rack: '999' }, body: { message: 'x' } }),
      );
      expect([missing.status, missing.field]).toEqual([404, 'rack']);
      const backoffice = await signedIn('backoffice');
      const closed = await backoffice.api.reviews.close({ params: { id: aboutRack.id }, body: {} });
      expect(closed.state).toBe('closed');
    });

    it('attaches a photo to the own pending message and serves it', async () => {
      const kdadmin = await signedIn('kdadmin');
      const sent = await kdadmin.api.container.message({
        params: { id: own().id },
        body: { message: 'Foto' },
      });
      const withPhoto = await kdadmin.api.reviews.uploadPhoto({
        params: { id: sent.id },
        body: {},
        file: new Blob([pngOf(64, 48)], { type: 'image/png' }),
        filename: 'shelf.png',
      });
      expect(withPhoto.payload.photo).toBe(true);
      const backoffice = await signedIn('backoffice');
      const photo = await backoffice.api.reviews.photo({ params: { id: sent.id } });
      expect(photo.size).toBeGreaterThan(0);
      expect(photo.type).toMatch(/^image\//);
      const foreignPhoto = await failure(
        backoffice.api.reviews.uploadPhoto({
          params: { id: sent.id },
          body: {},
          file: new Blob([pngOf(8, 8)], { type: 'image/png' }),
          filename: 'x.png',
        }),
      );
      expect([foreignPhoto.status, foreignPhoto.details?.reason]).toEqual([409, 'not_own']);
    });

    it('asks once to scan a whole rack and shows the scan as pending until it is approved', async () => {
      const { container, code, rack, rackCode } = ownRack();
      const kdadmin = await signedIn('kdadmin');
      const before = await kdadmin.api.container.get({ params: { id: container.id } });
      expect(before.pendingRequests).toEqual([]);
      const request = await kdadmin.api.location.scanRack({ params: { code, rack } });
      const held = dataset.containers.filter((c) => c.rackCode === rackCode && c.active);
      expect(request).toMatchObject({
        type: 'rackscan',
        state: 'pending',
        payload: { rackCode, containerCount: held.length },
      });
      const grid = await kdadmin.api.location.racks({ params: { code } });
      expect(grid.find((r) => r.code === rackCode)?.scanPending).toBe(true);
      expect(
        (await kdadmin.api.location.get({ params: { code } })).racks.find((r) => r.code === rackCode),
      ).toMatchObject({ scanPending: true });
      expect((await kdadmin.api.container.get({ params: { id: container.id } })).pendingRequests).toEqual([
        'rackscan',
      ]);
      const twice = await failure(kdadmin.api.location.scanRack({ params: { code, rack } }));
      expect([twice.status, twice.key]).toEqual([409, 'scan_error']);

      const backoffice = await signedIn('backoffice');
      await backoffice.api.reviews.approve({ params: { id: request.id }, body: {} });
      const after = await kdadmin.api.container.get({ params: { id: container.id } });
      expect(after.numberOfScans).toBe(container.numberOfScans + 1);
      expect(after.pendingRequests).toEqual([]);
      expect(
        (await kdadmin.api.location.racks({ params: { code } })).find((r) => r.code === rackCode),
      ).toMatchObject({ scanPending: false });
    });

    it('records who handled a rack and when, and shows it with the rack', async () => {
      const { code, rack, rackCode } = ownRack();
      const staff = await signedIn('staff');
      expect((await failure(staff.api.location.handleRack({ params: { code, rack } }))).status).toBe(403);
      const backoffice = await signedIn('backoffice');
      const before = await backoffice.api.location.racks({ params: { code } });
      expect(before.find((r) => r.code === rackCode)?.lastHandled).toBeNull();
      const handled = await backoffice.api.location.handleRack({ params: { code, rack } });
      expect(handled).toMatchObject({ rackCode, lastHandled: { by: 'backoffice' } });
      const grid = await staff.api.location.racks({ params: { code } });
      expect(grid.find((r) => r.position === Number(rack))?.lastHandled).toEqual(handled.lastHandled);
      const location = await staff.api.location.get({ params: { code } });
      expect(location.racks.find((r) => r.position === Number(rack))?.lastHandled).toEqual(
        handled.lastHandled,
      );
      const admin = await signedIn('admin');
      const log = await admin.api.protocol.list({ body: { filterMap: { type: 'rack_handled' } } });
      expect(log.items[0]).toMatchObject({
        type: 'rack_handled',
        username: 'backoffice',
        locationCode: code,
      });
    });

    it('lets the requester withdraw only their own pending request', async () => {
      const target = own();
      const staff = await signedIn('staff');
      const request = await staff.api.container.scan({ params: { id: target.id } });
      expect((await staff.api.container.get({ params: { id: target.id } })).pendingRequests).toEqual([
        'scan',
      ]);
      const kdadmin = await signedIn('kdadmin');
      const notOwn = await failure(kdadmin.api.reviews.withdraw({ params: { id: request.id } }));
      expect([notOwn.status, notOwn.key, notOwn.details?.reason]).toEqual([
        409,
        'request_not_applicable',
        'not_own',
      ]);
      const withdrawn = await staff.api.reviews.withdraw({ params: { id: request.id } });
      expect(withdrawn).toMatchObject({ state: 'withdrawn', reviewedBy: 'staff' });
      expect((await staff.api.container.get({ params: { id: target.id } })).pendingRequests).toEqual([]);
      const twice = await failure(staff.api.reviews.withdraw({ params: { id: request.id } }));
      expect([twice.status, twice.details?.reason]).toEqual([409, 'not_pending']);
      const backoffice = await signedIn('backoffice');
      const late = await failure(backoffice.api.reviews.approve({ params: { id: request.id }, body: {} }));
      expect([late.status, late.key]).toEqual([409, 'request_already_reviewed']);
      // A new request can be made again once the first is withdrawn.
      expect((await staff.api.container.scan({ params: { id: target.id } })).state).toBe('pending');
    });

    it('shows a reviewer what is assigned to them by default, and all in their scope on demand', async () => {
      const admin = await signedIn('admin');
      await admin.api.users.create({
        body: {
          username: 'second.clerk',
          firstname: 'Second',
          lastname: 'Clerk',
          email: null,
          phone: null,
          region: null,
          useRegion: false,
          language: 'de',
          sessionTimeoutMinutes: 60,
          roles: [],
          permissions: ['PERM_REVIEWREQUESTS'],
          scope: { all: false, concerns: ['C001'], branches: [], locations: [] },
          employeeKey: 'IH02',
          password: 'secret-pass-1',
          passwordRepeat: 'secret-pass-1',
        },
      });
      const clerk = await signedIn('second.clerk', 'secret-pass-1');
      // Every C001 request is assigned to IH01: none to this clerk.
      expect((await clerk.api.reviews.list({ body: { size: 200 } })).total).toBe(0);
      const all = await clerk.api.reviews.list({ body: { size: 200, filterMap: { assignee: 'all' } } });
      expect(all.total).toBeGreaterThan(0);
      expect(new Set(all.items.map((r) => r.assigneeKey))).toEqual(new Set(['IH01']));
      const backoffice = await signedIn('backoffice');
      const assigned = await backoffice.api.reviews.list({ body: { size: 200 } });
      expect(assigned.total).toBe(all.total);
      // An administrator is linked to no employee: their inbox shows everything in scope.
      expect((await admin.api.reviews.list({ body: { size: 200 } })).total).toBeGreaterThanOrEqual(all.total);
    });

    it('exports a concern search like a location search, also by the customer_article state filter', async () => {
      const kdadmin = await signedIn('kdadmin');
      const part = own().customerPartNumber;
      const job = await kdadmin.api.concern.exportXlsx({
        params: { code: 'C001' },
        body: { searchTerm: '', stateFilter: { type: 'customer_article', value: part } },
      });
      expect(job).toMatchObject({ kind: 'concern', scopeCode: 'C001' });
      const done = await eventually('the concern export', async () => {
        const list = await kdadmin.api.exports.list({ body: {} });
        const found = list.items.find((x) => x.id === job.id);
        return found?.state === 'done' ? found : undefined;
      });
      // Every container of the concern (all of its branches) with that customer part number, none else.
      const expected = dataset.containers.filter(
        (c) => c.concernCode === 'C001' && c.customerPartNumber.toLowerCase().includes(part.toLowerCase()),
      );
      expect(new Set(expected.map((c) => c.branchCode)).size).toBeGreaterThan(0);
      expect(done.rowCount).toBe(expected.length);
      const foreignConcern = await failure(
        kdadmin.api.concern.exportXlsx({ params: { code: foreign().concernCode }, body: {} }),
      );
      expect(foreignConcern.status).toBe(404);
      const staff = await signedIn('staff');
      expect(
        (await failure(staff.api.concern.exportXlsx({ params: { code: 'C001' }, body: {} }))).status,
      ).toBe(403);
    });
  });

  describe('uploads and files', () => {
    it('shows an uploaded image in the gallery and serves it', async () => {
      const kdadmin = await signedIn('kdadmin');
      const code = own().locationCode;
      const image = await kdadmin.api.location.uploadImage({
        params: { code },
        file: new Blob([pngOf(64, 32)], { type: 'image/png' }),
        filename: 'rack.png',
      });
      // The server may re-encode the picture (another format, another name's extension): its stem,
      // size in pixels and uploader stay.
      expect(image.filename.replace(/\.[a-z]+$/, '')).toBe('rack');
      expect(image).toMatchObject({ width: 64, height: 32, uploadedBy: 'kdadmin' });
      const gallery = await kdadmin.api.location.images({ params: { code }, body: { size: 100 } });
      expect(gallery.items[0]?.id).toBe(image.id);
      const bytes = await kdadmin.api.location.image({ params: { code, imageId: image.id } });
      expect(bytes.size).toBe(image.size);
      expect(bytes.type).toBe(image.contentType);
      expect(image.contentType).toMatch(/^image\//);
      // A thumbnail for the gallery grid: an image, no bigger than the image itself.
      expect(gallery.items[0]?.thumbnailUrl).toBe(image.thumbnailUrl);
      const thumbnail = await kdadmin.api.location.imageThumbnail({ params: { code, imageId: image.id } });
      expect(thumbnail.type).toMatch(/^image\//);
      expect(thumbnail.size).toBeGreaterThan(0);
      expect(thumbnail.size).toBeLessThanOrEqual(image.size);
    });

    it('asks before accepting the same barcode list twice (409 upload_again_required)', async () => {
      const kdadmin = await signedIn('kdadmin');
      const target = own();
      const file = new Blob([`barcode\n${target.barcode}\n${foreign().barcode}\n`], { type: 'text/csv' });
      const first = await kdadmin.api.barcodeLists.upload({
        params: { code: target.locationCode },
        file,
        filename: 'a.csv',
      });
      expect(first).toMatchObject({ rowCount: 2, invalidCount: 1, duplicateOf: null });
      expect(first.rows.map((r) => r.error)).toEqual([null, 'invalid_barcode']);
      const again = await failure(
        kdadmin.api.barcodeLists.upload({ params: { code: target.locationCode }, file, filename: 'a.csv' }),
      );
      expect([again.status, again.key]).toEqual([409, 'upload_again_required']);
      const confirmed = await kdadmin.api.barcodeLists.upload({
        params: { code: target.locationCode },
        body: { again: 'true' },
        file,
        filename: 'a.csv',
      });
      expect(confirmed.duplicateOf).toBe(first.id);
    });

    it('exports a search as an xlsx with only the visible columns', async () => {
      const sales = await signedIn('sales');
      const queued = await sales.api.location.exportXlsx({ params: { code: own().locationCode }, body: {} });
      expect(queued).toMatchObject({ kind: 'location' });
      // The export is produced in the background: the exports list shows it done.
      const job = await eventually('the export job to be done', async () => {
        const listed = await sales.api.exports.list({ body: {} });
        expect(listed.items.map((j) => j.id)).toEqual([queued.id]);
        const found = listed.items[0];
        expect(found?.state).not.toBe('failed');
        return found?.state === 'done' ? found : undefined;
      });
      const blob = await sales.api.exports.download({ params: { id: job.id } });
      const files = unzip(new Uint8Array(await blob.arrayBuffer()));
      const sheet = new TextDecoder().decode(files.get('xl/worksheets/sheet1.xml'));
      // Headers in the language of the request (the test client sends lang=en), never field keys.
      expect(sheet).toContain(`>${LABELS.en.fields.price}<`);
      expect(sheet).toContain(`>${LABELS.en.locationCode}<`);
      expect(sheet).not.toContain('>price<');
      expect(sheet).not.toContain(`>${LABELS.en.fields.storageCoordinate}<`);
      expect(sheet.match(/<row /g)?.length).toBe((job.rowCount ?? 0) + 1);
    });

    it('validates an inventory list per row and transfers a clean one for review', async () => {
      const kdadmin = await signedIn('kdadmin');
      const target = own();
      const code = target.locationCode;
      const bad = await kdadmin.api.inventoryLists.upload({
        params: { code },
        file: new Blob([`${target.barcode};x\n123;4\n`], { type: 'text/csv' }),
        filename: 'bad.csv',
      });
      expect(bad.rows.map((r) => r.errors)).toEqual([['invalid_quantity'], ['invalid_barcode']]);
      expect((await failure(kdadmin.api.inventoryLists.transfer({ params: { id: bad.id } }))).status).toBe(
        400,
      );
      const good = await kdadmin.api.inventoryLists.upload({
        params: { code },
        file: new Blob([`${target.barcode};42\n`], { type: 'text/csv' }),
        filename: 'good.csv',
      });
      const request = await kdadmin.api.inventoryLists.transfer({ params: { id: good.id } });
      expect(request).toMatchObject({ type: 'inventorytransfer', state: 'pending' });
      const backoffice = await signedIn('backoffice');
      await backoffice.api.reviews.approve({ params: { id: request.id }, body: {} });
      expect((await kdadmin.api.container.get({ params: { id: target.id } })).fillingQuantity).toBe(42);
    });

    it('counts a location: one key counted once, a foreign barcode unknown, the rest missing, handed over as a list', async () => {
      const kdadmin = await signedIn('kdadmin');
      const target = own();
      const code = target.locationCode;
      const count = await kdadmin.api.stocktakes.start({ params: { code }, body: {} });
      expect(count).toMatchObject({ state: 'open', scanned: 0, rack: null });
      const key = 'scenario-key-0001';
      const first = await kdadmin.api.stocktakes.scan({
        params: { code, id: count.id },
        body: { key, code: target.barcode },
      });
      const again = await kdadmin.api.stocktakes.scan({
        params: { code, id: count.id },
        body: { key, code: target.barcode },
      });
      expect(again).toEqual(first);
      expect(first).toMatchObject({ outcome: 'expected', container: { id: target.id } });
      const stranger = await kdadmin.api.stocktakes.scan({
        params: { code, id: count.id },
        body: { key: 'scenario-key-0002', code: foreign().barcode },
      });
      expect(stranger).toMatchObject({ outcome: 'unknown', container: null });
      const done = await kdadmin.api.stocktakes.finish({ params: { code, id: count.id } });
      expect(done.scanned).toBe(1);
      expect(done.reconciliation?.missing).toHaveLength(count.expected - 1);
      expect(done.reconciliation?.unexpected).toEqual([
        { scanned: foreign().barcode, container: null, times: 1 },
      ]);
      const list = await kdadmin.api.stocktakes.handOver({ params: { code, id: count.id } });
      expect(list).toMatchObject({ rowCount: count.expected, errorCount: 0 });
      expect(list.rows.find((r) => r.containerId === target.id)?.quantity).toBe(target.fillingQuantity);
      const e = await failure(kdadmin.api.stocktakes.handOver({ params: { code, id: count.id } }));
      expect([e.status, e.key]).toEqual([409, 'stocktake_handed_over']);
    });
  });

  describe('public content', () => {
    it('serves languages, footer links and the version without a session', async () => {
      const client = newClient();
      expect(await client.api.content.supportedLanguages()).toEqual(['de', 'en', 'cz', 'pl', 'hu', 'ro']);
      expect(Object.keys((await client.api.content.footer()).footerLinks)).toEqual([
        'legalNotice',
        'privacy',
        'terms',
      ]);
      expect(await client.api.content.version()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  describe('profile and start page', () => {
    it('serves the own profile without a permission, other users only to administrators', async () => {
      const staff = await signedIn('staff');
      const session = await staff.api.auth.session();
      expect((await staff.api.users.getById({ params: { id: session.userId } })).username).toBe('staff');
      const other = await failure(staff.api.users.getById({ params: { id: 'U001' } }));
      expect(other.status).toBe(403);
    });

    it('lets a user change their own personal data, answered with the session', async () => {
      const staff = await signedIn('staff');
      const before = await staff.api.users.getById({
        params: { id: (await staff.api.auth.session()).userId },
      });
      const personal = (firstname: string, email: string | null, phone: string | null) => ({
        firstname,
        lastname: before.lastname,
        email,
        phone,
        language: before.language,
      });
      const session = await staff.api.profile.update({
        body: personal('Janina', 'janina@example.com', '+49 30 1'),
      });
      expect(session).toMatchObject({ firstname: 'Janina', fullName: `Janina ${before.lastname}` });
      expect((await staff.api.auth.session()).firstname).toBe('Janina');
      expect(await staff.api.users.getById({ params: { id: session.userId } })).toMatchObject({
        firstname: 'Janina',
        email: 'janina@example.com',
        phone: '+49 30 1',
        roles: before.roles,
      });
      const bad = await failure(staff.api.profile.update({ body: personal('Janina', 'no e-mail', null) }));
      expect(bad.status).toBe(400);
      // Roles and scope are not the user's to change here.
      const sneaky = await failure(
        staff.api.profile.update({ body: { ...personal('Janina', null, null), roles: ['ADMIN'] } as never }),
      );
      expect(sneaky.status).toBe(400);
      await staff.api.profile.update({ body: personal(before.firstname, before.email, before.phone) });
    });

    it("keeps each user's own e-mail notification settings: all on until switched off", async () => {
      const staff = await signedIn('staff');
      const backoffice = await signedIn('backoffice');
      const before = await staff.api.notifications.get();
      expect(before).toMatchObject({ requestArrived: true, requestDecided: true, dailyDigest: true });
      const changed = await staff.api.notifications.update({
        body: { requestArrived: true, requestDecided: false, dailyDigest: false },
      });
      expect(changed).toMatchObject({ requestArrived: true, requestDecided: false, dailyDigest: false });
      expect(await staff.api.notifications.get()).toMatchObject({
        requestDecided: false,
        dailyDigest: false,
      });
      // Another user's settings are their own.
      expect(await backoffice.api.notifications.get()).toMatchObject({
        requestDecided: true,
        dailyDigest: true,
      });
      // Every kind is named: a partial or unknown setting is refused.
      const partial = await failure(
        staff.api.notifications.update({ body: { requestArrived: false } as never }),
      );
      expect(partial.status).toBe(400);
      const unknown = await failure(
        staff.api.notifications.update({
          body: { requestArrived: true, requestDecided: true, dailyDigest: true, sms: true } as never,
        }),
      );
      expect(unknown.status).toBe(400);
      await staff.api.notifications.update({
        body: { requestArrived: true, requestDecided: true, dailyDigest: true },
      });
    });

    it("counts for the back office the requests assigned to it; the inbox's 'all' shows its whole scope", async () => {
      const backoffice = await signedIn('backoffice');
      expect((await backoffice.api.auth.session()).employeeKey).toBe('IH01');
      const { toReview } = await backoffice.api.admin.dashboard();
      const body = (assignee?: string) => ({
        page: 0,
        size: 5,
        filterMap: { state: 'pending', ...(assignee ? { assignee } : {}) },
      });
      const mine = await backoffice.api.reviews.list({ body: body() });
      expect(mine.total).toBe(toReview);
      expect(mine.items.every((r) => r.assigneeKey === 'IH01')).toBe(true);
      expect((await backoffice.api.reviews.list({ body: body('me') })).total).toBe(toReview);
      const all = await backoffice.api.reviews.list({ body: body('all') });
      expect(all.total).toBeGreaterThanOrEqual(toReview);
      // An administrator is linked to no employee: assigned nothing, it is shown everything in scope.
      const admin = await signedIn('admin');
      expect((await admin.api.auth.session()).employeeKey).toBeNull();
      const everything = await admin.api.reviews.list({ body: body('all') });
      expect((await admin.api.admin.dashboard()).toReview).toBe(everything.total);
      expect((await admin.api.reviews.list({ body: body() })).total).toBe(everything.total);
      expect(everything.items.some((r) => r.assigneeKey !== null)).toBe(true);
    });

    it('shows the back office its pending requests and every user only its locations', async () => {
      const backoffice = await signedIn('backoffice');
      const dashboard = await backoffice.api.admin.dashboard();
      expect(dashboard.toReview).toBeGreaterThan(0);
      expect(dashboard.locations.every((l) => ['C001', 'C002'].includes(l.concernCode))).toBe(true);
      const staff = await signedIn('staff');
      expect((await staff.api.admin.dashboard()).toReview).toBe(0);
    });
  });
};
