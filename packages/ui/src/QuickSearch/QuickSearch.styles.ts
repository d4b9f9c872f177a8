import styled from 'styled-components';
import { focusRing } from '../internal/focusRing';

export const Root = styled.div`
  position: relative;
  width: 100%;
  max-width: 560px;
`;

export const InputWrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  & > svg {
    position: absolute;
    left: ${({ theme }) => theme.space[3]};
    color: ${({ theme }) => theme.color.textMuted};
    pointer-events: none;
  }
`;

export const Input = styled.input`
  width: 100%;
  height: 38px;
  padding: 0 72px 0 36px;
  background: ${({ theme }) => theme.color.surfaceSunken};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  font: inherit;
  transition: background ${({ theme }) => theme.motion.duration.fast}, border-color
    ${({ theme }) => theme.motion.duration.fast};
  &::placeholder { color: ${({ theme }) => theme.color.textMuted}; opacity: 1; }
  &:hover { border-color: ${({ theme }) => theme.color.borderStrong}; }
  &:focus { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 1px; background: ${({ theme }) => theme.color.surface}; }
  &::-webkit-search-cancel-button { display: none; }
`;

export const Adornments = styled.div`
  position: absolute;
  right: ${({ theme }) => theme.space[2]};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

export const ClearButton = styled.button`
  display: inline-flex;
  padding: ${({ theme }) => theme.space[1]};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.border}; color: ${({ theme }) => theme.color.text}; }
  ${focusRing}
`;

export const Popup = styled.div`
  position: absolute;
  top: calc(100% + 6px);
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[2]};
  width: max(100%, 640px);
  max-width: calc(100vw - 32px);
  padding: ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.elevation[3]};
  @media (max-width: 640px) { grid-template-columns: 1fr; }
`;

export const Column = styled.div`
  min-width: 0;
`;

export const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const ColumnTitle = styled.div`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

export const Option = styled.li<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.color.primarySubtle : 'transparent')};
  & > span:first-child { overflow-wrap: anywhere; }
  & > span + span {
    font-family: ${({ theme }) => theme.typography.mono};
    font-size: ${({ theme }) => theme.typography.size.xs};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

export const Message = styled.p`
  position: absolute;
  top: calc(100% + 6px);
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.elevation[2]};
  color: ${({ theme }) => theme.color.danger};
`;
