import { FALLBACK_LANGUAGES, type LanguageOption } from '@falcon/ui';
import { api } from './api';
import { changeI18nLanguage, toI18nLanguage } from './i18n';
import { normalizeLanguage, setLanguage, state } from './store';

/** Switches the interface language: store (key `language`), i18next, <html lang>, and the user's profile. */
export const changeLanguage = async (code: string) => {
  const language = normalizeLanguage(code);
  if (!language) return;
  setLanguage(language);
  document.documentElement.lang = toI18nLanguage(language);
  await changeI18nLanguage(language);
  if (state.session) {
    // The server keeps it for what it writes in the user's language (exports); a failure is only logged.
    api.profile.setLanguage({ body: { language } }).catch((error: unknown) => console.error(error));
  }
};

/** Spec: when no language list is loaded, de, en, cz, pl, hu, ro. */
export const languageOptions = (codes: readonly string[] | null | undefined): LanguageOption[] =>
  codes && codes.length > 0 ? codes.map((code) => ({ code })) : [...FALLBACK_LANGUAGES];
