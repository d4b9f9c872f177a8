/** Design tokens shared by both themes: space, type, radius, motion and layering. */
export const space = {
  0: '0',
  1: '4px',
  2: '8px',
  3: '12px',
  4: '16px',
  5: '24px',
  6: '32px',
  7: '48px',
  8: '64px',
} as const;

export const radius = { sm: '4px', md: '8px', lg: '12px', pill: '999px' } as const;

export const typography = {
  family:
    "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  mono: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  size: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '24px' },
  weight: { regular: 400, medium: 500, semibold: 600 },
  lineHeight: { tight: 1.25, normal: 1.5 },
} as const;

export const motion = {
  duration: { instant: '5ms', fast: '120ms', normal: '200ms', slow: '300ms' },
  easing: { standard: 'cubic-bezier(0.2, 0, 0, 1)', exit: 'cubic-bezier(0.4, 0, 1, 1)' },
} as const;

export const zIndex = { dropdown: 20, sticky: 30, overlay: 40, dialog: 50, toast: 60, tooltip: 70 } as const;

export interface ColorTokens {
  /** Page background. */
  bg: string;
  /** Cards, panels, popovers. */
  surface: string;
  /** Table headers, wells, hovered rows. */
  surfaceSunken: string;
  border: string;
  borderStrong: string;
  text: string;
  textMuted: string;
  textInverse: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  primarySubtle: string;
  focus: string;
  success: string;
  successSubtle: string;
  warning: string;
  warningSubtle: string;
  danger: string;
  dangerHover: string;
  dangerSubtle: string;
  overlay: string;
  /** Container states on the rack grid: each has a fill and a text colour readable on it. */
  state: Record<ContainerStateTone, { fill: string; text: string }>;
}

export type ContainerStateTone =
  | 'ok'
  | 'inaccess'
  | 'indelivery'
  | 'backorder'
  | 'alarming'
  | 'error'
  | 'inactive';

export interface Theme {
  name: 'light' | 'dark';
  color: ColorTokens;
  space: typeof space;
  radius: typeof radius;
  typography: typeof typography;
  motion: typeof motion;
  zIndex: typeof zIndex;
  elevation: { 1: string; 2: string; 3: string };
}
