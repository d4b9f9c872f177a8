import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { LoginForm, type LoginFormProps } from './LoginForm';
import { orderLanguages } from './languages';

const six = ['de', 'en', 'cz', 'pl', 'hu', 'ro'].map((code) => ({ code }));

function setup(props: Partial<LoginFormProps> = {}) {
  const onSubmit = vi.fn();
  const onLanguageChange = vi.fn();
  renderUi(
    <LoginForm
      onSubmit={onSubmit}
      languages={six}
      language="en"
      onLanguageChange={onLanguageChange}
      {...props}
    />,
  );
  return { user: userEvent.setup(), onSubmit, onLanguageChange };
}

describe('LoginForm', () => {
  it('sends username, password and the remember choice; placeholders equal the labels', async () => {
    const { user, onSubmit } = setup();
    const username = screen.getByRole('textbox', { name: 'Username' });
    expect(username).toHaveAttribute('placeholder', 'Username');
    await user.type(username, ' kdadmin ');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Remember username' }));
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ username: 'kdadmin', password: 'demo1234', remember: true });
  });

  it('fills a remembered username and ticks remember', () => {
    setup({ initialUsername: 'staff' });
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('staff');
    expect(screen.getByRole('checkbox', { name: 'Remember username' })).toBeChecked();
  });

  it('shows a spinner while signing in and does not send twice', async () => {
    const { user, onSubmit } = setup({ loading: true, initialUsername: 'a' });
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('aria-busy', 'true');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('announces the failure message', () => {
    setup({ error: 'Login fehlgeschlagen! Bitte versuchen Sie es erneut.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Login fehlgeschlagen!');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists languages with their own names, the current one first, and switches', async () => {
    const { user, onLanguageChange } = setup({ language: 'pl' });
    const select = screen.getByRole('combobox', { name: /Language/ });
    expect(select).toHaveTextContent('Polski');
    await user.click(select);
    // Text tags, not emoji flags (boxes on Linux, letters on Windows). The select's code loads on that
    // first click (the stand-in shows the language until then).
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'PLPolski',
      'DEDeutsch',
      'ENEnglish',
      'CSČeština',
      'HUMagyar',
      'RORomână',
    ]);
    expect(screen.getByRole('listbox').textContent).not.toMatch(/\p{Regional_Indicator}/u);
    await user.click(screen.getByRole('option', { name: /Magyar/ }));
    expect(onLanguageChange).toHaveBeenCalledWith('hu');
  });

  it('hides the language selector with fewer than 2 languages', () => {
    setup({ languages: [{ code: 'de' }], language: 'de' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('falls back to de, en, cz, pl, hu, ro when none are loaded', () => {
    expect(orderLanguages([], 'en').map((l) => l.code)).toEqual(['en', 'de', 'cz', 'pl', 'hu', 'ro']);
    expect(orderLanguages([], 'cs')[0]!.code).toBe('cz');
  });
});
