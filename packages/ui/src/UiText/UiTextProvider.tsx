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

export const uiTexts: Record<UiLocale, UiTexts> = { cs, de, en, hu, pl, ro };

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

function createValue(locale: UiLocale, overrides?: Partial<UiTexts>): UiTextContextValue {
  const texts = overrides ? { ...uiTexts[locale], ...overrides } : uiTexts[locale];
  return { locale, intl: intlLocale[locale], t: (key, values) => interpolate(texts[key], values) };
}

const defaultValue = createValue('de');
const UiTextContext = createContext<UiTextContextValue>(defaultValue);

export interface UiTextProviderProps {
  /** The app's current language; the product default is 'de'. */
  locale?: UiLocale;
  /** Replace single built-in texts, e.g. with the app's own translations. */
  overrides?: Partial<UiTexts>;
  children: ReactNode;
}

export function UiTextProvider({ locale = 'de', overrides, children }: UiTextProviderProps) {
  const value = useMemo(() => createValue(locale, overrides), [locale, overrides]);
  return <UiTextContext.Provider value={value}>{children}</UiTextContext.Provider>;
}

/** Built-in texts of the library in the provider's language (German without a provider). */
export function useUiText(): UiTextContextValue {
  return useContext(UiTextContext);
}
