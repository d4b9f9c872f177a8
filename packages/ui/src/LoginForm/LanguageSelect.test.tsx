import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { LanguageSelect } from './LanguageSelect';

const six = ['de', 'en', 'cz', 'pl', 'hu', 'ro'].map((code) => ({ code }));

// Its own file: the select's code, once loaded, serves every later render of the module (as in the app).
describe('LanguageSelect before its select has loaded', () => {
  it('shows the current language in a stand-in, and opening it by keyboard opens the select, focused', async () => {
    const onChange = vi.fn();
    renderUi(<LanguageSelect languages={six} current="de" onChange={onChange} />);
    const standIn = screen.getByRole('combobox', { name: /Language/ });
    expect(standIn).toHaveTextContent('Deutsch');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    // No listbox yet: its code has not loaded.
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();

    const user = userEvent.setup();
    await user.tab();
    expect(standIn).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'DEDeutsch',
      'ENEnglish',
      'CSČeština',
      'PLPolski',
      'HUMagyar',
      'RORomână',
    ]);
    expect(listbox).toBeVisible();
    // The keyboard goes on where it was: the select's own combobox has the focus.
    const select = screen.getByRole('combobox', { name: /Language/ });
    expect(select).toHaveFocus();
    expect(select).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('en');
  });
});
