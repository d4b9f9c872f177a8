import type { MessageKey } from '@falcon/api-client';
import { Spinner } from '@falcon/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { publicPaths } from '../../../config/public-paths';
import { completeCompanySignIn } from '../../../lib/company-sign-in';
import { showInFrame } from '../../../lib/frame-toasts';
import { usePageTitle } from '../../../lib/page-title';

const Page = styled.div`
  display: grid;
  place-items: center;
  min-height: 60vh;
  padding: ${({ theme }) => theme.space[6]};
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  width: min(400px, 100%);
  text-align: center;
`;

const ErrorText = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSubtle};
  color: ${({ theme }) => theme.color.danger};
`;

interface CompanySignInCallbackProps {
  /** The query the identity provider sent the browser back with (code, state, iss; or error). */
  query: URLSearchParams;
  onSignedIn: (to: string) => void;
}

/**
 * Where the company's identity provider sends the browser back (/login/sso): the answer goes to the
 * server, which checks it and opens the session; then on to where the user wanted to go.
 */
export function CompanySignInCallback({ query, onSignedIn }: CompanySignInCallbackProps) {
  const { t } = useTranslation('signin');
  const [failure, setFailure] = useState<MessageKey | null>(null);
  // A state is good for one answer: React's development double effect must not send it twice.
  const sent = useRef(false);
  usePageTitle(t('login.sso.pageTitle'));

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const state = query.get('state');
    if (!state) {
      setFailure('sso_failed');
      return;
    }
    const optional = (name: 'code' | 'iss' | 'error') => {
      const value = query.get(name);
      return value ? { [name]: value } : {};
    };
    void completeCompanySignIn({ state, ...optional('code'), ...optional('iss'), ...optional('error') }).then(
      (result) => {
        if (!result.ok) return setFailure(result.message);
        showInFrame({ type: 'info', title: t('login_successful', { ns: 'messages' }) });
        onSignedIn(result.redirect);
      },
    );
  }, [query, onSignedIn, t]);

  return (
    <Page>
      <Panel>
        {failure ? (
          <>
            <ErrorText role="alert">{t(failure, { ns: 'messages' })}</ErrorText>
            <Link to={publicPaths.login.to()}>{t('login.sso.back')}</Link>
          </>
        ) : (
          <Spinner label={t('login.sso.signingIn')} />
        )}
      </Panel>
    </Page>
  );
}
