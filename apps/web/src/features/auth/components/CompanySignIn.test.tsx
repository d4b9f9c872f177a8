import { errorHandler } from '@falcon/mock-server';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { browser } from '../../../lib/browser';
import { state } from '../../../lib/store';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const server = setupMockApi();

describe('sign-in with the company account (single sign-on)', () => {
  it('a concern that switched passwords off says so on the login page instead of leaving it', async () => {
    server.use(errorHandler('auth.signin', 403, 'sso_required'));
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'kdadmin');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(/signs in with its company account/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(state.session).toBeNull();
  });

  it('sends the browser to the provider the e-mail domain names, with the page to come back to', async () => {
    const start = vi
      .spyOn(api.sso, 'start')
      .mockResolvedValue({ url: 'https://login.acme.example/authorize?client_id=falcon' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    try {
      const user = userEvent.setup();
      renderApp('/login?redirect=%2Fadmin%2Fexport');
      await user.click(await screen.findByRole('button', { name: 'Sign in with your company account' }));
      await user.type(await screen.findByLabelText('Work e-mail'), 'dora@acme.example');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('https://login.acme.example/authorize?client_id=falcon'),
      );
      expect(start).toHaveBeenCalledWith({ body: { email: 'dora@acme.example', redirect: '/admin/export' } });
    } finally {
      assign.mockRestore();
      start.mockRestore();
    }
  });

  it('completes the sign-in on the way back and lands where the user wanted', async () => {
    const answer = await api.auth.signin({ body: { username: 'kdadmin', password: 'demo1234' } });
    // The demo's kdadmin has no second factor: the password alone opens a session.
    if ('secondFactor' in answer) throw new Error('kdadmin was asked for a second factor');
    const session = answer;
    state.session = null;
    const callback = vi.spyOn(api.sso, 'callback').mockResolvedValue({ session, redirect: '/admin/export' });
    try {
      const { router } = renderApp(
        '/login/sso?code=the-code&state=the-state&iss=https%3A%2F%2Flogin.acme.example',
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/export'));
      expect(callback).toHaveBeenCalledTimes(1);
      expect(callback).toHaveBeenCalledWith({
        body: { state: 'the-state', code: 'the-code', iss: 'https://login.acme.example' },
      });
      // Read afresh: the test set it to null above (TypeScript would keep that narrowing).
      expect(Reflect.get(state, 'session')?.username).toBe('kdadmin');
    } finally {
      callback.mockRestore();
    }
  });

  it('says why when the server refuses the answer, with the way back to sign-in', async () => {
    const { router } = renderApp('/login/sso?code=x&state=never-issued');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in with your company account failed.');
    expect(state.session).toBeNull();
    expect(router.state.location.pathname).toBe('/login/sso');
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/login');
  });
});
