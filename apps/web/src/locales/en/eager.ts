// The namespaces every page needs before its first paint (EAGER_NAMESPACES, lib/namespaces.ts) in one
// module per language: the app's start imports one file, not one per namespace (lib/i18n.ts).
export { default as auth } from '@falcon/locales/en/auth.json';
export { default as shell } from '@falcon/locales/en/shell.json';
