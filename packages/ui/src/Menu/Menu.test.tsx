import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_RESET_MS } from '../internal/useTypeahead';
import { renderUi } from '../testing/render';
import { Menu, type MenuItem } from './Menu';

const profile = vi.fn();
const logout = vi.fn();
const items: MenuItem[] = [
  { id: 'admin', label: 'Administration', href: '#/admin' },
  { id: 'profile', label: 'Profile', onSelect: profile },
  { id: 'protocol', label: 'Protocol', href: '#/protocol' },
  { id: 'logout', label: 'Logout', onSelect: logout, separatorBefore: true },
];

function setup() {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  renderUi(<Menu trigger="Anna Nowak" items={items} />);
  return { user, button: screen.getByRole('button', { name: 'Anna Nowak' }) };
}

describe('Menu', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    profile.mockReset();
    logout.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('opens from the keyboard onto the first item and moves with the arrows, wrapping', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Administration' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
  });

  it('runs an action on Enter, closes and returns focus to the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(profile).toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on Escape without choosing', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(profile).not.toHaveBeenCalled();
  });

  it('type-ahead jumps to the item starting with the typed letters', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard('l');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS));
    await user.keyboard('p');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('r');
    // "pr" still matches Profile within 350 ms; after the pause a single "r" matches nothing.
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('ot');
    expect(screen.getByRole('menuitem', { name: 'Protocol' })).toHaveFocus();
  });

  it('renders link items as links', async () => {
    const { user, button } = setup();
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Administration' })).toHaveAttribute('href', '#/admin');
  });
});
