import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { useUiText } from '../UiText/UiTextProvider';

const sizes = { sm: 16, md: 24, lg: 40 } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Announced to screen readers; defaults to the built-in "Loading…". */
  label?: string;
  /** Inside a control that already announces its busy state: render the ring only. */
  decorative?: boolean;
  className?: string;
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid currentColor;
  border-right-color: transparent;
  opacity: 0.85;
  animation: ${spin} 0.8s linear infinite;
`;

const Wrap = styled.span`
  display: inline-flex;
  align-items: center;
  color: ${({ theme }) => theme.color.primary};
  vertical-align: middle;
`;

/** An indeterminate progress indicator with a screen-reader label. */
export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const { t } = useUiText();
  if (decorative) return <Ring $size={sizes[size]} aria-hidden="true" className={className} />;
  return (
    <Wrap role="status" className={className}>
      <Ring $size={sizes[size]} aria-hidden="true" />
      <VisuallyHidden>{label ?? t('common.loading')}</VisuallyHidden>
    </Wrap>
  );
}
