import { glossaryViolations, LOCALES } from '@falcon/locales';
import { uiTexts } from '@falcon/ui';
import { expect, it } from 'vitest';

// The widgets' own texts (selector bar, quick search, rack grid, branch map) follow the same glossary as
// the app's translations (packages/locales checks those): the German selector said "Filiale/Standort".
it.each(LOCALES)('the widgets in %s name each thing with the word of its glossary', (locale) => {
  const found = Object.entries(uiTexts[locale]).flatMap(([key, text]) =>
    glossaryViolations(locale, text).map(
      (v) => `${key}: "${v.word}" for ${v.concept}, the glossary says "${v.term}"`,
    ),
  );
  expect(found).toEqual([]);
});
