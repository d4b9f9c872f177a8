import {
  LoadedUiTextProvider,
  loadedUiTexts,
  loadUiTexts,
  ThemeProvider,
  type UiLocale,
  type UiTextSet,
} from '@falcon/ui';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createGlobalStyle } from 'styled-components';
import { useSnapshot } from 'valtio';
import { getUiTextPart, i18n, subscribeUiTextPart, toI18nLanguage } from '../lib/i18n';
import { state } from '../lib/store';

/**
 * The library's built-in texts in the app's language, one language at a time (initI18n and
 * changeI18nLanguage load them; a switch keeps the previous language until the new one is there): the
 * base part until the signed-in frame loads all of them (lib/i18n.ts, loadAllUiTexts).
 * (The inactivity warning's text, the spec's logout_warning, is passed by SessionWatch in the frame.)
 */
function UiTextsInLanguage({ children }: { children: ReactNode }) {
  const { language } = useSnapshot(state);
  // The same part on the server: the /app shell is rendered at build time (ADR 0066).
  const part = useSyncExternalStore(subscribeUiTextPart, getUiTextPart, getUiTextPart);
  const locale = toI18nLanguage(language);
  const [shown, setShown] = useState<{ locale: UiLocale; texts: UiTextSet }>(() => ({
    locale: 'de',
    texts: loadedUiTexts('de', 'base') as UiTextSet,
  }));
  useEffect(() => {
    let live = true;
    void loadUiTexts(locale, part).then((texts) => {
      if (live) setShown((current) => (current.texts === texts ? current : { locale, texts }));
    });
    return () => {
      live = false;
    };
  }, [locale, part]);
  // What is loaded already for this language and part shows at once (no render with the former texts).
  const ready = loadedUiTexts(locale, part);
  const current = ready ? { locale, texts: ready } : shown;
  return (
    <LoadedUiTextProvider locale={current.locale} texts={current.texts}>
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
