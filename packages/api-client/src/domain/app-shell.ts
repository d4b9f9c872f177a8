import type { Language } from '../constants';
import type { LocationPage } from './permissions';

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

/** A value the server writes into a prerendered page: a word no translation contains, between invisible separators. */
const slot = (name: string) => `\u2063${name}\u2063`;

/**
 * A location's page prerendered as HTML (ADR 0068): the web build renders /location/:code per language with
 * `values` in place of the location's names, codes and counts, and the location's optional pages (a
 * permission each, `locationPagesFor`) between `optional(page)`'s marks. The server fills in what
 * `GET /rest/v2/location/:code` answers the signed-in user and keeps only the pages they may open.
 */
export const LOCATION_SHELL = {
  file: (language: Language): string => `location-${language}.html`,
  values: {
    code: slot('location.code'),
    name: slot('location.name'),
    branchCode: slot('branch.code'),
    branchName: slot('branch.name'),
    concernCode: slot('concern.code'),
    concernName: slot('concern.name'),
    containers: slot('location.containers'),
    alarming: slot('location.alarming'),
    shelves: slot('location.shelves'),
  },
  /** The marks around an optional page's link. */
  optional: (page: LocationPage): readonly [string, string] => [slot(`if ${page}`), slot(`fi ${page}`)],
} as const;
