import { describe, expect, it } from 'vitest';
import type { Scope } from '../contract/admin';
import { HttpError } from '../http-error';
import {
  actorOf,
  administersUser,
  checkHeld,
  checkRoleChangeable,
  customerScopeProblem,
  isInternal,
  newRoleOwner,
  type Person,
  roleAssignable,
  roleChangeable,
  roleUserCounts,
  roleVisible,
  scopeConcerns,
} from './ownership';
import { DEFAULT_ROLES } from './roles';

const none: Scope = { all: false, concerns: [], branches: [], locations: [] };
const resolve = {
  branchConcern: (b: string) => ({ 'C1-B1': 'C1', 'C1-B2': 'C1', 'C2-B1': 'C2' })[b],
  locationPath: (l: string) =>
    ({
      'C1-B1-L1': { concernCode: 'C1', branchCode: 'C1-B1', locationCode: 'C1-B1-L1' },
      'C2-B1-L1': { concernCode: 'C2', branchCode: 'C2-B1', locationCode: 'C2-B1-L1' },
    })[l],
};
const admin: Person = { scope: { ...none, all: true }, employeeKey: null };
const clerk = { scope: { ...none, concerns: ['C1', 'C2'] }, employeeKey: 'IH01' };
const kdAdmin1 = { scope: { ...none, concerns: ['C1'] }, employeeKey: null };
const kdAdmin2 = { scope: { ...none, concerns: ['C2'] }, employeeKey: null };
const branchAdmin1 = { scope: { ...none, branches: ['C1-B1'] }, employeeKey: null };
const customer = (scope: Partial<Scope>) => ({ scope: { ...none, ...scope }, employeeKey: null });

const actor = (person: Person, permissions: readonly string[] = DEFAULT_ROLES.KD_ADMIN.permissions) =>
  actorOf({ ...person, permissions: new Set(permissions) }, resolve);

describe('who is internal', () => {
  it('is the supplier’s own: unrestricted, or linked to an employee', () => {
    expect([admin, clerk, kdAdmin1].map(isInternal)).toEqual([true, true, false]);
  });

  it('finds the concerns a scope reaches, from branches and locations too', () => {
    expect(scopeConcerns({ ...none, branches: ['C1-B2'], locations: ['C2-B1-L1', 'X'] }, resolve)).toEqual([
      'C1',
      'C2',
    ]);
  });
});

describe('who administers whom', () => {
  it('an empty scope lies inside nobody’s restricted scope (it used to lie inside every one)', () => {
    const empty = customer({});
    expect(administersUser(kdAdmin1, empty, resolve)).toBe(false);
    expect(administersUser(kdAdmin2, empty, resolve)).toBe(false);
    expect(administersUser(admin, empty, resolve)).toBe(true);
  });

  it('a customer admin administers customer users of its concern only, never internal staff', () => {
    expect(administersUser(kdAdmin1, customer({ locations: ['C1-B1-L1'] }), resolve)).toBe(true);
    expect(administersUser(kdAdmin2, customer({ locations: ['C1-B1-L1'] }), resolve)).toBe(false);
    expect(
      administersUser(kdAdmin1, { scope: { ...none, concerns: ['C1'] }, employeeKey: 'IH01' }, resolve),
    ).toBe(false);
    expect(administersUser(branchAdmin1, customer({ concerns: ['C1'] }), resolve)).toBe(false);
  });

  it('a customer user needs a scope, in one concern; internal people may have any', () => {
    expect(customerScopeProblem(customer({}), resolve)).toBe('empty');
    expect(customerScopeProblem(customer({ concerns: ['C1'], branches: ['C2-B1'] }), resolve)).toBe(
      'several_concerns',
    );
    expect(customerScopeProblem(customer({ branches: ['C1-B1', 'C1-B2'] }), resolve)).toBeNull();
    expect(customerScopeProblem({ scope: none, employeeKey: 'IH02' }, resolve)).toBeNull();
  });

  it('grants only what the caller holds: 400 permission_not_held with the missing codes', () => {
    const error = (() => {
      try {
        checkHeld(actor(kdAdmin1), ['PERM_SYSADMIN', 'PERM_FIELD_PRICE'], 'permissions');
      } catch (e) {
        return e as HttpError;
      }
    })();
    expect(error).toBeInstanceOf(HttpError);
    expect([error?.status, error?.key, error?.details]).toEqual([
      400,
      'permission_not_held',
      { field: 'permissions', missing: ['PERM_SYSADMIN'] },
    ]);
  });
});

describe('who owns roles', () => {
  const kdUser = { concernCode: null, permissions: DEFAULT_ROLES.KD_USER.permissions };
  const adminRole = { concernCode: null, permissions: DEFAULT_ROLES.ADMIN.permissions };
  const ofC1 = { concernCode: 'C1', permissions: ['PERM_FIELD_PRICE'] };
  const ofC2 = { concernCode: 'C2', permissions: ['PERM_FIELD_PRICE'] };

  it('a customer admin sees global roles it could hold and its own concern’s, never another concern’s', () => {
    const a = actor(kdAdmin1);
    expect([kdUser, adminRole, ofC1, ofC2].map((r) => roleVisible(a, r))).toEqual([true, false, true, false]);
    expect(roleVisible(actor(admin, DEFAULT_ROLES.ADMIN.permissions), ofC2)).toBe(true);
  });

  it('global roles change only by internal administrators; a concern’s roles by its admins too', () => {
    expect(roleChangeable(actor(kdAdmin1), kdUser)).toBe(false);
    expect(roleChangeable(actor(kdAdmin1), ofC1)).toBe(true);
    expect(roleChangeable(actor(kdAdmin2), ofC1)).toBe(false);
    expect(roleChangeable(actor(admin, DEFAULT_ROLES.ADMIN.permissions), kdUser)).toBe(true);
    expect(() => checkRoleChangeable(actor(kdAdmin1), kdUser)).toThrow(HttpError);
  });

  it('a role is assignable when visible and holding nothing the caller lacks', () => {
    const few = actor(kdAdmin1, ['PERM_FIELD_ARTICLENAME']);
    expect(roleAssignable(few, ofC1)).toBe(false);
    expect(roleVisible(few, ofC1)).toBe(true);
    expect(roleAssignable(actor(kdAdmin1), ofC1)).toBe(true);
  });

  it('internal staff make global roles, a customer admin its concern’s', () => {
    expect(newRoleOwner(actor(clerk))).toBeNull();
    expect(newRoleOwner(actor(branchAdmin1))).toBe('C1');
    expect(newRoleOwner(actor(customer({})))).toBeUndefined();
  });

  it('counts holders by role name among the users given', () => {
    const counts = roleUserCounts([
      { roles: ['KD_USER'] },
      { roles: ['kd_user', 'KD_ADMIN'] },
      { roles: [] },
    ]);
    expect([counts.get('kd_user'), counts.get('kd_admin')]).toEqual([2, 1]);
  });
});
