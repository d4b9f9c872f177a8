export interface LanguageOption {
  /** Language code as the server names it (cz and cs both mean Czech). */
  code: string;
  /** Name in the language itself; a built-in one is used for the six product languages. */
  name?: string;
}

/**
 * The product languages, each named in its own language ("Polski", "Română": the spec's "Polska" is the
 * country, "Românesc" an adjective), with a short text tag instead of an emoji flag: emoji flags show
 * as boxes on Linux and as letters on Windows (issue 14).
 */
export const languageNames: Record<string, { name: string; tag: string }> = {
  cs: { name: 'Čeština', tag: 'CS' },
  cz: { name: 'Čeština', tag: 'CS' },
  en: { name: 'English', tag: 'EN' },
  de: { name: 'Deutsch', tag: 'DE' },
  hu: { name: 'Magyar', tag: 'HU' },
  pl: { name: 'Polski', tag: 'PL' },
  ro: { name: 'Română', tag: 'RO' },
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

export function languageLabel(language: LanguageOption): { name: string; tag: string } {
  const known = languageNames[language.code];
  return {
    name: language.name ?? known?.name ?? language.code,
    tag: known?.tag ?? language.code.slice(0, 2).toUpperCase(),
  };
}
