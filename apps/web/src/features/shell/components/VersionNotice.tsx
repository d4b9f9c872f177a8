import { Button } from '@falcon/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useVersionCheck, type VersionCheckOptions } from '../api/useVersionCheck';

const Notice = styled.div`
  position: fixed;
  inset-block-end: ${({ theme }) => theme.space[4]};
  inset-inline-start: 50%;
  transform: translateX(-50%);
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  max-width: calc(100vw - 32px);
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.elevation[2]};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

/** "A new version is available" with a reload button: what a tab in use shows after a deployment. */
export function UpdateAvailableNotice({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation('frame');
  return (
    <Notice role="status">
      <span>{t('version.available')}</span>
      <Button size="sm" onClick={onReload}>
        {t('version.reload')}
      </Button>
    </Notice>
  );
}

/**
 * The version check of every page (spec section 4, issue 13): an idle tab reloads by itself when a new
 * version was deployed; one in use shows the notice until it is idle or the user reloads.
 */
export function VersionWatch(options: VersionCheckOptions) {
  const { available, reload } = useVersionCheck(options);
  return available ? <UpdateAvailableNotice onReload={reload} /> : null;
}
