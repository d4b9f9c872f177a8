import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { UserMenu } from './UserMenu';

describe('UserMenu', () => {
  it('shows initials, name and username, the given links, languages and logout', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    const onLanguageChange = vi.fn();
    renderUi(
      <UserMenu
        user={{ fullName: 'Anna Nowak', username: 'anowak' }}
        links={[{ id: 'profile', label: 'Profile', href: '#/profile/7' }]}
        logoutLabel="Logout"
        onLogout={onLogout}
        languages={[{ code: 'de' }, { code: 'en' }]}
        language="en"
        onLanguageChange={onLanguageChange}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'User menu: Anna Nowak' });
    expect(trigger).toHaveTextContent('AN');
    await user.click(trigger);
    expect(screen.getByText('anowak')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'English',
      'Deutsch',
      'Logout',
    ]);
    await user.click(screen.getByRole('menuitem', { name: /Deutsch/ }));
    expect(onLanguageChange).toHaveBeenCalledWith('de');
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalled();
  });
});
