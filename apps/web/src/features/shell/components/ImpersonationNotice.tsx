import { Button } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { signOut } from '../../../lib/session-switch';
import { state } from '../../../lib/store';

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.color.warningSubtle};
  color: ${({ theme }) => theme.color.text};
  border-bottom: 1px solid ${({ theme }) => theme.color.warning};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

/**
 * While an ADMIN acts as another user (impersonation), every screen says so and offers the way out:
 * signing out ends the borrowed session, and the ADMIN signs in again as themselves.
 */
export function ImpersonationNotice() {
  const { t } = useTranslation('frame');
  const { session } = useSnapshot(state);
  if (!session?.impersonatedBy) return null;
  return (
    <Notice role="status">
      <span>
        {t('impersonation.notice', {
          name: session.fullName,
          username: session.username,
          admin: session.impersonatedBy,
        })}
      </span>
      <Button size="sm" variant="secondary" onClick={() => void signOut()}>
        {t('impersonation.end')}
      </Button>
    </Notice>
  );
}
