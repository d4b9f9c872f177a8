import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { state } from '../../../lib/store';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

describe('profile', () => {
  it("shows the own data; two different new passwords give 'Passwords are different'", async () => {
    const user = userEvent.setup();
    const session = await signInWithMock('staff');
    renderApp(`/profile/${session.userId}`);
    expect(await screen.findByText('staff', {}, { timeout: 8000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'demo1234');
    await user.type(screen.getByLabelText('New password'), 'abcdefgh1');
    await user.type(screen.getByLabelText('Repeat password'), 'abcdefgh2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords are different.')).toBeInTheDocument();
  });

  it('after five wrong current passwords says how long to wait (the back-off of sign-in)', async () => {
    const user = userEvent.setup();
    const session = await signInWithMock('sales');
    renderApp(`/profile/${session.userId}`);
    const current = await screen.findByLabelText('Current password', {}, { timeout: 8000 });
    await user.type(screen.getByLabelText('New password'), 'abcdefgh1');
    await user.type(screen.getByLabelText('Repeat password'), 'abcdefgh1');
    for (let i = 0; i < 6; i++) {
      await user.clear(current);
      await user.type(current, i < 5 ? `wrong-${i}` : 'demo1234');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      if (i < 5) expect(await screen.findByText('The current password is wrong.')).toBeInTheDocument();
    }
    expect(
      await screen.findByText(/^Too many attempts\. Please try again in (29|30) seconds\.$/),
    ).toBeInTheDocument();
  });

  it('saves the own name, e-mail and phone; the header shows the new name at once', async () => {
    const user = userEvent.setup();
    const session = await signInWithMock('staff');
    renderApp(`/profile/${session.userId}`);
    const firstname = await screen.findByLabelText('First name', {}, { timeout: 8000 });
    expect(firstname).toHaveValue('Jana');
    const save = screen.getByRole('button', { name: 'Save personal data' });
    expect(save).toBeDisabled();
    await user.clear(firstname);
    await user.type(firstname, 'Janina');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'janina.keller@example.com');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+49 30 1234');
    await user.click(save);
    expect(await screen.findByText('User saved.')).toBeInTheDocument();
    await waitFor(() => expect(state.session?.fullName).toBe('Janina Keller'));
    expect(screen.getByRole('button', { name: /^User menu/ })).toHaveAccessibleName(/Janina Keller/);
    expect(await api.users.getById({ params: { id: session.userId } })).toMatchObject({
      firstname: 'Janina',
      email: 'janina.keller@example.com',
      phone: '+49 30 1234',
    });
  });

  it('switches the interface language', async () => {
    const user = userEvent.setup();
    const session = await signInWithMock('staff');
    renderApp(`/profile/${session.userId}`);
    await user.click(await screen.findByRole('combobox', { name: /^Language/ }, { timeout: 8000 }));
    await user.click(await screen.findByRole('option', { name: /Deutsch/ }));
    await waitFor(() => expect(state.language).toBe('de'));
    expect(await screen.findByRole('heading', { name: 'Passwort ändern' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toContain('de');
  });
});
