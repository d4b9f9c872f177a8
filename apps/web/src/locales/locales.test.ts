import { MESSAGE_KEYS } from '@falcon/api-client';
import type { ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { EAGER_NAMESPACES, LAZY_NAMESPACES, localeBackend, NAMESPACES } from '../lib/i18n';
import loadersSource from '../lib/locale-loaders.ts?raw';

const eagerSources = import.meta.glob<string>('./*/eager.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});

const ALL_NAMESPACES = NAMESPACES;

// Every language file, read eagerly for the check (the app loads them lazily).
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
const LANGUAGES = ['cs', 'de', 'en', 'hu', 'pl', 'ro'] as const;

const flatten = (value: unknown, prefix = ''): Record<string, string> => {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
};
const texts = (language: string, namespace: string) => {
  const file = files[`./${language}/${namespace}.json`];
  if (!file) throw new Error(`locales/${language}/${namespace}.json is missing`);
  return flatten(file);
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(ALL_NAMESPACES)('translations of %s', (namespace) => {
  const english = texts('en', namespace);

  it.each(LANGUAGES)('%s has every key, each a non-empty text with the same placeholders', (language) => {
    const other = texts(language, namespace);
    expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(other)) {
      expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe('');
      expect(placeholders(text), `${language}/${namespace}:${key}`).toEqual(placeholders(english[key] ?? ''));
    }
  });
});

describe('translations are real, not English copies', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s differs from English in most texts', (language) => {
    let same = 0;
    let total = 0;
    for (const namespace of ALL_NAMESPACES) {
      const english = texts('en', namespace);
      for (const [key, text] of Object.entries(texts(language, namespace))) {
        total += 1;
        if (text === english[key]) same += 1;
      }
    }
    // Names, codes and a few international words (Profil, Container) may match.
    expect(same / total).toBeLessThan(0.2);
  });
});

describe('namespaces', () => {
  it('every language file is a known namespace, loaded either at start or by the routes', () => {
    for (const language of LANGUAGES) {
      const onDisk = Object.keys(files)
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.slice(`./${language}/`.length, -'.json'.length))
        .sort();
      expect(onDisk, language).toEqual([...NAMESPACES].sort());
    }
    expect(EAGER_NAMESPACES.filter((ns) => (LAZY_NAMESPACES as readonly string[]).includes(ns))).toEqual([]);
  });

  it("each language's eager module and the route loaders' pattern name exactly EAGER_NAMESPACES", () => {
    const named = (source: string) =>
      source
        .match(/locales\/\*\/\{([\w,]+)\}\.json/)?.[1]
        ?.split(',')
        .sort();
    expect(named(loadersSource)).toEqual([...EAGER_NAMESPACES].sort());
    for (const language of LANGUAGES) {
      const source = eagerSources[`./${language}/eager.ts`] ?? '';
      const exported = [...source.matchAll(/export \{ default as (\w+) \} from '\.\/(\w+)\.json'/g)];
      expect(exported.map((m) => m[1]).sort(), language).toEqual([...EAGER_NAMESPACES].sort());
      expect(
        exported.every((m) => m[1] === m[2]),
        language,
      ).toBe(true);
    }
  });

  it('the app loads every namespace in every language (eager from the entry, the rest on demand)', async () => {
    const read = (language: string, namespace: string) =>
      new Promise<ResourceKey>((resolve, reject) =>
        localeBackend.read(language, namespace, (error, data) =>
          error ? reject(error) : resolve(data as ResourceKey),
        ),
      );
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        expect(await read(language, namespace), `${language}/${namespace}`).toEqual(
          files[`./${language}/${namespace}.json`],
        );
      }
    }
  });
});

describe('server message keys', () => {
  it('every message key of the contract has a text', () => {
    const english = texts('en', 'messages');
    expect(MESSAGE_KEYS.filter((key) => !(key in english))).toEqual([]);
  });
});
