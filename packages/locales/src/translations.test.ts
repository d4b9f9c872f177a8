import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './index';

// Every translation file of the package, one folder per locale: each namespace in all six languages,
// every key with a text, the same placeholders as English, and real translations rather than copies.
const root = new URL('../', import.meta.url);
const namespacesOf = (locale: string) =>
  readdirSync(new URL(`${locale}/`, root))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
const NAMESPACES = namespacesOf('en');

const flatten = (value: unknown, prefix = ''): Record<string, string> => {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
};
const texts = (locale: string, namespace: string) =>
  flatten(JSON.parse(readFileSync(new URL(`${locale}/${namespace}.json`, root), 'utf8')));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

it('every language has the same namespaces', () => {
  expect(NAMESPACES.length).toBeGreaterThan(0);
  for (const locale of LOCALES) expect(namespacesOf(locale), locale).toEqual(NAMESPACES);
});

describe.each(NAMESPACES)('translations of %s', (namespace) => {
  const english = texts('en', namespace);

  it.each(LOCALES)('%s has every key, each a non-empty text with the same placeholders', (locale) => {
    const other = texts(locale, namespace);
    expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(other)) {
      expect(text.trim(), `${locale}/${namespace}:${key}`).not.toBe('');
      expect(placeholders(text), `${locale}/${namespace}:${key}`).toEqual(placeholders(english[key] ?? ''));
    }
  });
});

describe('translations are real, not English copies', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s differs from English in most texts', (locale) => {
    let same = 0;
    let total = 0;
    for (const namespace of NAMESPACES) {
      const english = texts('en', namespace);
      for (const [key, text] of Object.entries(texts(locale, namespace))) {
        total += 1;
        if (text === english[key]) same += 1;
      }
    }
    // Names, codes and a few international words (Profil, Container) may match.
    expect(same / total).toBeLessThan(0.2);
  });
});
