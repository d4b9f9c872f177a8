import styled from 'styled-components';
import { focusRing } from '../internal/focusRing';

export const Root = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.elevation[1]};
  overflow: hidden;
`;

export const Scroll = styled.div<{ $height?: number }>`
  overflow: auto;
  ${({ $height }) => ($height ? `max-height: ${$height}px;` : '')}
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.typography.size.md};
  & caption {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

export const Th = styled.th<{ $align: 'start' | 'end' | 'center'; $width?: string }>`
  position: sticky;
  top: 0;
  z-index: 1;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  background: ${({ theme }) => theme.color.surfaceSunken};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  text-align: ${({ $align }) => $align};
  /* A long header wraps between its words ("Filling / quantity"), never inside one: the columns fit. */
  white-space: normal;
  overflow-wrap: normal;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  ${({ $width }) => ($width ? `width: ${$width};` : '')}
`;

export const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: 2px 4px;
  margin: -2px -4px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.color.text}; }
  ${focusRing}
`;

export const Tr = styled.tr<{ $clickable: boolean; $selected: boolean }>`
  background: ${({ theme, $selected }) => ($selected ? theme.color.primarySubtle : 'transparent')};
  ${({ $clickable }) => ($clickable ? 'cursor: pointer;' : '')}
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
  &:hover { background: ${({ theme, $selected }) => ($selected ? theme.color.primarySubtle : theme.color.surfaceSunken)}; }
`;

export const Td = styled.td<{ $align: 'start' | 'end' | 'center' }>`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  height: 44px;
  text-align: ${({ $align }) => $align};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  overflow-wrap: anywhere;
  font-variant-numeric: tabular-nums;
`;

export const StateCell = styled.td`
  padding: 0;
`;

export const SkeletonBar = styled.span`
  display: block;
  height: 12px;
  width: 70%;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surfaceSunken};
`;

export const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

export const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

export const PerPage = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  & > div { min-width: 84px; }
`;

export const Pager = styled.nav`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  & > span { padding: 0 ${({ theme }) => theme.space[2]}; white-space: nowrap; }
`;

export const BusyOverlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: color-mix(in srgb, ${({ theme }) => theme.color.surface} 60%, transparent);
`;
