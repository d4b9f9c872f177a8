import { contract, DEFAULT_ROLES } from '@falcon/api-client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { accessRedirect, type RouteHandle } from '../../../app/guards';
import { prepareFrame } from '../../../app/layouts/RootLayout';
import { AppProvider } from '../../../app/provider';
import { signedInRoutes } from '../../../app/routes-signed-in';
import { signInAs } from '../../../testing/session';
import { AppUserMenu } from './AppUserMenu';

/** The hrefs the user menu offers to a user holding `permissions`. */
const menuLinks = async (permissions: readonly string[]): Promise<string[]> => {
  await prepareFrame();
  signInAs({ userId: 'U042', permissions: [...permissions] });
  const view = render(
    <AppProvider>
      <MemoryRouter>
        <AppUserMenu />
      </MemoryRouter>
    </AppProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: /^User menu/ }));
  const hrefs = screen
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('href'))
    .filter((href): href is string => Boolean(href));
  view.unmount();
  return hrefs;
};

/** Whether the route guard lets a user holding `permissions` open `path` (a route without parameters). */
const guardLets = (path: string, permissions: readonly string[]): boolean => {
  const route = signedInRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const session = { username: 'jana', userId: 'U042', permissions: [...permissions] };
  return (
    accessRedirect(route.handle as RouteHandle, { pathname: path, search: '', params: {} }, session) === null
  );
};

/** The guarded pages the user menu links to. */
const GUARDED_MENU_PAGES = ['/admin', '/admin/users', '/admin/roles', '/admin/protocol', '/admin/export'];

const PERMISSION_SETS: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.entries(DEFAULT_ROLES).map(([name, role]) => [name, role.permissions])),
  'protocol only': ['PERM_VIEWGLOBALPROTOCOLENTRIES'],
  'sysadmin only': ['PERM_SYSADMIN'],
  'remove user only': ['PERM_REMOVEUSER'],
  'create user only': ['PERM_CREATEUSER'],
  'create role only': ['PERM_CREATEROLE'],
  none: [],
};

describe('the user menu agrees with the route guards (issue 13)', () => {
  it.each(Object.entries(PERMISSION_SETS))(
    '%s: a guarded page is offered exactly when its guard lets the user in',
    async (_name, permissions) => {
      const links = await menuLinks(permissions);
      for (const page of GUARDED_MENU_PAGES) {
        expect({ page, offered: links.includes(page) }).toEqual({
          page,
          offered: guardLets(page, permissions),
        });
      }
    },
  );

  it('the Protocol entry, the /admin/protocol guard and the protocol endpoint use one code', async () => {
    const endpoint = contract.protocol.list.permissions ?? [];
    expect(endpoint.length).toBeGreaterThan(0);
    // Whoever the server lets read the global protocol sees the entry and may open the page.
    expect(await menuLinks(endpoint)).toContain('/admin/protocol');
    expect(guardLets('/admin/protocol', endpoint)).toBe(true);
    // Without that code neither: PERM_SYSADMIN alone does not open a page whose data the server refuses.
    expect(await menuLinks(['PERM_SYSADMIN'])).not.toContain('/admin/protocol');
    expect(guardLets('/admin/protocol', ['PERM_SYSADMIN'])).toBe(false);
  });

  it('offers User management only to those who can open it', async () => {
    expect(await menuLinks(['PERM_REMOVEUSER'])).not.toContain('/admin/users');
    expect(await menuLinks(['PERM_CREATEUSER'])).toContain('/admin/users');
  });

  it('gives everyone "My requests", and a customer admin Roles', async () => {
    const staff = await menuLinks(DEFAULT_ROLES.KD_USER.permissions);
    expect(staff).toContain('/reviews?tab=mine');
    expect(staff).not.toContain('/admin/roles');
    const customerAdmin = await menuLinks(DEFAULT_ROLES.KD_ADMIN.permissions);
    expect(customerAdmin).toEqual(
      expect.arrayContaining(['/admin/users', '/admin/roles', '/reviews?tab=mine']),
    );
    expect(customerAdmin).not.toContain('/admin');
  });
});
