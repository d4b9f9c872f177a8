import styled, { keyframes } from 'styled-components';
import { focusRing } from '../internal/focusRing';
import type { ToastType } from './Toasts';

export const Region = styled.section<{ $offsetTop: number }>`
  position: fixed;
  top: calc(${({ $offsetTop }) => $offsetTop}px + ${({ theme }) => theme.space[4]});
  right: ${({ theme }) => theme.space[4]};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  width: min(360px, calc(100vw - 32px));
  pointer-events: none;
`;

const enter = keyframes`
  from { opacity: 0; transform: translateX(16px); }
  to { opacity: 1; transform: none; }
`;

export const Item = styled.div<{ $type: ToastType }>`
  pointer-events: auto;
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[3]} ${theme.space[3]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 4px solid
    ${({ theme, $type }) =>
      $type === 'error' ? theme.color.danger : $type === 'warn' ? theme.color.warning : theme.color.success};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.elevation[2]};
  cursor: pointer;
  animation: ${enter} ${({ theme }) => `${theme.motion.duration.slow} ${theme.motion.easing.standard}`};
`;

export const IconWrap = styled.span<{ $type: ToastType }>`
  display: flex;
  padding-top: 1px;
  color: ${({ theme, $type }) =>
    $type === 'error' ? theme.color.danger : $type === 'warn' ? theme.color.warning : theme.color.success};
`;

export const Title = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  overflow-wrap: anywhere;
`;

export const Text = styled.p`
  margin: 2px 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  overflow-wrap: anywhere;
`;

export const ActionButton = styled.button`
  margin-top: ${({ theme }) => theme.space[2]};
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const Close = styled.button`
  display: inline-flex;
  padding: ${({ theme }) => theme.space[1]};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.surfaceSunken}; }
  ${focusRing}
`;
