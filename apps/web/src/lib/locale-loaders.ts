import type { ResourceKey } from 'i18next';

/**
 * The route namespaces' files (one chunk each), kept out of the entry: this table of 72 loaders loads
 * with the first route that needs a namespace, not with the login page. The eager namespaces' files
 * are in lib/i18n.ts.
 */
const files = import.meta.glob<ResourceKey>(['../locales/*/*.json', '!../locales/*/{auth,shell}.json'], {
  import: 'default',
});

export const loadLazyNamespace = (language: string, namespace: string): Promise<ResourceKey> | null =>
  files[`../locales/${language}/${namespace}.json`]?.() ?? null;
