import { describe, expect, it } from 'vitest';
import type { Scope } from '../contract/admin';
import type { AnyEndpoint } from '../contract/define';
import { contract } from '../contract/index';
import { HttpError } from '../http-error';
import { FIELD_PERMISSIONS } from '../permissions';
import { containerCell } from './fields';
import { actorOf, checkGrants, checkRoleForm } from './ownership';
import { grantablePermissions } from './permissions';
import { checkRequest, type RequestInput, requireCaller } from './pipeline';
import { protocolEntry } from './protocol-entries';
import {
  approvalChange,
  containerActionRefusal,
  inboxAssigneeKey,
  newReviewRequest,
  orderDateRefusal,
  rackPayload,
  rackScanRefusal,
} from './requests';
import { DEFAULT_ROLES } from './roles';
import {
  checkSearchRights,
  MAX_SEARCH_TOKENS,
  matchesSearchFilters,
  RELEVANCE,
  searchedFields,
  searchScore,
  searchTokens,
  suggestionOf,
} from './search';
import { sessionView } from './session';
import { userFieldsOf, userView } from './users';

// The rules the server and the mock both call (issue 12): each tested once, here.

/** The HttpError a call throws, as [status, key, details]. */
const refusal = async (run: () => unknown): Promise<[number, string, unknown]> => {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpError) return [error.status, error.key, error.details];
    throw error;
  }
  throw new Error('expected a refusal');
};

const none: Scope = { all: false, concerns: [], branches: [], locations: [] };
const kdAdmin = {
  user: { username: 'kdadmin' },
  permissions: new Set<string>(DEFAULT_ROLES.KD_ADMIN.permissions),
};
const staff = {
  user: { username: 'staff' },
  permissions: new Set<string>(DEFAULT_ROLES.KD_USER.permissions),
};

const request = <A extends { user: { username: string }; permissions: ReadonlySet<string> }>(
  caller: A | null,
  over: Partial<RequestInput<A>> = {},
) => {
  const calls: string[] = [];
  const input: RequestInput<A> = {
    name: 'users.create',
    requestedWith: 'XMLHttpRequest',
    authenticate: () => {
      calls.push('session');
      return caller;
    },
    log: (entry) => {
      calls.push(`log ${entry.type}`);
    },
    params: {},
    query: {},
    body: () => {
      calls.push('body');
      return undefined;
    },
    ...over,
  };
  return { input, calls };
};

describe('the request checks (checkRequest)', () => {
  const create = contract.users.create as unknown as AnyEndpoint;
  const location = contract.location.get as unknown as AnyEndpoint;

  it('refuses a POST without X-Requested-With before it looks at the session', async () => {
    const { input, calls } = request(null, { requestedWith: undefined });
    expect(await refusal(() => checkRequest(create, input))).toEqual([403, 'csrf_header_missing', undefined]);
    expect(calls).toEqual([]);
  });

  it('answers 401 without a session, then 403 naming the missing codes and protocols the refusal', async () => {
    expect((await refusal(() => checkRequest(create, request(null).input)))[0]).toBe(401);
    const { input, calls } = request(staff);
    expect(await refusal(() => checkRequest(create, input))).toEqual([
      403,
      'forbidden',
      { missing: ['PERM_CREATEUSER'] },
    ]);
    // Protocolled, and the body is never read for a caller who may not call the endpoint.
    expect(calls).toEqual(['session', 'log permission_denied']);
  });

  it('validates the body after the permissions, naming the field', async () => {
    const { input } = request(kdAdmin, { body: () => ({ username: 'x' }) });
    const [status, key, details] = await refusal(() => checkRequest(create, input));
    expect([status, key]).toEqual([400, 'validation_error']);
    expect(details).toMatchObject({ field: expect.any(String) });
  });

  it('checks the tenant last, with the parsed path parameter', async () => {
    const seen: string[] = [];
    const { input } = request(staff, {
      params: { code: 'C001-B01-L01', '0': 'ignored' },
      tenant: (_caller, kind, value, param) => {
        seen.push(`${kind} ${param}=${value}`);
      },
    });
    const checked = await checkRequest(location, input);
    expect(seen).toEqual(['location code=C001-B01-L01']);
    expect(checked.params).toEqual({ code: 'C001-B01-L01' });
    expect(checked.auth).toBe(staff);
  });

  it('needs a caller where the endpoint needs a session', async () => {
    expect(requireCaller(staff)).toBe(staff);
    expect((await refusal(() => requireCaller(null)))[0]).toBe(401);
  });
});

describe('the session view', () => {
  it('sorts the permissions and names the user by initials and full name', () => {
    const view = sessionView({
      user: {
        id: 'U1',
        username: 'nina',
        firstname: 'Nina',
        lastname: 'Neu',
        language: 'de',
        sessionTimeoutMinutes: 30,
        employeeKey: 'IH07',
      },
      permissions: new Set(['PERM_B', 'PERM_A']),
      roles: ['KD_USER'],
      impersonatedBy: 'admin',
    });
    expect(view).toMatchObject({
      id: 'U1',
      userId: 'U1',
      fullName: 'Nina Neu',
      initials: 'NN',
      permissions: ['PERM_A', 'PERM_B'],
      impersonatedBy: 'admin',
      sessionTimeoutMinutes: 30,
      employeeKey: 'IH07',
    });
    expect(view.supportedLanguages).toHaveLength(6);
  });
});

describe('the review inbox assignee', () => {
  it('shows a linked reviewer their own requests unasked, an unlinked one everything', () => {
    expect(inboxAssigneeKey('IH01')).toBe('IH01');
    expect(inboxAssigneeKey(null)).toBeNull();
    expect(inboxAssigneeKey('IH01', 'all')).toBeNull();
    expect(inboxAssigneeKey(null, 'me')).toBe('');
    expect(inboxAssigneeKey('IH01', 'IH02')).toBe('IH02');
  });
});

describe('the container search', () => {
  it('ranks a whole-field match over a word start over a match inside a word, and drops a miss', () => {
    expect(searchScore(['K0001', 'Schraube M8'], 'schraube m8')).toBe(RELEVANCE.exact);
    expect(searchScore(['K0001', 'Schraube M8'], 'schr')).toBe(RELEVANCE.prefix);
    expect(searchScore(['K0001', 'Schraube M8'], 'raube')).toBe(RELEVANCE.contains);
    expect(searchScore(['K0001', 'Schraube M8'], 'mutter')).toBe(0);
    // Every word must occur, and never across two fields.
    expect(searchScore(['K0001', 'Schraube M8'], 'schraube mutter')).toBe(0);
    expect(searchScore(['ab', 'cd'], 'bc')).toBe(0);
  });

  it('searches a field only when the caller may see it, and at most ten words', () => {
    expect(searchedFields([])).not.toContain('articleName');
    expect(searchedFields([FIELD_PERMISSIONS.articleName])).toEqual(['id', 'articleName']);
    expect(searchTokens('a b c d e f g h i j k l')).toHaveLength(MAX_SEARCH_TOKENS);
  });

  it('filters: a range never matches a container without the value', () => {
    const c = {
      reachInWeeks: null,
      deliveryStatus: 'indelivery',
      obligatory: true,
      alarming: false,
      consumption: 3,
      stockTurnRate: null,
      expectedDeliveryDate: '2026-12-01',
      error: null,
    };
    expect(matchesSearchFilters(c, {})).toBe(true);
    expect(matchesSearchFilters(c, { reach: {} })).toBe(false);
    expect(matchesSearchFilters(c, { consumption: { min: 2, max: 3 } })).toBe(true);
    expect(matchesSearchFilters(c, { deliveryDate: { to: '2026-11-30' } })).toBe(false);
    expect(matchesSearchFilters(c, { error: false, alarming: false })).toBe(true);
  });

  it('refuses a filter or a sort by a field the caller may not use, naming it', async () => {
    expect(await refusal(() => checkSearchRights([], { alarming: true }, 'relevance'))).toEqual([
      403,
      'forbidden',
      { field: 'filters.alarming' },
    ]);
    expect((await refusal(() => checkSearchRights([], {}, 'price')))[2]).toEqual({ field: 'sortField' });
    expect(checkSearchRights([], {}, 'relevance')).toBeUndefined();
  });

  it('suggests only identity and labels, and a cell carries whether the container has an error', () => {
    const c = {
      id: 'K1',
      code: 'KB-1',
      articleName: 'Schraube',
      articleCode: 'A1',
      placeCode: 'P1',
      price: 3,
      active: true,
      alarming: false,
      error: 'E1',
      deliveryStatus: 'backorder' as const,
    };
    expect(suggestionOf(c)).toEqual({
      id: 'K1',
      code: 'KB-1',
      articleName: 'Schraube',
      articleCode: 'A1',
      placeCode: 'P1',
    });
    expect(containerCell(c)).toMatchObject({ hasError: true, deliveryStatus: 'backorder' });
  });
});

describe('protocol entries', () => {
  it('name a requested container by a snapshot, never in the summary text', () => {
    const entry = protocolEntry.reviewRequested(
      'staff',
      { id: 'RQ1', type: 'scan', locationCode: 'L1', payload: {} },
      { id: 'K1', code: 'KB-1', articleName: 'Schraube', articleCode: 'A1' },
    );
    expect(entry).toMatchObject({
      type: 'request',
      objectType: 'container',
      objectId: 'K1',
      summary: '{reviewType} requested for {container}',
      params: { values: { reviewType: 'scan' }, container: { id: 'K1', code: 'KB-1' } },
    });
    expect(entry.summary).not.toContain('KB-1');
  });

  it('record the back-off of a failed sign-in and what a refused call lacked', () => {
    expect(protocolEntry.signInFailed('x', null).after).toBeUndefined();
    expect(protocolEntry.signInFailed('x', null, { address: '10.0.0.1', seconds: 4 })).toMatchObject({
      summary: 'sign-in failed for x; further attempts from 10.0.0.1 wait 4 s',
      after: { address: '10.0.0.1', backoffSeconds: 4 },
    });
    expect(
      protocolEntry.permissionDenied('staff', { name: 'users.create', method: 'POST', path: '/p' }, [
        'PERM_X',
      ]),
    ).toMatchObject({ objectId: 'users.create', summary: 'POST /p denied', after: { missing: ['PERM_X'] } });
  });

  it('keep what an approval changed and nothing for a rejection', () => {
    const request = { id: 'RQ1', type: 'deactivate' as const, containerId: 'K1', locationCode: 'L1' };
    const change = { before: { 'K1.active': true }, after: { 'K1.active': false } };
    expect(protocolEntry.reviewDecided('bo', request, 'approved', null, change)).toMatchObject({
      type: 'review_approved',
      summary: '{reviewType} {state}',
      before: change.before,
    });
    expect(protocolEntry.reviewDecided('bo', request, 'rejected', null, change)).toMatchObject({
      type: 'review_rejected',
      before: null,
      after: null,
    });
  });

  it('name a rack and a shelf by name and position, keeping their codes out of the summary', () => {
    const rack = { code: 'R-9', name: 'Regal A', position: 2 };
    const request = {
      id: 'RQ2',
      type: 'message' as const,
      locationCode: 'L1',
      payload: { message: 'leer', ...rackPayload(rack, { code: 'S-4', position: 3 }) },
    };
    const entry = protocolEntry.reviewRequested('staff', request, null, rack);
    expect(entry).toMatchObject({
      objectType: 'review',
      objectId: 'RQ2',
      summary: '{reviewType} requested for shelf {shelfPosition} of rack {rackName}',
      params: { values: { reviewType: 'message', rackName: 'Regal A', shelfPosition: '3' } },
      after: { requestId: 'RQ2', message: 'leer', rackName: 'Regal A', rackPosition: 2, shelfPosition: 3 },
    });
    expect(entry.after).not.toHaveProperty('rackCode');
    expect(entry.after).not.toHaveProperty('shelfCode');
    expect(
      protocolEntry.reviewRequested('staff', { ...request, payload: rackPayload(rack) }, null, rack).summary,
    ).toBe('{reviewType} requested for rack {rackName}');
  });

  it('refuse a second scan of a rack, and a scan of a rack with nothing active', () => {
    expect(rackScanRefusal({ scanPending: false, activeContainers: 3 })).toBeNull();
    expect(rackScanRefusal({ scanPending: true, activeContainers: 3 })).toMatch(/waiting for review/);
    expect(rackScanRefusal({ scanPending: false, activeContainers: 0 })).toMatch(/no active container/);
  });

  it('type every decision, a withdrawal, a photo and a handled rack', () => {
    const request = { id: 'RQ3', type: 'message' as const, containerId: null, locationCode: 'L1' };
    const none = { before: null, after: null };
    expect(protocolEntry.reviewDecided('bo', request, 'answered', null, none).type).toBe('review_answered');
    expect(protocolEntry.reviewDecided('bo', request, 'closed', null, none).type).toBe('review_closed');
    expect(protocolEntry.reviewWithdrawn('staff', request, null)).toMatchObject({
      type: 'review_withdrawn',
      objectType: 'review',
      objectId: 'RQ3',
      after: { state: 'withdrawn' },
    });
    expect(protocolEntry.reviewPhotoAdded('staff', request, 'a.jpg')).toMatchObject({
      type: 'upload',
      after: { requestId: 'RQ3', filename: 'a.jpg' },
    });
    expect(protocolEntry.rackHandled('bo', 'L1', 'Regal A', null, '2026-11-24T08:00:00.000Z')).toMatchObject({
      type: 'rack_handled',
      params: { values: { rackName: 'Regal A' } },
      before: null,
      after: { lastHandledAt: '2026-11-24T08:00:00.000Z' },
    });
  });
});

describe('container actions and their approval', () => {
  it('refuses an action on an inactive container and a second pending one, with the action key', () => {
    expect(containerActionRefusal('scan', { active: false }, false)?.key).toBe('scan_error');
    expect(containerActionRefusal('additionalorder', { active: true }, true)).toEqual({
      key: 'order_error',
      message: 'The same request is waiting for review already.',
    });
    expect(containerActionRefusal('deactivate', { active: true }, false)).toBeNull();
    const now = new Date('2026-11-24T08:00:00Z');
    expect(orderDateRefusal('2026-11-20', now)).toMatch(/before 2026-11-23/);
    expect(orderDateRefusal('2026-11-24', now)).toBeNull();
  });

  it('applies the change of an approval and recomputes alarming', () => {
    const c = { active: true, alarming: false, reachInWeeks: 0.5, numberOfScans: 2, fillingQuantity: 10 };
    const now = new Date('2026-11-24T08:00:00Z');
    expect(approvalChange({ type: 'scan', payload: {} }, c, now)).toEqual({
      numberOfScans: 3,
      lastScannedDate: '2026-11-24T08:00:00.000Z',
      deliveryStatus: 'indelivery',
      expectedDeliveryDate: '2026-12-01',
      // A reach under a week is alarming for an active container.
      alarming: true,
    });
    expect(approvalChange({ type: 'deactivate', payload: {} }, { ...c, alarming: true }, now)).toEqual({
      active: false,
      alarming: false,
    });
    // An order date that has passed since the request is delivered from today.
    expect(
      approvalChange({ type: 'additionalorder', payload: { additionalOrderDate: '2026-11-01' } }, c, now)
        .expectedDeliveryDate,
    ).toBe('2026-11-24');
  });

  it('starts a request pending, with the container as a snapshot', () => {
    const r = newReviewRequest({
      id: 'RQ1',
      type: 'scan',
      location: { code: 'L1', name: 'Lager' },
      container: { id: 'K1', code: 'KB-1', articleName: 'Schraube' },
      requestedBy: 'staff',
      requestedAt: '2026-11-24T08:00:00.000Z',
      assigneeKey: 'IH01',
      assigneeName: 'Ina Hof',
      payload: {},
    });
    expect(r).toMatchObject({
      state: 'pending',
      containerCode: 'KB-1',
      reviewedBy: null,
      assigneeKey: 'IH01',
      assigneeName: 'Ina Hof',
    });
  });
});

describe('user administration', () => {
  const resolve = {
    branchConcern: (b: string) => ({ 'C1-B1': 'C1' })[b],
    locationPath: () => undefined,
  };
  const kd = { scope: { ...none, concerns: ['C1'] }, employeeKey: null };
  const actor = actorOf({ ...kd, permissions: new Set(DEFAULT_ROLES.KD_ADMIN.permissions) }, resolve);
  const roles = {
    KD_USER: { concernCode: null, permissions: DEFAULT_ROLES.KD_USER.permissions },
    'C2 Lager': { concernCode: 'C2', permissions: [] },
  } as Record<string, { concernCode: string | null; permissions: readonly string[] }>;
  const lookups = (unknownTreeCode?: string) => ({
    actor,
    caller: kd,
    role: (name: string) => roles[name],
    resolve,
    unknownTreeCode: () => unknownTreeCode,
  });
  const form = {
    roles: ['KD_USER'],
    permissions: [],
    scope: { ...none, concerns: ['C1'] },
    employeeKey: null,
  };

  it('checks grants in one order: codes, roles, held, employee link, scope, known codes', async () => {
    expect(await checkGrants(form, lookups())).toEqual([roles.KD_USER]);
    expect((await refusal(() => checkGrants({ ...form, permissions: ['PERM_NONE'] }, lookups())))[2]).toEqual(
      {
        field: 'permissions',
      },
    );
    // Another concern's role is unknown to this caller.
    expect((await refusal(() => checkGrants({ ...form, roles: ['C2 Lager'] }, lookups())))[2]).toEqual({
      field: 'roles',
    });
    expect(await refusal(() => checkGrants({ ...form, employeeKey: 'IH01' }, lookups()))).toEqual([
      403,
      'forbidden',
      { field: 'employeeKey' },
    ]);
    expect(
      (await refusal(() => checkGrants({ ...form, scope: { ...none, concerns: ['C2'] } }, lookups())))[0],
    ).toBe(403);
    expect(await refusal(() => checkGrants(form, lookups('C1-B9')))).toEqual([
      400,
      'validation_error',
      { field: 'scope' },
    ]);
    expect((await refusal(() => checkGrants({ ...form, scope: none }, lookups())))[1]).toBe('scope_required');
  });

  it('checks a role form: free name, built-in name kept, codes held', async () => {
    const role = { rolename: 'Lager', permissions: [] };
    expect((await refusal(() => checkRoleForm(actor, role, undefined, true)))[1]).toBe(
      'rolename_already_exists',
    );
    expect(
      (await refusal(() => checkRoleForm(actor, role, { rolename: 'KD_USER', builtIn: true }, false)))[2],
    ).toEqual({ field: 'rolename' });
    expect(
      (
        await refusal(() =>
          checkRoleForm(actor, { ...role, permissions: ['PERM_SYSADMIN'] }, undefined, false),
        )
      )[1],
    ).toBe('permission_not_held');
    expect(checkRoleForm(actor, role, undefined, false)).toBeUndefined();
  });

  it('offers a grantor only what it holds, with its field groups', () => {
    const offered = grantablePermissions(DEFAULT_ROLES.KD_USER.permissions).map((p) => p.code);
    expect(offered.length).toBe(new Set(DEFAULT_ROLES.KD_USER.permissions).size);
    for (const code of offered) expect(DEFAULT_ROLES.KD_USER.permissions).toContain(code);
    expect(offered).not.toContain('PERM_SYSADMIN');
    expect(grantablePermissions(['PERM_FIELD_PRICE'])).toEqual([
      { code: 'PERM_FIELD_PRICE', category: 'field', groups: expect.any(Array) },
    ]);
  });

  it('stores a user form with an empty e-mail as none and reactivates the user; shows copies of its grants', () => {
    const body = {
      username: 'nina',
      firstname: 'Nina',
      lastname: 'Neu',
      email: '',
      phone: null,
      region: null,
      useRegion: false,
      language: 'de' as const,
      sessionTimeoutMinutes: 60,
      roles: [],
      permissions: [],
      scope: none,
      employeeKey: null,
    };
    expect(userFieldsOf(body)).toMatchObject({ email: null, active: true });
    const scope = { ...none, concerns: ['C1'] };
    const view = userView(
      {
        ...userFieldsOf(body),
        id: 'U1',
        lastLogin: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        active: false,
      },
      { roles: ['KD_USER'], permissions: ['PERM_X'], effective: ['PERM_X', 'PERM_Y'], scope },
    );
    expect(view).toMatchObject({
      permissions: [{ code: 'PERM_X' }],
      effectivePermissions: ['PERM_X', 'PERM_Y'],
      active: false,
    });
    expect(view.scope).not.toBe(scope);
  });
});
