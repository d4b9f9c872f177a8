import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GLOSSARY, glossaryViolations } from './glossary';
import { LOCALES } from './index';

// Every text of every namespace, checked against its language's glossary: one name per thing.
const root = new URL('../', import.meta.url);
const flatten = (value: unknown, prefix = ''): [string, string][] =>
  typeof value === 'string'
    ? [[prefix, value]]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
        flatten(child, prefix ? `${prefix}.${key}` : key),
      );

it.each(LOCALES)('%s names each thing with the word of its glossary, everywhere', (locale) => {
  const found = readdirSync(new URL(`${locale}/`, root))
    .filter((name) => name.endsWith('.json'))
    .flatMap((file) =>
      flatten(JSON.parse(readFileSync(new URL(`${locale}/${file}`, root), 'utf8'))).flatMap(([key, text]) =>
        glossaryViolations(locale, text).map(
          (v) => `${file}:${key}: "${v.word}" for ${v.concept}, the glossary says "${v.term}"`,
        ),
      ),
    );
  expect(found).toEqual([]);
});

it('catches a word outside the glossary (the German selector said "Filiale" and "Standort")', () => {
  expect(glossaryViolations('de', 'Filiale wählen').map((v) => v.concept)).toEqual(['branch']);
  expect(glossaryViolations('de', 'Standorte suchen').map((v) => v.term)).toEqual(['Lagerort']);
  expect(glossaryViolations('de', 'Lagerorte der Niederlassung')).toEqual([]);
  expect(glossaryViolations('hu', 'Telephelyek').map((v) => v.concept)).toEqual(['branch', 'location']);
  expect(glossaryViolations('cs', 'Skladová místa')).toEqual([]);
  expect(glossaryViolations('cs', 'Sklady').map((v) => v.concept)).toEqual(['location']);
});

it('has a term for every thing in every language', () => {
  for (const locale of LOCALES) {
    expect(Object.keys(GLOSSARY[locale]).sort(), locale).toEqual([
      'article',
      'branch',
      'concern',
      'container',
      'location',
      'rack',
      'shelf',
    ]);
  }
});
