import type { ResourceKey } from 'i18next';

/**
 * The route namespaces' files (one chunk each), kept out of the entry: this table of 78 loaders loads
 * with the first route that needs a namespace, not with the login page. The eager namespaces' files
 * are in lib/i18n.ts.
 */
const files = import.meta.glob<ResourceKey>(
  ['@falcon/locales/*/*.json', '!@falcon/locales/*/{auth,shell}.json'],
  { import: 'default' },
);
/** By `<language>/<namespace>.json`: the glob's keys are paths relative to this file. */
const loaders = new Map(
  Object.entries(files).map(([path, load]) => [path.split('/').slice(-2).join('/'), load]),
);

export const loadLazyNamespace = (language: string, namespace: string): Promise<ResourceKey> | null =>
  loaders.get(`${language}/${namespace}.json`)?.() ?? null;
