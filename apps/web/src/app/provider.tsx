import { ThemeProvider, ToastProvider, UiTextProvider } from '@falcon/ui';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createGlobalStyle } from 'styled-components';
import { useSnapshot } from 'valtio';
import { i18n, toI18nLanguage } from '../lib/i18n';
import { state } from '../lib/store';

/** The library's built-in texts in the app's language; the inactivity message is the spec's logout_warning. */
function UiTexts({ children }: { children: ReactNode }) {
  const { language } = useSnapshot(state);
  const { t } = useTranslation('messages');
  // {seconds} stays a placeholder: the banner fills it in every second.
  const overrides = { 'inactivity.message': t('logout_warning', { seconds: '{seconds}' }) };
  return (
    <UiTextProvider locale={toI18nLanguage(language)} overrides={overrides}>
      {children}
    </UiTextProvider>
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
        <UiTexts>
          <ToastProvider>{children}</ToastProvider>
        </UiTexts>
      </ThemeProvider>
    </I18nextProvider>
  );
}
