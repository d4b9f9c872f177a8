import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorCode, ErrorWrap } from './ErrorFrame';

const Ways = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[4]};
`;
const Back = styled.button`
  font: inherit;
  color: ${({ theme }) => theme.color.primary};
  background: none;
  border: 0;
  padding: 0;
  text-decoration: underline;
  cursor: pointer;
`;

/**
 * /error: where a guard or a 403 answer leads (spec sections 2 and 8). It says the user has no access,
 * not that the page is missing (issue 13), and offers the way back: to the page before, when this visit
 * came from one, and to the home page.
 */
export function ForbiddenPage() {
  const { t } = useTranslation('frame');
  const navigate = useNavigate();
  // react-router names the first location of a history 'default': there is no page before it here.
  const cameFromPage = useLocation().key !== 'default';
  usePageTitle(t('forbidden.pageTitle'));
  return (
    <ErrorWrap>
      <ErrorCode aria-hidden="true">403</ErrorCode>
      <h1>{t('forbidden.title')}</h1>
      <p>{t('forbidden.message')}</p>
      <Ways>
        {cameFromPage ? (
          <Back type="button" onClick={() => void navigate(-1)}>
            {t('forbidden.back')}
          </Back>
        ) : null}
        <Link to={paths.dashboard.to()}>{t('forbidden.home')}</Link>
      </Ways>
    </ErrorWrap>
  );
}
