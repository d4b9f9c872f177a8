import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { cs } from './locales/cs';
import { de } from './locales/de';
import { en } from './locales/en';
import { hu } from './locales/hu';
import { pl } from './locales/pl';
import { ro } from './locales/ro';
import type { UiTextKey, UiTexts } from './locales/types';

export const uiLocales = ['cs', 'de', 'en', 'hu', 'pl', 'ro'] as const;
export type UiLocale = (typeof uiLocales)[number];

/** Every language's texts, for `UiTextProvider` (bundles all six; apps use `LoadedUiTextProvider`). */
export const uiTexts: Record<UiLocale, UiTexts> = { cs, de, en, hu, pl, ro };

/**
 * One language at a time, for apps: German (the product default, used without a provider) is always
 * there; the other five are separate chunks, loaded when first asked for.
 */
const loaded: Partial<Record<UiLocale, UiTexts>> = { de };
const loaders: Record<UiLocale, () => Promise<UiTexts>> = {
  cs: () => import('./locales/cs').then((m) => m.cs),
  de: async () => de,
  en: () => import('./locales/en').then((m) => m.en),
  hu: () => import('./locales/hu').then((m) => m.hu),
  pl: () => import('./locales/pl').then((m) => m.pl),
  ro: () => import('./locales/ro').then((m) => m.ro),
};
const pending = new Map<UiLocale, Promise<UiTexts>>();

/**
 * Loads a language's built-in texts, once (the same promise for every caller). Apps await it before
 * showing a language. Never rejects: when the chunk cannot load, the German texts stand in.
 */
export function loadUiTexts(locale: UiLocale): Promise<UiTexts> {
  const ready = loaded[locale];
  if (ready) return Promise.resolve(ready);
  let load = pending.get(locale);
  if (!load) {
    load = loaders[locale]().then(
      (texts) => {
        loaded[locale] = texts;
        return texts;
      },
      (error: unknown) => {
        console.error(`@falcon/ui: the ${locale} texts did not load`, error);
        return de;
      },
    );
    pending.set(locale, load);
  }
  return load;
}

/** The texts of a language if they are loaded already (German always is). */
export function loadedUiTexts(locale: UiLocale): UiTexts | undefined {
  return loaded[locale];
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

function createValue(locale: UiLocale, base: UiTexts, overrides?: Partial<UiTexts>): UiTextContextValue {
  const texts = overrides ? { ...base, ...overrides } : base;
  return { locale, intl: intlLocale[locale], t: (key, values) => interpolate(texts[key], values) };
}

const defaultValue = createValue('de', de);
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
  /** The texts of `locale`, from `await loadUiTexts(locale)`. */
  texts: UiTexts;
}

/**
 * The library's texts from one loaded language: only German (the default) and the languages the app
 * loads with `loadUiTexts` end up in its bundle.
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

/** Built-in texts of the library in the provider's language (German without a provider). */
export function useUiText(): UiTextContextValue {
  return useContext(UiTextContext);
}
