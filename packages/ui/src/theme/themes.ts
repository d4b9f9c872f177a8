import { motion, radius, space, type Theme, typography, zIndex } from './tokens';

const shared = { space, radius, typography, motion, zIndex };

/** Calm slate neutrals with a teal-blue accent; every text pair meets WCAG AA (4.5:1). */
export const lightTheme: Theme = {
  ...shared,
  name: 'light',
  color: {
    bg: '#f5f7fa',
    surface: '#ffffff',
    surfaceSunken: '#eef1f5',
    border: '#d9dee5',
    borderStrong: '#8a96a3',
    text: '#1c2530',
    textMuted: '#4f5b68',
    textInverse: '#ffffff',
    primary: '#0b6283',
    primaryHover: '#084d68',
    onPrimary: '#ffffff',
    primarySubtle: '#e3f1f7',
    focus: '#2b8fd6',
    success: '#1d6b3a',
    successSubtle: '#e4f4ea',
    warning: '#8a5300',
    warningSubtle: '#fdf1dc',
    danger: '#b42318',
    dangerHover: '#912018',
    dangerSubtle: '#fde8e6',
    overlay: 'rgba(16, 24, 32, 0.48)',
    state: {
      ok: { fill: '#dcefe3', text: '#14532d' },
      inaccess: { fill: '#d7ecf7', text: '#0c4a6e' },
      indelivery: { fill: '#e6e1f8', text: '#3b2a83' },
      backorder: { fill: '#fbe7c6', text: '#6b3f00' },
      alarming: { fill: '#fdd9b5', text: '#7a2e00' },
      error: { fill: '#f9d0cc', text: '#7f1d1d' },
      inactive: { fill: '#e5e7eb', text: '#374151' },
    },
  },
  elevation: {
    1: '0 1px 2px rgba(16, 24, 32, 0.06), 0 1px 3px rgba(16, 24, 32, 0.08)',
    2: '0 4px 12px rgba(16, 24, 32, 0.10), 0 2px 4px rgba(16, 24, 32, 0.06)',
    3: '0 16px 40px rgba(16, 24, 32, 0.18), 0 4px 12px rgba(16, 24, 32, 0.08)',
  },
};

export const darkTheme: Theme = {
  ...shared,
  name: 'dark',
  color: {
    bg: '#0e1318',
    surface: '#161d24',
    surfaceSunken: '#1e262f',
    border: '#2c3640',
    borderStrong: '#5b6875',
    text: '#e6ebf0',
    textMuted: '#a3afbb',
    textInverse: '#0e1318',
    primary: '#5ec1e6',
    primaryHover: '#86d3ef',
    onPrimary: '#06222e',
    primarySubtle: '#12303c',
    focus: '#7cc8f2',
    success: '#6fd39a',
    successSubtle: '#12301f',
    warning: '#f2bc5b',
    warningSubtle: '#33270f',
    danger: '#ff8a80',
    dangerHover: '#ffaba3',
    dangerSubtle: '#3a1a18',
    overlay: 'rgba(0, 0, 0, 0.6)',
    state: {
      ok: { fill: '#17402a', text: '#c9f2d8' },
      inaccess: { fill: '#113a52', text: '#cdeafa' },
      indelivery: { fill: '#2c2560', text: '#e0dbfb' },
      backorder: { fill: '#4a3208', text: '#fbe3b5' },
      alarming: { fill: '#5a2a07', text: '#ffd9b8' },
      error: { fill: '#5c1a17', text: '#ffd5d0' },
      inactive: { fill: '#2a3038', text: '#c7ced6' },
    },
  },
  elevation: {
    1: '0 1px 2px rgba(0, 0, 0, 0.4)',
    2: '0 4px 12px rgba(0, 0, 0, 0.45)',
    3: '0 16px 40px rgba(0, 0, 0, 0.55)',
  },
};

export const themes = { light: lightTheme, dark: darkTheme } as const;
export type ThemeName = keyof typeof themes;
