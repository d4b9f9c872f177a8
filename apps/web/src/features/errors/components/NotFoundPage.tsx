import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorCode, ErrorWrap } from './ErrorFrame';

/** /error and every unknown path (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('notFound.pageTitle'));
  return (
    <ErrorWrap>
      <ErrorCode aria-hidden="true">404</ErrorCode>
      <h1>{t('notFound.title')}</h1>
      <Link to={paths.dashboard.to()}>{t('notFound.home')}</Link>
    </ErrorWrap>
  );
}
