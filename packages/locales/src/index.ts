// Falcon's six interface languages, under the two names each has. The API (spec section 1: the `lang`
// parameter, users' and locations' language, the language list) writes Czech `cz`; i18next, Intl, BCP 47
// and the translation folders of this package write `cs`. The mapping between the two is written here
// and nowhere else.

/** The interface languages as the API names them, in the spec's order (the fallback language list). */
export const LANGUAGES = ['de', 'en', 'cz', 'pl', 'hu', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** The same languages as i18next, Intl and this package's folders (`<locale>/<namespace>.json`) name them. */
export const LOCALES = ['cs', 'de', 'en', 'hu', 'pl', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];

/** Czech: the API's code and the locale's. */
const CZECH = { language: 'cz', locale: 'cs' } as const;

/** The locale (i18next, Intl, translation folder) of an API language. */
export const localeOf = (language: Language): Locale =>
  language === CZECH.language ? CZECH.locale : language;

/**
 * The API language of a value as clients send it: an API code or a locale (`cz` and `cs` both mean
 * Czech), any case, with or without a region (`de-AT`); undefined for anything else.
 */
export const languageOf = (value: unknown): Language | undefined => {
  if (typeof value !== 'string') return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const language = base === CZECH.locale ? CZECH.language : base;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : undefined;
};
export * from './glossary';
