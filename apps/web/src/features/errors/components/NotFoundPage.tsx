import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';

const Wrap = styled.div`
  display: grid;
  place-items: center;
  gap: ${({ theme }) => theme.space[4]};
  min-height: 60vh;
  text-align: center;
  padding: ${({ theme }) => theme.space[6]};
`;
const Code = styled.p`
  margin: 0;
  font-size: 64px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.primary};
`;

/** /error and every unknown path (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('notFound.pageTitle'));
  return (
    <Wrap>
      <Code aria-hidden="true">404</Code>
      <h1>{t('notFound.title')}</h1>
      <Link to={paths.dashboard.to()}>{t('notFound.home')}</Link>
    </Wrap>
  );
}
