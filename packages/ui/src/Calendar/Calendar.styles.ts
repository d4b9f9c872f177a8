import styled from 'styled-components';

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

export const Toolbar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  & > h2 {
    flex: 1;
    margin: 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.typography.size.xl};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

export const Table = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: separate;
  border-spacing: 0;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  overflow: hidden;
  & th {
    padding: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.typography.size.sm};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
    color: ${({ theme }) => theme.color.textMuted};
    background: ${({ theme }) => theme.color.surfaceSunken};
    text-align: left;
  }
`;

export const Day = styled.td<{ $outside: boolean; $today: boolean }>`
  /* Six weeks fit on a 1440×900 screen beside the page's header and toolbar (the last week was cut off):
     a row is a sixth of what the window leaves, between 72 and 112 px. */
  height: clamp(72px, calc((100dvh - 400px) / 6), 112px);
  vertical-align: top;
  padding: ${({ theme }) => theme.space[1]};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  border-left: 1px solid ${({ theme }) => theme.color.border};
  &:first-child { border-left: 0; }
  background: ${({ theme, $outside }) => ($outside ? theme.color.surfaceSunken : theme.color.surface)};
  & > span {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 26px;
    height: 26px;
    padding: 0 4px;
    border-radius: ${({ theme }) => theme.radius.pill};
    font-size: ${({ theme }) => theme.typography.size.sm};
    font-weight: ${({ theme, $today }) => ($today ? theme.typography.weight.semibold : theme.typography.weight.regular)};
    color: ${({ theme, $outside, $today }) =>
      $today ? theme.color.onPrimary : $outside ? theme.color.textMuted : theme.color.text};
    background: ${({ theme, $today }) => ($today ? theme.color.primary : 'transparent')};
  }
`;

export const Events = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: ${({ theme }) => theme.space[1]} 0 0;
  padding: 0;
  list-style: none;
`;

export const Event = styled.button`
  display: block;
  width: 100%;
  padding: 2px ${({ theme }) => theme.space[2]};
  border: 0;
  border-left: 3px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.primarySubtle};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.size.xs};
  text-align: left;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 1px; }
`;

export const More = styled.button`
  padding: 0 ${({ theme }) => theme.space[2]};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.size.xs};
  text-align: left;
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; }
`;
