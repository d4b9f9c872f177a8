import type { Language } from '@falcon/api-client';
import { LOCALES, localeOf } from '@falcon/locales';
import { intlLocale, loadUiTexts, type UiLocale, type UiTextPart } from '@falcon/ui';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { EAGER_NAMESPACES, type Namespace } from './namespaces';

export {
  EAGER_NAMESPACES,
  LAZY_NAMESPACES,
  NAMESPACES,
  type Namespace,
} from './namespaces';

/** The product shows and sends cz; i18next, Intl and the ui library use cs (the one mapping: @falcon/locales). */
export const toI18nLanguage: (language: Language) => UiLocale = localeOf;

/** BCP 47 tag for Intl number and date formatting. */
export const intlTag = (language: Language): string => intlLocale[toI18nLanguage(language)];

// Only the current language's namespaces in use are ever downloaded. The eager ones (EAGER_NAMESPACES)
// are one module per language, locales/<language>/eager.ts (one chunk each, vite.config.ts); the routes'
// ones load through lib/locale-loaders.ts, whose table of loaders is not part of the entry.
const eagerFiles = import.meta.glob<Record<string, ResourceKey>>('../locales/*/eager.ts');

const readLocale = async (language: string, namespace: string): Promise<ResourceKey> => {
  const eager = eagerFiles[`../locales/${language}/eager.ts`];
  const load = (EAGER_NAMESPACES as readonly string[]).includes(namespace)
    ? eager?.().then((texts) => texts[namespace])
    : (await import('./locale-loaders')).loadLazyNamespace(language, namespace);
  if (!load) throw new Error(`No translations for ${language}/${namespace}`);
  const texts = await load;
  if (!texts) throw new Error(`No translations for ${language}/${namespace}`);
  return texts;
};

/** i18next's backend: each language and namespace from its own file (exported for the locale test). */
export const localeBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    readLocale(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

/**
 * Which of the ui library's built-in texts the app loads: the base part (common words, sign-in form,
 * footer, select) until the signed-in frame asks for all of them (its widgets' texts, loadAllUiTexts),
 * so the login page loads none of the widgets' texts. The provider (app/provider.tsx) follows it.
 */
let uiTextPart: UiTextPart = 'base';
const uiTextPartListeners = new Set<() => void>();
export const getUiTextPart = (): UiTextPart => uiTextPart;
export const subscribeUiTextPart = (listener: () => void) => {
  uiTextPartListeners.add(listener);
  return () => {
    uiTextPartListeners.delete(listener);
  };
};

/** The signed-in frame: all of the ui library's texts from now on; resolves when the language's are there. */
export const loadAllUiTexts = async (language: Language): Promise<void> => {
  await loadUiTexts(toI18nLanguage(language), 'all');
  if (uiTextPart === 'all') return;
  uiTextPart = 'all';
  for (const listener of uiTextPartListeners) listener();
};

export const i18n: I18n = i18next.createInstance();
/** The first initI18n: namespaces asked for meanwhile (the first route starts with the app) wait for it. */
let started: Promise<unknown> | null = null;

/** Starts i18next in the given language; resolves when its eager namespaces and the ui library's texts (in use) are loaded. */
export const initI18n = async (language: Language): Promise<I18n> => {
  if (i18n.isInitialized) {
    await changeI18nLanguage(language);
    return i18n;
  }
  const uiTexts = loadUiTexts(toI18nLanguage(language), uiTextPart);
  started = i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: toI18nLanguage(language),
      // No fallback download: the locale test proves every key exists in all six languages, and a
      // fallback would fetch each namespace twice for every non-German user.
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      ns: [...EAGER_NAMESPACES],
      defaultNS: 'common',
      // The spec and the ui library write placeholders as {name}.
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnNull: false,
      react: { useSuspense: false },
    });
  await started;
  await uiTexts;
  return i18n;
};

/** Loads namespaces (in the current language; later language changes load them too) before a screen renders. */
export const loadNamespaces = async (namespaces: readonly Namespace[]): Promise<void> => {
  if (namespaces.length === 0) return;
  await started;
  await i18n.loadNamespaces([...namespaces]);
};

/** Switches i18next and the ui library's built-in texts; resolves when both are loaded. */
export const changeI18nLanguage = async (language: Language): Promise<void> => {
  const lng = toI18nLanguage(language);
  await Promise.all([i18n.changeLanguage(lng), loadUiTexts(lng, uiTextPart)]);
};

/**
 * "in 30 seconds", "in 2 minutes" in the interface language (the platform's grammar): the `{when}` of
 * too_many_requests. Without a wait from the server, a minute.
 */
export const waitText = (seconds = 60): string => {
  const minutes = seconds >= 90;
  return new Intl.RelativeTimeFormat(i18n.language).format(
    minutes ? Math.ceil(seconds / 60) : seconds,
    minutes ? 'minute' : 'second',
  );
};
