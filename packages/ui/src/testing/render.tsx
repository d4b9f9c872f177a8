import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from '../theme/ThemeProvider';
import { type ThemeName, themes } from '../theme/themes';
import { type UiLocale, UiTextProvider } from '../UiText/UiTextProvider';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  locale?: UiLocale;
  theme?: ThemeName;
}

function Providers({ locale, theme, children }: { locale: UiLocale; theme: ThemeName; children: ReactNode }) {
  return (
    <ThemeProvider theme={themes[theme]}>
      <UiTextProvider locale={locale}>{children}</UiTextProvider>
    </ThemeProvider>
  );
}

/** Renders inside the library's providers, English texts unless told otherwise; rerender keeps them. */
export function renderUi(ui: ReactElement, { locale = 'en', theme = 'light', ...options }: Options = {}) {
  const wrap = (element: ReactElement) => (
    <Providers locale={locale} theme={theme}>
      {element}
    </Providers>
  );
  const result = render(wrap(ui), options);
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}
