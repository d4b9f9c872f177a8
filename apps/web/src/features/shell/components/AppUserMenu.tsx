import { type MenuItem, UserMenu } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { type MenuEntry, menuEntries } from '../../../config/access';
import { paths } from '../../../config/paths';
import { changeLanguage, languageOptions } from '../../../lib/language';
import { signOut } from '../../../lib/session-switch';
import { state } from '../../../lib/store';

/**
 * Avatar, name, language switch and the links the user's permissions allow (spec section 6): the same
 * table as the route guards (config/access.ts), read from the session as it is now (it is re-read on
 * focus, every few minutes and after a 403: features/shell/api/useSessionRefresh.ts).
 */
export function AppUserMenu() {
  const { t } = useTranslation('frame');
  const { session, language } = useSnapshot(state);
  if (!session) return null;

  const link = (entry: MenuEntry): MenuItem => {
    switch (entry) {
      case 'administration':
        return { id: entry, label: t('userMenu.administration'), href: paths.administration.to() };
      case 'userManagement':
        return { id: entry, label: t('userMenu.userManagement'), href: paths.users.to() };
      case 'roles':
        return { id: entry, label: t('userMenu.roles'), href: paths.roles.to() };
      case 'profile':
        return { id: entry, label: t('userMenu.profile'), href: paths.profile.to(session.userId) };
      case 'protocol':
        return { id: entry, label: t('userMenu.protocol'), href: paths.protocol.to() };
      case 'exports':
        return { id: entry, label: t('userMenu.exports'), href: paths.exports.to() };
      case 'reviews':
        return { id: entry, label: t('userMenu.reviews'), href: paths.reviews.to() };
      case 'myRequests':
        return { id: entry, label: t('userMenu.myRequests'), href: paths.reviews.to('mine') };
      case 'mobileApp':
        return { id: entry, label: t('userMenu.mobileApp'), href: paths.app.to() };
      case 'worklist':
        return { id: entry, label: t('userMenu.worklist'), href: paths.worklist.to() };
    }
  };
  const links = menuEntries(session.permissions).map(link);

  return (
    <UserMenu
      user={{ fullName: session.fullName, username: session.username, initials: session.initials }}
      links={links}
      onLogout={() => void signOut()}
      logoutLabel={t('userMenu.logout')}
      languages={languageOptions(session.supportedLanguages)}
      language={language}
      onLanguageChange={(code) => void changeLanguage(code)}
    />
  );
}
