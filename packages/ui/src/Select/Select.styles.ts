import styled from 'styled-components';

export const Field = styled.div`
  position: relative;
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 180px;
`;

export const Label = styled.span<{ $hidden: boolean }>`
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  color: ${({ theme }) => theme.color.textMuted};
  ${({ $hidden }) =>
    $hidden &&
    'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;'}
`;

export const Trigger = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 38px;
  padding: 0 ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  user-select: none;
  transition: border-color ${({ theme }) => theme.motion.duration.fast};
  &:hover { border-color: ${({ theme }) => theme.color.primary}; }
  &:focus-visible, &[aria-expanded='true'] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  &[aria-disabled='true'] { cursor: not-allowed; opacity: 0.55; }
  & > svg { flex: none; color: ${({ theme }) => theme.color.textMuted}; }
`;

export const Value = styled.span<{ $placeholder: boolean }>`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme, $placeholder }) => ($placeholder ? theme.color.textMuted : theme.color.text)};
`;

export const Popup = styled.ul`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-width: 100%;
  max-height: 320px;
  overflow-y: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  list-style: none;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.elevation[2]};
`;

export const Option = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme, $active }) => ($active ? theme.color.primarySubtle : 'transparent')};
  &[aria-selected='true'] { font-weight: ${({ theme }) => theme.typography.weight.semibold}; }
  &[aria-disabled='true'] { opacity: 0.5; cursor: not-allowed; }
  & > svg { flex: none; color: ${({ theme }) => theme.color.primary}; }
`;

export const OptionText = styled.span`
  display: flex;
  flex: 1;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

export const Secondary = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-family: ${({ theme }) => theme.typography.mono};
`;
