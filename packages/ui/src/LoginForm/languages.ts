export interface LanguageOption {
  /** Language code as the server names it (cz and cs both mean Czech). */
  code: string;
  /** Name in the language itself; a built-in one is used for the six product languages. */
  name?: string;
}

/** Spec: names and flags of the product languages, each in its own language. */
export const languageNames: Record<string, { name: string; flag: string }> = {
  cs: { name: 'Česky', flag: '🇨🇿' },
  cz: { name: 'Česky', flag: '🇨🇿' },
  en: { name: 'English', flag: '🇬🇧' },
  de: { name: 'Deutsch', flag: '🇩🇪' },
  hu: { name: 'Magyar', flag: '🇭🇺' },
  pl: { name: 'Polska', flag: '🇵🇱' },
  ro: { name: 'Românesc', flag: '🇷🇴' },
};

/** Spec: the fallback list when the server lists none. */
export const FALLBACK_LANGUAGES: readonly LanguageOption[] = ['de', 'en', 'cz', 'pl', 'hu', 'ro'].map(
  (code) => ({ code }),
);

/** The current language first, the others in the given order. */
export function orderLanguages(languages: readonly LanguageOption[], current: string): LanguageOption[] {
  const list = languages.length > 0 ? languages : FALLBACK_LANGUAGES;
  const same = (code: string) =>
    code === current || (['cs', 'cz'].includes(code) && ['cs', 'cz'].includes(current));
  return [...list.filter((l) => same(l.code)), ...list.filter((l) => !same(l.code))];
}

export function languageLabel(language: LanguageOption): { name: string; flag: string } {
  const known = languageNames[language.code];
  return { name: language.name ?? known?.name ?? language.code, flag: known?.flag ?? '' };
}
