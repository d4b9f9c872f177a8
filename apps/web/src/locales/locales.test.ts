import { MESSAGE_KEYS } from '@falcon/api-client';
import { LOCALES as LANGUAGES } from '@falcon/locales';
import type { ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { EAGER_NAMESPACES, LAZY_NAMESPACES, localeBackend, NAMESPACES } from '../lib/i18n';
import loadersSource from '../lib/locale-loaders.ts?raw';

const eagerSources = import.meta.glob<string>('./*/eager.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});

// The translations themselves (every key in all six languages, placeholders, real translations) are
// checked in @falcon/locales; here, that the app's namespaces and loaders match its files.
const files = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>('@falcon/locales/*/*.json', { eager: true, import: 'default' }),
  ).map(([path, texts]) => [`./${path.split('/').slice(-2).join('/')}`, texts]),
);

const flatten = (value: unknown, prefix = ''): Record<string, string> => {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
};

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
      const exported = [
        ...source.matchAll(/export \{ default as (\w+) \} from '@falcon\/locales\/(\w+)\/(\w+)\.json'/g),
      ];
      expect(exported.map((m) => m[1]).sort(), language).toEqual([...EAGER_NAMESPACES].sort());
      expect(
        exported.every((m) => m[2] === language && m[1] === m[3]),
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
    const english = flatten(files['./en/messages.json']);
    expect(MESSAGE_KEYS.filter((key) => !(key in english))).toEqual([]);
  });
});
