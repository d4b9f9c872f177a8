export { ThemeProvider, type ThemeProviderProps, useTheme } from './ThemeProvider';
export { darkTheme, lightTheme, type ThemeName, themes } from './themes';
export type { ColorTokens, ContainerStateTone, Theme } from './tokens';
export { motion, radius, space, typography, zIndex } from './tokens';
