import { describe, expect, it } from 'vitest';
import { contract } from '../contract';
import type { Container } from '../contract/container';
import { FIELD_GROUPS, FIELD_PERMISSIONS } from '../permissions';
import { canSortBy, forbiddenFilters, visibleContainerFields } from './fields';
import { pageInfo, slicePage } from './paging';
import { hasAll, PROTOCOL_PERMISSION, ROUTE_GUARDS, ungrantable, userMenuEntries } from './permissions';
import { decisionConflict, withdrawConflict } from './requests';
import { DEFAULT_ROLES } from './roles';
import { concernVisible, locationInScope, scopeWithin } from './scope';
import { branchLoaded, EMPTY_SELECTION, locationLoaded, selectConcern, selectorLabel } from './selection';
import { checkPasswordPair, initialsOf } from './validation';
import { visibleArticle, visibleContainer } from './visibility';

describe('permission checks', () => {
  it('requires every listed code (all-of)', () => {
    expect(hasAll(['PERM_CREATEUSER'], ['PERM_CREATEUSER', 'PERM_REMOVEUSER'])).toBe(false);
    expect(hasAll(['PERM_CREATEUSER', 'PERM_REMOVEUSER'], ['PERM_CREATEUSER', 'PERM_REMOVEUSER'])).toBe(true);
    expect(hasAll([], [])).toBe(true);
  });

  it('shows the user-menu entries of spec section 6', () => {
    expect(userMenuEntries([])).toEqual(['profile', 'mobileApp', 'logout']);
    expect(userMenuEntries(['PERM_REMOVEUSER'])).toContain('userManagement');
    expect(
      userMenuEntries(['PERM_SYSADMIN', 'PERM_VIEWGLOBALPROTOCOLENTRIES', 'PERM_EXPORTSEARCHRESULTTOEXCEL']),
    ).toEqual(['administration', 'profile', 'protocol', 'exports', 'mobileApp', 'logout']);
  });

  it('uses one code for the Protocol entry, the /admin/protocol guard and the protocol endpoint', () => {
    expect(PROTOCOL_PERMISSION).toBe('PERM_VIEWGLOBALPROTOCOLENTRIES');
    expect(ROUTE_GUARDS.protocolAdministration).toEqual([PROTOCOL_PERMISSION]);
    expect(contract.protocol.list.permissions).toEqual([PROTOCOL_PERMISSION]);
    // Whoever sees the entry can open the page: no second code (PERM_SYSADMIN) behind it.
    expect(userMenuEntries([PROTOCOL_PERMISSION])).toContain('protocol');
    expect(hasAll([PROTOCOL_PERMISSION], ROUTE_GUARDS.protocolAdministration)).toBe(true);
    expect(hasAll(['PERM_SYSADMIN'], ROUTE_GUARDS.protocolAdministration)).toBe(false);
  });

  it('lets a grantor hand out only what it holds', () => {
    expect(ungrantable(DEFAULT_ROLES.KD_ADMIN.permissions, ['PERM_CREATEUSER', 'PERM_SYSADMIN'])).toEqual([
      'PERM_SYSADMIN',
    ]);
  });
});

describe('requests from the requester side', () => {
  it('lets only the requester withdraw, and only while pending', () => {
    expect(withdrawConflict({ state: 'pending', requestedBy: 'staff' }, 'staff')).toBeNull();
    expect(withdrawConflict({ state: 'pending', requestedBy: 'staff' }, 'kdadmin')).toBe('not_own');
    expect(withdrawConflict({ state: 'approved', requestedBy: 'staff' }, 'staff')).toBe('not_pending');
    expect(withdrawConflict({ state: 'withdrawn', requestedBy: 'staff' }, 'staff')).toBe('not_pending');
  });

  it('answers or closes a message, approves or rejects an action', () => {
    expect(decisionConflict('message', 'answered')).toBeNull();
    expect(decisionConflict('message', 'closed')).toBeNull();
    expect(decisionConflict('message', 'approved')).toBe('is_a_message');
    expect(decisionConflict('rackscan', 'approved')).toBeNull();
    expect(decisionConflict('scan', 'answered')).toBe('not_a_message');
  });
});

describe('field visibility', () => {
  const container: Container = {
    id: 'k1',
    locationCode: 'L1',
    active: true,
    alarming: false,
    price: 1.5,
    articleName: 'DIN 933 M8x20',
    articleCode: 'A-1',
    charge: 'CH-7',
    deliveryStatus: 'indelivery',
  };

  it('keeps identity fields and only granted labelled fields', () => {
    const seen = visibleContainer(container, FIELD_GROUPS.MASTERDATA);
    expect(seen).toEqual({
      id: 'k1',
      locationCode: 'L1',
      active: true,
      alarming: false,
      articleName: 'DIN 933 M8x20',
      articleCode: 'A-1',
    });
    expect('price' in seen).toBe(false);
  });

  it('filters article fields by their codes', () => {
    const article = { code: 'A-1', name: 'Nut', drawing: 'd.pdf', numberOfScans: 3 };
    expect(visibleArticle(article, [FIELD_PERMISSIONS.articleName])).toEqual({ code: 'A-1', name: 'Nut' });
  });

  it('lists visible container fields including article name and code', () => {
    const fields = visibleContainerFields([FIELD_PERMISSIONS.articleName, FIELD_PERMISSIONS.articleImage]);
    expect(fields).toEqual(['articleName']);
  });

  it('refuses filters and sorting the user may not use', () => {
    expect(forbiddenFilters({ reach: { min: 1 }, alarming: true }, ['PERM_FILTER_ALARMING'])).toEqual([
      'reach',
    ]);
    expect(canSortBy('price', [])).toBe(false);
    expect(canSortBy('relevance', [])).toBe(true);
    expect(canSortBy('price', [FIELD_PERMISSIONS.price])).toBe(true);
  });
});

describe('scope', () => {
  const path = { concernCode: 'C1', branchCode: 'C1-B1', locationCode: 'C1-B1-L1' };
  const none = { all: false, concerns: [], branches: [], locations: [] };

  it('admits a location through its concern, branch or own code', () => {
    expect(locationInScope({ ...none, concerns: ['C1'] }, path)).toBe(true);
    expect(locationInScope({ ...none, branches: ['C1-B1'] }, path)).toBe(true);
    expect(locationInScope({ ...none, locations: ['C1-B1-L1'] }, path)).toBe(true);
    expect(locationInScope({ ...none, concerns: ['C2'] }, path)).toBe(false);
    expect(
      concernVisible(
        { ...none, locations: ['C1-B1-L1'] },
        { concernCode: 'C1', branchCodes: [], locationCodes: ['C1-B1-L1'] },
      ),
    ).toBe(true);
  });

  it('keeps a granted scope inside the grantor scope', () => {
    const resolve = {
      branchConcern: (b: string) => b.split('-')[0],
      locationPath: (l: string) => ({
        concernCode: l.split('-')[0] as string,
        branchCode: l.split('-').slice(0, 2).join('-'),
        locationCode: l,
      }),
    };
    const kdAdmin = { ...none, concerns: ['C1'] };
    expect(scopeWithin({ ...none, locations: ['C1-B2-L4'] }, kdAdmin, resolve)).toBe(true);
    expect(scopeWithin({ ...none, locations: ['C2-B1-L1'] }, kdAdmin, resolve)).toBe(false);
    expect(scopeWithin({ ...none, all: true }, kdAdmin, resolve)).toBe(false);
  });
});

describe('selection rules of spec section 4', () => {
  it('choosing a concern clears branch, location and container', () => {
    const full = { concernCode: 'C1', branchCode: 'B1', locationCode: 'L1', containerId: 'K1' };
    expect(selectConcern(full, 'C2')).toEqual({ ...EMPTY_SELECTION, concernCode: 'C2' });
  });

  it('loading a branch sets its concern; loading a location sets branch and concern', () => {
    expect(branchLoaded(EMPTY_SELECTION, { code: 'B1', parentConcern: { code: 'C9' } })).toEqual({
      concernCode: 'C9',
      branchCode: 'B1',
      locationCode: null,
      containerId: null,
    });
    const loc = { code: 'L1', parentBranch: { code: 'B2', parentConcern: { code: 'C3' } } };
    expect(locationLoaded({ ...EMPTY_SELECTION, containerId: 'K' }, loc)).toEqual({
      concernCode: 'C3',
      branchCode: 'B2',
      locationCode: 'L1',
      containerId: null,
    });
  });

  it('hides the codes "0" and "branch_0" in selector labels', () => {
    expect(selectorLabel({ code: '0', name: 'All' })).toBe('All');
    expect(selectorLabel({ code: 'branch_0', name: 'Main' })).toBe('Main');
    expect(selectorLabel({ code: 'B7', name: 'Brno' })).toBe('Brno (B7)');
  });
});

describe('paging maths', () => {
  it('gives the Showing {from} to {to} of {total} numbers', () => {
    expect(pageInfo(0, 10, 0)).toMatchObject({ from: 0, to: 0, pageCount: 0, hasNext: false });
    expect(pageInfo(0, 10, 25)).toMatchObject({
      from: 1,
      to: 10,
      pageCount: 3,
      hasPrevious: false,
      hasNext: true,
    });
    expect(pageInfo(2, 10, 25)).toMatchObject({ from: 21, to: 25, hasNext: false, hasPrevious: true });
    expect(pageInfo(9, 10, 25)).toMatchObject({ from: 21, to: 25 });
  });

  it('slices one page', () => {
    expect(slicePage([1, 2, 3, 4, 5], 1, 2)).toEqual({ items: [3, 4], total: 5, page: 1, size: 2 });
  });
});

describe('validation helpers', () => {
  it('flags different passwords with passwords_different', () => {
    expect(checkPasswordPair('a', 'b')).toEqual({ field: 'passwordRepeat', error: 'passwords_different' });
    expect(checkPasswordPair('same', 'same')).toBeNull();
  });

  it('derives avatar initials', () => {
    expect(initialsOf('Jana', 'Nováková', 'jn')).toBe('JN');
    expect(initialsOf('', '', 'staff')).toBe('ST');
  });
});
