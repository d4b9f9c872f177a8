import { ROUTE_GUARDS } from '@falcon/api-client';
import { describe, expect, it } from 'vitest';
import { accessRedirect } from './guards';
import { safeRedirect } from './redirect';

const at = (pathname: string, search = '', params: Record<string, string> = {}) => ({
  pathname,
  search,
  params,
});
const user = (permissions: string[] = [], userId = 'U007') => ({ username: 'jana', userId, permissions });

describe('route guards', () => {
  it('sends a signed-out visitor to login with the requested path and query as redirect', () => {
    expect(accessRedirect({}, at('/location/C001-B01-L01', '?container=K1'), null)).toBe(
      '/login?redirect=%2Flocation%2FC001-B01-L01%3Fcontainer%3DK1',
    );
  });

  it('keeps the fragment of the requested page through the sign-in (a mail links to a section)', () => {
    expect(accessRedirect({}, { ...at('/profile/U007'), hash: '#notifications' }, null)).toBe(
      '/login?redirect=%2Fprofile%2FU007%23notifications',
    );
    expect(safeRedirect('/profile/U007#notifications')).toBe('/profile/U007#notifications');
  });

  it('lets anyone open public pages', () => {
    expect(accessRedirect({ public: true }, at('/login'), null)).toBeNull();
  });

  it('needs every listed permission (all-of), else /error', () => {
    const handle = { permissions: ['PERM_CREATEUSER', 'PERM_REMOVEUSER'] };
    expect(accessRedirect(handle, at('/admin/users'), user(['PERM_CREATEUSER']))).toBe('/error');
    expect(
      accessRedirect(handle, at('/admin/users'), user(['PERM_CREATEUSER', 'PERM_REMOVEUSER'])),
    ).toBeNull();
  });

  it('guards the administration routes with the codes of spec section 6', () => {
    const sales = user(['PERM_EXPORTSEARCHRESULTTOEXCEL']);
    expect(accessRedirect({ permissions: ROUTE_GUARDS.userAdministration }, at('/admin/users'), sales)).toBe(
      '/error',
    );
    expect(
      accessRedirect({ permissions: ROUTE_GUARDS.exportAdministration }, at('/admin/export'), sales),
    ).toBeNull();
  });

  it('resolves a guard named in the route handle to its codes', () => {
    const sales = user(['PERM_EXPORTSEARCHRESULTTOEXCEL']);
    expect(accessRedirect({ guard: 'userAdministration' }, at('/admin/users'), sales)).toBe('/error');
    expect(accessRedirect({ guard: 'exportAdministration' }, at('/admin/export'), sales)).toBeNull();
  });

  it('opens /profile/:id only for the own user id', () => {
    const handle = { ownProfile: true };
    expect(accessRedirect(handle, at('/profile/U007', '', { id: 'U007' }), user())).toBeNull();
    expect(accessRedirect(handle, at('/profile/U001', '', { id: 'U001' }), user())).toBe('/error');
  });
});

describe('redirect after sign-in', () => {
  it('keeps paths inside the app', () => {
    expect(safeRedirect('/branch/B1?x=1')).toBe('/branch/B1?x=1');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
});
