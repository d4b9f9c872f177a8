import { Skeleton } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { usePublicContent } from '../../../lib/public-content';
import { isSignedIn } from '../../../lib/store';

export type LegalKind = 'legalNotice' | 'privacy' | 'terms';

const Article = styled.article`
  max-width: 72ch;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[6]} ${theme.space[4]}`};
  line-height: 1.6;
  h2 {
    font-size: ${({ theme }) => theme.typography.size.lg};
    margin: ${({ theme }) => `${theme.space[5]} 0 ${theme.space[2]}`};
  }
`;
const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};
  margin-top: ${({ theme }) => theme.space[6]};
`;

interface Section {
  heading: string;
  text: string;
}

/** Texts of one page; static keys (never built from strings) so the key check sees them all. */
function useLegalTexts(kind: LegalKind) {
  const { t, ready } = useTranslation('legal');
  let title: string;
  let lead: string;
  let sections: Section[];
  switch (kind) {
    case 'legalNotice':
      title = t('legalNotice.title');
      lead = t('legalNotice.lead');
      sections = [
        { heading: t('legalNotice.contactTitle'), text: t('legalNotice.contactText') },
        { heading: t('legalNotice.liabilityTitle'), text: t('legalNotice.liabilityText') },
      ];
      break;
    case 'privacy':
      title = t('privacy.title');
      lead = t('privacy.lead');
      sections = [
        { heading: t('privacy.dataTitle'), text: t('privacy.dataText') },
        { heading: t('privacy.browserTitle'), text: t('privacy.browserText') },
      ];
      break;
    case 'terms':
      title = t('terms.title');
      lead = t('terms.lead');
      sections = [
        { heading: t('terms.requestsTitle'), text: t('terms.requestsText') },
        { heading: t('terms.accountTitle'), text: t('terms.accountText') },
      ];
      break;
  }
  return { t, ready, title, lead, sections };
}

/**
 * Legal notice, privacy and terms (spec section 2). The portal's own short text; when the server's footer
 * content names the full document for this page, a link to it follows.
 */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t, ready, title, lead, sections } = useLegalTexts(kind);
  usePageTitle(ready ? title : '');
  const footer = usePublicContent('footer');
  const full = footer?.footerLinks[kind];
  if (!ready) {
    return (
      <Article aria-busy="true">
        <Skeleton lines={6} />
      </Article>
    );
  }
  return (
    <Article>
      <h1>{title}</h1>
      <p>{lead}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      {full ? (
        <p>
          <a href={full} target="_blank" rel="noopener noreferrer">
            {t('fullVersion')}
          </a>
        </p>
      ) : null}
      <Nav aria-label={t('nav')}>
        <Link to={isSignedIn() ? paths.dashboard.to() : paths.login.to()}>{t('back')}</Link>
        {kind !== 'legalNotice' ? <Link to={paths.legalNotice.to()}>{t('legalNotice.title')}</Link> : null}
        {kind !== 'privacy' ? <Link to={paths.privacy.to()}>{t('privacy.title')}</Link> : null}
        {kind !== 'terms' ? <Link to={paths.terms.to()}>{t('terms.title')}</Link> : null}
      </Nav>
    </Article>
  );
}
