import { css } from 'styled-components';

/** One focus style for every interactive element: visible on keyboard focus only. */
export const focusRing = css`
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
