import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { cs } from './locales/cs';
import { de } from './locales/de';
import { deBase } from './locales/de-base';
import { en } from './locales/en';
import { hu } from './locales/hu';
import { pl } from './locales/pl';
import { ro } from './locales/ro';
import type { UiBaseTexts, UiTextKey, UiTexts } from './locales/types';

export const uiLocales = ['cs', 'de', 'en', 'hu', 'pl', 'ro'] as const;
export type UiLocale = (typeof uiLocales)[number];

/** Every language's texts, for `UiTextProvider` (bundles all six; apps use `LoadedUiTextProvider`). */
export const uiTexts: Record<UiLocale, UiTexts> = { cs, de, en, hu, pl, ro };

/**
 * Texts as an app holds them: at least the base part (what a page needs before its first paint), the
 * rest once loaded. A key that is not there yet reads as the key itself.
 */
export type UiTextSet = UiBaseTexts & Partial<UiTexts>;
/** `'base'`: what a page needs before its first paint; `'all'`: every built-in text. */
export type UiTextPart = 'base' | 'all';

/**
 * One language at a time, for apps, in two parts: the base texts (common words, sign-in form, footer,
 * select: what a page needs before its first paint; German is built in) and all texts. Every other part
 * is a chunk of its own, loaded when first asked for, so a sign-in page loads no widget's texts.
 */
const loaded: Partial<Record<UiLocale, UiTexts>> = {};
const loadedBase: Partial<Record<UiLocale, UiBaseTexts>> = { de: deBase };
const loaders: Record<UiLocale, () => Promise<UiTexts>> = {
  cs: () => import('./locales/cs').then((m) => m.cs),
  de: () => import('./locales/de').then((m) => m.de),
  en: () => import('./locales/en').then((m) => m.en),
  hu: () => import('./locales/hu').then((m) => m.hu),
  pl: () => import('./locales/pl').then((m) => m.pl),
  ro: () => import('./locales/ro').then((m) => m.ro),
};
const baseLoaders: Record<UiLocale, () => Promise<UiBaseTexts>> = {
  cs: () => import('./locales/cs-base').then((m) => m.csBase),
  // German's base texts are built in (loadedBase); a request for them still imports the module, which
  // keeps it a chunk of its own in this library's build, apart from the rest of the German texts.
  de: () => import('./locales/de-base').then((m) => m.deBase),
  en: () => import('./locales/en-base').then((m) => m.enBase),
  hu: () => import('./locales/hu-base').then((m) => m.huBase),
  pl: () => import('./locales/pl-base').then((m) => m.plBase),
  ro: () => import('./locales/ro-base').then((m) => m.roBase),
};
const pending = new Map<string, Promise<UiTextSet>>();

/**
 * Loads a language's built-in texts, once (the same promise for every caller): all of them, or with
 * `'base'` only what a page needs before its first paint. Apps await it before showing a language.
 * Never rejects: when a chunk cannot load, the German base texts stand in.
 */
export function loadUiTexts(locale: UiLocale, part: UiTextPart = 'all'): Promise<UiTextSet> {
  const ready = part === 'all' ? loaded[locale] : (loaded[locale] ?? loadedBase[locale]);
  if (ready) return Promise.resolve(ready);
  const key = `${locale}:${part}`;
  let load = pending.get(key);
  if (!load) {
    const request: Promise<UiTextSet> =
      part === 'all'
        ? loaders[locale]().then((texts) => {
            loaded[locale] = texts;
            return texts;
          })
        : baseLoaders[locale]().then((texts) => {
            loadedBase[locale] = texts;
            return texts;
          });
    load = request.catch((error: unknown) => {
      console.error(`@falcon/ui: the ${locale} texts did not load`, error);
      return deBase;
    });
    pending.set(key, load);
  }
  return load;
}

/** The texts of a language if they are loaded already: all of them, or the base part (German's always is). */
export function loadedUiTexts(locale: UiLocale, part: UiTextPart = 'all'): UiTextSet | undefined {
  return part === 'all' ? loaded[locale] : (loaded[locale] ?? loadedBase[locale]);
}

/** BCP 47 tags used for number and date formatting. */
export const intlLocale: Record<UiLocale, string> = {
  cs: 'cs-CZ',
  de: 'de-DE',
  en: 'en-GB',
  hu: 'hu-HU',
  pl: 'pl-PL',
  ro: 'ro-RO',
};

export type UiTextValues = Record<string, string | number>;

export interface UiTextContextValue {
  locale: UiLocale;
  /** BCP 47 tag for Intl formatters. */
  intl: string;
  t: (key: UiTextKey, values?: UiTextValues) => string;
}

export function interpolate(template: string, values?: UiTextValues): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

function createValue(locale: UiLocale, base: UiTextSet, overrides?: Partial<UiTexts>): UiTextContextValue {
  const texts: Partial<UiTexts> = overrides ? { ...base, ...overrides } : base;
  return { locale, intl: intlLocale[locale], t: (key, values) => interpolate(texts[key] ?? key, values) };
}

// Without a provider: German, the base texts (a widget's own texts need a provider that has them).
const defaultValue = createValue('de', deBase);
const UiTextContext = createContext<UiTextContextValue>(defaultValue);

export interface UiTextProviderProps {
  /** The app's current language; the product default is 'de'. */
  locale?: UiLocale;
  /** Replace single built-in texts, e.g. with the app's own translations. */
  overrides?: Partial<UiTexts>;
  children: ReactNode;
}

/**
 * The library's texts in any of the six languages, all bundled: Storybook, tests, small tools. An app
 * that ships one language at a time uses `LoadedUiTextProvider` with `loadUiTexts` instead.
 */
export function UiTextProvider({ locale = 'de', overrides, children }: UiTextProviderProps) {
  const value = useMemo(() => createValue(locale, uiTexts[locale], overrides), [locale, overrides]);
  return <UiTextContext.Provider value={value}>{children}</UiTextContext.Provider>;
}

export interface LoadedUiTextProviderProps extends UiTextProviderProps {
  /** The texts of `locale`, from `await loadUiTexts(locale)` (or `loadUiTexts(locale, 'base')`). */
  texts: UiTextSet;
}

/**
 * The library's texts from one loaded language: only German's base texts and what the app loads with
 * `loadUiTexts` end up in its bundle.
 */
export function LoadedUiTextProvider({
  locale = 'de',
  texts,
  overrides,
  children,
}: LoadedUiTextProviderProps) {
  const value = useMemo(() => createValue(locale, texts, overrides), [locale, texts, overrides]);
  return <UiTextContext.Provider value={value}>{children}</UiTextContext.Provider>;
}

/** Built-in texts of the library in the provider's language (German's base texts without a provider). */
export function useUiText(): UiTextContextValue {
  return useContext(UiTextContext);
}
