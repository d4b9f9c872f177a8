import styled, { keyframes } from 'styled-components';
import { useUiText } from '../UiText/UiTextProvider';

export interface ProgressBarProps {
  /** Shown while true; the app sets it during navigation and calls. */
  active: boolean;
  /** 0..100 for a known amount; indeterminate when left out. */
  value?: number;
  label?: string;
}

const slide = keyframes`
  0% { transform: translateX(-100%); }
  100% { transform: translateX(250%); }
`;

const Track = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.toast + 1};
  height: 3px;
  overflow: hidden;
  pointer-events: none;
`;

const Fill = styled.div<{ $indeterminate: boolean }>`
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  transition: width ${({ theme }) => theme.motion.duration.normal} ${({ theme }) => theme.motion.easing.standard};
  ${({ $indeterminate }) => ($indeterminate ? 'width: 40%;' : '')}
  animation: ${({ $indeterminate }) => ($indeterminate ? slide : 'none')} 1.1s ease-in-out infinite;
`;

/** The thin bar at the top of the page during navigation and calls. */
export function ProgressBar({ active, value, label }: ProgressBarProps) {
  const { t } = useUiText();
  if (!active) return null;
  const indeterminate = value === undefined;
  return (
    <Track
      role="progressbar"
      aria-label={label ?? t('common.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : Math.round(value)}
    >
      <Fill $indeterminate={indeterminate} style={indeterminate ? undefined : { width: `${value}%` }} />
    </Track>
  );
}
