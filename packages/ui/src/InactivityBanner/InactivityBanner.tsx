import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/Button';
import { useUiText } from '../UiText/UiTextProvider';

export interface InactivityBannerProps {
  open: boolean;
  /** Seconds until logout; the countdown comes from useInactivity. */
  secondsLeft: number;
  /** "Stay signed in"; any activity does the same. */
  onStay: () => void;
  /**
   * The countdown text, filled in, instead of the built-in `inactivity.message` (an app that has its
   * own translation of the warning passes it here).
   */
  message?: string;
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog + 5};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.overlay};
`;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  width: min(480px, 100%);
  padding: ${({ theme }) => theme.space[6]};
  text-align: center;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.elevation[3]};
  & > h2 { margin: 0; font-size: ${({ theme }) => theme.typography.size.xl}; }
  & > p { margin: 0; font-size: ${({ theme }) => theme.typography.size.lg}; font-variant-numeric: tabular-nums; }
`;

/** The full-screen warning before the automatic logout, with a seconds countdown. */
export function InactivityBanner({ open, secondsLeft, onStay, message }: InactivityBannerProps) {
  const { t } = useUiText();
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) buttonRef.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <Overlay>
      <Box
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
      >
        <h2 id={`${id}-title`}>{t('inactivity.title')}</h2>
        {/* Announced once when it opens; a live countdown every second would flood screen readers. */}
        <p id={`${id}-message`}>{message ?? t('inactivity.message', { seconds: secondsLeft })}</p>
        <Button ref={buttonRef} variant="primary" onClick={onStay}>
          {t('inactivity.stay')}
        </Button>
      </Box>
    </Overlay>
  );
}
