import {
  LoadedUiTextProvider,
  loadedUiTexts,
  loadUiTexts,
  ThemeProvider,
  type UiLocale,
  type UiTexts,
} from '@falcon/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createGlobalStyle } from 'styled-components';
import { useSnapshot } from 'valtio';
import { i18n, toI18nLanguage } from '../lib/i18n';
import { state } from '../lib/store';

/**
 * The library's built-in texts in the app's language, one language at a time (initI18n and
 * changeI18nLanguage load them; a switch keeps the previous language until the new one is there).
 * (The inactivity warning's text, the spec's logout_warning, is passed by SessionWatch in the frame.)
 */
function UiTextsInLanguage({ children }: { children: ReactNode }) {
  const { language } = useSnapshot(state);
  const locale = toI18nLanguage(language);
  const [shown, setShown] = useState<{ locale: UiLocale; texts: UiTexts }>(() => {
    const texts = loadedUiTexts(locale);
    return texts ? { locale, texts } : { locale: 'de', texts: loadedUiTexts('de') as UiTexts };
  });
  useEffect(() => {
    let live = true;
    void loadUiTexts(locale).then((texts) => {
      if (live) setShown((current) => (current.texts === texts ? current : { locale, texts }));
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return (
    <LoadedUiTextProvider locale={shown.locale} texts={shown.texts}>
      {children}
    </LoadedUiTextProvider>
  );
}

/**
 * A component's own `display` beats the browser's `[hidden] { display: none }` (the quick search popup
 * showed as an empty bar under the search box); `hidden` must always hide.
 */
const HiddenMeansHidden = createGlobalStyle`
  [hidden] { display: none !important; }
`;

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider withGlobalStyle>
        <HiddenMeansHidden />
        <UiTextsInLanguage>{children}</UiTextsInLanguage>
      </ThemeProvider>
    </I18nextProvider>
  );
}
