import { FIELD_GROUPS } from '@falcon/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/role\/R/));
    expect(await screen.findByRole('heading', { name: 'WAREHOUSE', level: 1 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete role' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles'));
    expect(await screen.findByRole('link', { name: 'ADMIN' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'WAREHOUSE' })).toBeNull();
  });
});
