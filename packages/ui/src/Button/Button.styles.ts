import styled, { css } from 'styled-components';
import { focusRing } from '../internal/focusRing';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
    border-color: ${({ theme }) => theme.color.primary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.color.primaryHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    border-color: ${({ theme }) => theme.color.borderStrong};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.color.surfaceSunken}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.color.text};
    border-color: transparent;
    &:hover:not(:disabled) { background: ${({ theme }) => theme.color.surfaceSunken}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.color.danger};
    color: ${({ theme }) => theme.color.textInverse};
    border-color: ${({ theme }) => theme.color.danger};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.color.dangerHover}; }
  `,
};

export const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $iconOnly: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ $size }) => ($size === 'sm' ? '30px' : '38px')};
  min-width: ${({ $size, $iconOnly }) => ($iconOnly ? ($size === 'sm' ? '30px' : '38px') : 'auto')};
  padding: 0 ${({ theme, $size, $iconOnly }) => ($iconOnly ? '0' : $size === 'sm' ? theme.space[3] : theme.space[4])};
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radius.md};
  font-family: inherit;
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.typography.size.sm : theme.typography.size.md)};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  line-height: 1;
  white-space: nowrap;
  cursor: pointer;
  transition: background ${({ theme }) => `${theme.motion.duration.fast} ${theme.motion.easing.standard}`};
  ${({ $variant }) => variants[$variant]}
  ${focusRing}
  &:disabled { cursor: not-allowed; opacity: 0.55; }
  &[aria-busy='true'] { cursor: progress; }
`;
