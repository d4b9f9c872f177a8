import { Header } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/Logo';
import { paths } from '../../../config/paths';
import { AppQuickSearch } from './AppQuickSearch';
import { AppUserMenu } from './AppUserMenu';

export function AppHeader() {
  const { t } = useTranslation('frame');
  return (
    <Header
      logo={<Logo label={t('header.logo')} />}
      homeHref={paths.dashboard.to()}
      renderHomeLink={({ href, children }) => <Link to={href}>{children}</Link>}
      search={<AppQuickSearch />}
      userMenu={<AppUserMenu />}
    />
  );
}
