import { FIELD_GROUPS } from '@falcon/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

describe('role administration', () => {
  it('grants a visibility group with one click, saves the role, and deletes it after asking', async () => {
    const user = userEvent.setup();
    await signInWithMock('admin');
    const { router } = renderApp('/admin/role/new');
    await user.type(await screen.findByLabelText('Role name', {}, { timeout: 8000 }), 'WAREHOUSE');
    const bundle = await screen.findByRole('button', { name: 'Master data' });
    expect(bundle).toHaveAttribute('aria-pressed', 'false');
    await user.click(bundle);
    expect(bundle).toHaveAttribute('aria-pressed', 'true');
    for (const code of FIELD_GROUPS.MASTERDATA)
      expect(screen.getByRole('checkbox', { name: code })).toBeChecked();
    expect(
      screen.getByRole('heading', { name: `Permissions (${FIELD_GROUPS.MASTERDATA.length})` }),
    ).toBeInTheDocument();

    // Unticking one code releases the bundle.
    await user.click(screen.getByRole('checkbox', { name: FIELD_GROUPS.MASTERDATA[0] }));
    expect(bundle).toHaveAttribute('aria-pressed', 'false');
    await user.click(bundle);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The role page says what it saved (it used to say "User saved.").
    expect(await screen.findByText('Role saved.')).toBeInTheDocument();
    expect(screen.queryByText('User saved.')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/role\/R/));
    expect(await screen.findByRole('heading', { name: 'WAREHOUSE', level: 1 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete role' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles'));
    expect(await screen.findByRole('link', { name: 'ADMIN' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'WAREHOUSE' })).toBeNull();
  });

  it('shows a customer admin a built-in role read-only: a note why, no save, no delete, nothing to tick', async () => {
    await signInWithMock('kdadmin');
    renderApp('/admin/role/R05');
    expect(
      await screen.findByRole('heading', { name: 'KD_USER', level: 1 }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This role is maintained by your supplier’s administrators for every customer.',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete role' })).toBeNull();
    const box = await screen.findByRole('checkbox', { name: FIELD_GROUPS.MASTERDATA[0] });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Master data' })).toBeDisabled();
    expect(screen.getByLabelText('Region')).toHaveAttribute('readonly');
  });

  it("lets a customer admin make and change its own concern's role", async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { router } = renderApp('/admin/role/new');
    await user.type(await screen.findByLabelText('Role name', {}, { timeout: 8000 }), 'C001 Lager');
    await user.click(await screen.findByRole('button', { name: 'Master data' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role saved.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/role\/R/));
    expect(await screen.findByRole('heading', { name: 'C001 Lager', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete role' })).toBeInTheDocument();
  });
});

describe('role list', () => {
  it("counts users within a customer admin's concern and marks the roles it cannot change", async () => {
    await signInWithMock('kdadmin');
    renderApp('/admin/roles');
    const link = await screen.findByRole('link', { name: 'KD_USER' }, { timeout: 8000 });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Read only')).toBeInTheDocument();
    // Columns: name, kind, permissions, users. The small dataset's KD_USERs: 3 in C001 (staff, one
    // limited to a branch, one to a location), 7 over every concern.
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent(/^3$/);
  });
});

describe('second-factor policy of a role', () => {
  it('says who will have to enrol when it is switched on, saves it, and their next sign-in asks them to enrol', async () => {
    const user = userEvent.setup();
    await signInWithMock('admin');
    renderApp('/admin/role/R05');
    expect(
      await screen.findByRole('heading', { name: 'KD_USER', level: 1 }, { timeout: 8000 }),
    ).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Second factor required' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'Users with this role confirm every sign-in with an authenticator app or a passkey.',
    );
    expect(screen.queryByText(/without a second factor/)).toBeNull();

    await user.click(toggle);
    // The small dataset's seven KD_USERs have no factor: they are told to expect an enrolment.
    expect(screen.getByRole('note')).toHaveTextContent(
      'Users of this role without a second factor: 7. At their next sign-in they will be asked to set one up (an authenticator app) before they can continue.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role saved.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Second factor required' })).toBeChecked();

    // A KD_USER's next sign-in: the password alone opens no session, the enrolment comes first.
    const next = await signIn('staff', 'demo1234', false);
    expect(next).toMatchObject({ ok: 'second-factor', step: { stage: 'enrol', methods: [] } });
  });
});
