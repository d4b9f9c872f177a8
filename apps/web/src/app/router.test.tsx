import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../testing/mock-api';
import { renderApp } from '../testing/render';
import { signInWithMock } from '../testing/sign-in';

setupMockApi();

describe('routes', () => {
  it('shows the not-found page for an unknown path, with a way home', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: "Sorry, we couldn't find this page." }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  });

  it('sends a user without PERM_CREATEUSER from the user administration to /error, which says "no access"', async () => {
    await signInWithMock('sales');
    const { router } = renderApp('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(
      await screen.findByRole('heading', { name: 'You have no access to this page.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Sorry, we couldn't find this page.")).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  });

  it("refuses another user's profile", async () => {
    const { userId } = await signInWithMock('staff');
    const { router } = renderApp(`/profile/${userId}-someone-else`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
  });

  it('picks the layout from the route: login has no header, the dashboard has one', async () => {
    const { unmount } = renderApp('/login');
    await screen.findByLabelText('Username');
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'Empty');
    expect(screen.queryByRole('combobox', { name: 'Quick search' })).not.toBeInTheDocument();
    unmount();

    // A session the server knows: the dashboard's loader asks for its data at once, and a 401 ends the session.
    await signInWithMock('admin');
    renderApp('/');
    expect(await screen.findByRole('combobox', { name: 'Quick search' })).toBeInTheDocument();
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'Default');
  });

  it('the fixed-height layout keeps the footer (spec section 2: like default)', async () => {
    await signInWithMock('staff');
    renderApp('/location');
    await screen.findByRole('combobox', { name: 'Quick search' });
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'FixedHeight');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Build 31/08/2025');
  });
});
