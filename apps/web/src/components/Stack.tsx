import styled from 'styled-components';

/** Vertical rhythm between the cards of a page. */
export const Stack = styled.div<{ $gap?: 2 | 3 | 4 | 5 }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 4 }) => theme.space[$gap]};
  min-height: 0;
`;

/** Cards side by side that wrap on narrow screens. */
export const Grid = styled.div<{ $min?: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min = 220 }) => $min}px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;
