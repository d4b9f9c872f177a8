import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { changeLanguage } from '../../../lib/language';
import { resetState, state } from '../../../lib/store';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

const fill = async (user: ReturnType<typeof userEvent.setup>, username: string, password: string) => {
  const name = screen.getByLabelText('Username');
  const pass = screen.getByLabelText('Password');
  await user.clear(name);
  await user.type(name, username);
  await user.clear(pass);
  await user.type(pass, password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
};

describe('sign-in', () => {
  it('sends a signed-out visitor to login and, after signing in, back to the requested page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/admin/export');
    await screen.findByLabelText('Username');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fexport');

    await fill(user, 'sales', 'demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/export'));
    expect(state.session?.username).toBe('sales');
  });

  it('greets the user with a toast in the signed-in frame the next page opens in', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await screen.findByLabelText('Username');
    await fill(user, 'staff', 'demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Signed in successfully.');
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(toast);
  });

  it('shows the failure message after every failed attempt', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await screen.findByLabelText('Username');

    await fill(user, 'staff', 'wrong-password');
    const first = await screen.findByText('Login failed! Please try again.');

    // The next attempt clears the message while it runs and sets it anew (announced again).
    await fill(user, 'staff', 'wrong-again');
    await waitFor(() => expect(screen.getByText('Login failed! Please try again.')).not.toBe(first));
    expect(first).not.toBeInTheDocument();
    expect(state.session).toBeNull();
  });

  it('remembers the username when asked, for the next visit to the login page', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await screen.findByLabelText('Username');
    await user.click(screen.getByLabelText('Remember username'));
    await fill(user, 'kdadmin', 'demo1234');
    await waitFor(() => expect(state.session?.username).toBe('kdadmin'));
    expect(state.rememberedUsername).toBe('kdadmin');
  });

  it('after five wrong passwords says how long to wait, in the page’s language', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await screen.findByLabelText('Username');
    for (let i = 0; i < 5; i++) {
      await fill(user, 'sales', `wrong-${i}`);
      await screen.findByText('Login failed! Please try again.');
    }
    // Even the right password waits now: the back-off, with the wait in words.
    await fill(user, 'sales', 'demo1234');
    expect(
      await screen.findByText(/^Too many attempts\. Please try again in (29|30) seconds\.$/),
    ).toBeVisible();
    expect(state.session).toBeNull();
    try {
      await changeLanguage('de');
      await user.click(await screen.findByRole('button', { name: 'Anmelden' }));
      expect(
        await screen.findByText(/^Zu viele Versuche\. Bitte in \d+ Sekunden erneut versuchen\.$/),
      ).toBeVisible();
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('a role that requires a second factor', () => {
  it('leads its user to enrol after the password, the step in words (its code and texts load only then)', async () => {
    // An administrator requires a factor for KD_USER (the demo data leaves it off).
    await signInWithMock('admin');
    const role = (await api.roles.all()).find((r) => r.rolename === 'KD_USER');
    if (!role) throw new Error('no KD_USER');
    const policy = (secondFactorRequired: boolean) =>
      api.roles.update({
        params: { rolename: 'KD_USER' },
        body: { rolename: role.rolename, permissions: role.permissions, secondFactorRequired },
      });
    await policy(true);
    await api.auth.signout();
    resetState();
    let unmount = () => {};
    try {
      const user = userEvent.setup();
      ({ unmount } = renderApp('/login'));
      await screen.findByLabelText('Username');
      await fill(user, 'staff', 'demo1234');
      expect(await screen.findByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
      expect(
        screen.getByText('Your role requires a second factor. Set up an authenticator app to continue.'),
      ).toBeVisible();
      expect(await screen.findByText('Scan the QR code with an authenticator app.')).toBeVisible();
      expect(screen.getByLabelText('Six-digit code')).toBeInTheDocument();
      expect(state.session).toBeNull();
    } finally {
      // The page goes first: the administrator's session must not reach it.
      unmount();
      await signInWithMock('admin');
      await policy(false);
      await api.auth.signout();
      resetState();
    }
  });
});

describe('the back-off message', () => {
  const files = import.meta.glob<{ too_many_requests: string }>('@falcon/locales/*/messages.json', {
    eager: true,
    import: 'default',
  });
  it('names the wait in all six languages', () => {
    expect(Object.keys(files)).toHaveLength(6);
    for (const [file, texts] of Object.entries(files))
      expect(texts.too_many_requests, file).toContain('{when}');
  });
});
