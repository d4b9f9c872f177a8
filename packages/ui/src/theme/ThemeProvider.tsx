import type { ReactNode } from 'react';
import {
  createGlobalStyle,
  ThemeProvider as StyledThemeProvider,
  useTheme as useStyledTheme,
} from 'styled-components';
import './styled';
import { lightTheme } from './themes';
import type { Theme } from './tokens';

export interface ThemeProviderProps {
  /**
   * The theme: `lightTheme` (default), `darkTheme` or a complete custom one. An object, not a name, so an
   * app that uses one theme does not bundle the other.
   */
  theme?: Theme;
  /** Adds base page styles (font, background, box-sizing). Leave off when the host page styles itself. */
  withGlobalStyle?: boolean;
  children: ReactNode;
}

const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0;
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font-family: ${({ theme }) => theme.typography.family};
    font-size: ${({ theme }) => theme.typography.size.md};
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
    -webkit-font-smoothing: antialiased;
    color-scheme: ${({ theme }) => theme.name};
  }
  /* Links in the theme's colour, never the browser's default blue or visited purple (issue 14). */
  a, a:visited { color: ${({ theme }) => theme.color.primary}; text-underline-offset: 2px; }
  a:hover { color: ${({ theme }) => theme.color.primaryHover}; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 1ms !important; transition-duration: 1ms !important; }
  }
`;

export function ThemeProvider({ theme = lightTheme, withGlobalStyle = false, children }: ThemeProviderProps) {
  return (
    <StyledThemeProvider theme={theme}>
      {withGlobalStyle ? <GlobalStyle /> : null}
      {children}
    </StyledThemeProvider>
  );
}

/** The active theme; falls back to the light theme outside a ThemeProvider. */
export function useTheme(): Theme {
  const theme = useStyledTheme() as Theme | undefined;
  return theme?.color ? theme : lightTheme;
}
