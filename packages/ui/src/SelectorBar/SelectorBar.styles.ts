import styled from 'styled-components';

export const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[5]}`};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  & > * { flex: 0 1 260px; min-width: 180px; }
  /* A phone: one row that scrolls sideways instead of three stacked selects. The bar keeps its height
     when the branch and location selects appear (no layout shift, and a third of the screen less). */
  @media (max-width: 599px) {
    flex-wrap: nowrap;
    overflow-x: auto;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
    & > * { flex: 0 0 72%; min-width: 0; }
  }
`;
