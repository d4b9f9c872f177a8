import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, LOCALES, languageOf, localeOf } from './index';

describe('the two names of a language', () => {
  it('maps every API language to a locale and back, Czech being cz in the API and cs as a locale', () => {
    expect(LANGUAGES.map(localeOf)).toEqual(['de', 'en', 'cs', 'pl', 'hu', 'ro']);
    expect([...LANGUAGES.map(localeOf)].sort()).toEqual([...LOCALES]);
    for (const language of LANGUAGES) expect(languageOf(localeOf(language))).toBe(language);
    expect(DEFAULT_LANGUAGE).toBe('de');
  });

  it('reads a language as clients send it: either Czech code, any case, with a region', () => {
    expect(languageOf('cz')).toBe('cz');
    expect(languageOf('cs')).toBe('cz');
    expect(languageOf('cs-CZ')).toBe('cz');
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf(' EN ')).toBe('en');
    expect(languageOf('hu_HU')).toBe('hu');
  });

  it('knows no other language', () => {
    for (const value of ['fr', 'czech', '', 'c', undefined, null, 7, ['de']])
      expect(languageOf(value), String(value)).toBeUndefined();
  });
});
