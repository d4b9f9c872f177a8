import type { Language } from '../constants';

/**
 * The /app page prerendered as HTML (ADR 0066): the web build renders it per language, for a user who
 * may count (PERM_UPLOADINVENTORYLISTS) or not, into `shells/<file>` of its output; the server sends the
 * signed-in user's one inside index.html, with their initials in place of `initials`.
 */
export const APP_SHELL = {
  /** Where the user's initials go (invisible separators around a word no translation contains). */
  initials: '\u2063initials\u2063',
  /** The permission that adds the "count stock" link to the page. */
  countPermission: 'PERM_UPLOADINVENTORYLISTS',
  file: (language: Language, mayCount: boolean): string => `app-${language}${mayCount ? '-count' : ''}.html`,
  /**
   * The interface language the app runs in (the web app writes it whenever it keeps it): the shell's
   * language, before the user's stored one (a language picked on the sign-in page is not stored).
   */
  languageCookie: 'falcon_language',
  /** The element the shell is sent in, before the app's #root: the app removes it when it renders. */
  elementId: 'shell',
} as const;
