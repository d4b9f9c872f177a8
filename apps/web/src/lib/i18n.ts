import { DEFAULT_LANGUAGE, type Language } from '@falcon/api-client';
import { intlLocale, type UiLocale } from '@falcon/ui';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Translation namespaces: one per feature, plus common and the server's message keys. */
export const NAMESPACES = [
  'common',
  'messages',
  'auth',
  'shell',
  'dashboard',
  'org',
  'location',
  'admin',
  'reviews',
  'lists',
  'scanner',
  'profile',
] as const;
/** Namespaces loaded only when a page asks for them (useTranslation loads them on first use). */
export const LAZY_NAMESPACES = ['legal'] as const;
export type Namespace = (typeof NAMESPACES)[number] | (typeof LAZY_NAMESPACES)[number];

/** The product shows and sends cz; i18next, Intl and the ui library use cs. */
export const toI18nLanguage = (language: Language): UiLocale => (language === 'cz' ? 'cs' : language);
export const FALLBACK_I18N_LANGUAGE: UiLocale = toI18nLanguage(DEFAULT_LANGUAGE);

/** BCP 47 tag for Intl number and date formatting. */
export const intlTag = (language: Language): string => intlLocale[toI18nLanguage(language)];

// One chunk per file: only the current language (and the de fallback) is ever downloaded.
const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

/** Starts i18next in the given language; resolves when its texts (and the de fallback) are loaded. */
export const initI18n = async (language: Language): Promise<I18n> => {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(toI18nLanguage(language));
    return i18n;
  }
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: toI18nLanguage(language),
      fallbackLng: FALLBACK_I18N_LANGUAGE,
      supportedLngs: ['cs', 'de', 'en', 'hu', 'pl', 'ro'],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      // The spec and the ui library write placeholders as {name}.
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnNull: false,
      react: { useSuspense: false },
    });
  return i18n;
};

export const changeI18nLanguage = (language: Language) => i18n.changeLanguage(toI18nLanguage(language));
