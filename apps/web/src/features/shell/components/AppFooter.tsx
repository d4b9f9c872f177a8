import { Footer, type FooterLink } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import { publicPaths } from '../../../config/public-paths';
import { BUILD_TIME } from '../../../lib/build-time';
import { usePublicContent } from '../../../lib/public-content';

/** Footer links come from the server (label key -> URL, opened in a new tab), then copyright and build date. */
export function AppFooter() {
  const { t } = useTranslation('shell');
  const data = usePublicContent('footer');
  const labels: Record<string, string> = {
    legalNotice: t('footer.legalNotice'),
    privacy: t('footer.privacy'),
    terms: t('footer.terms'),
  };
  // The portal's own legal pages stand in for any of the three the server does not name.
  const own: Record<string, string> = {
    legalNotice: publicPaths.legalNotice.to(),
    privacy: publicPaths.privacy.to(),
    terms: publicPaths.terms.to(),
  };
  const hrefs = data ? { ...own, ...data.footerLinks } : {};
  const links: FooterLink[] = Object.entries(hrefs).map(([key, href]) => ({
    label: labels[key] ?? key,
    href,
  }));
  return (
    <Footer
      links={links}
      copyright={t('footer.copyright', { year: new Date(BUILD_TIME).getFullYear() })}
      buildTimestamp={BUILD_TIME}
    />
  );
}
