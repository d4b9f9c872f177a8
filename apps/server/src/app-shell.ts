import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APP_SHELL,
  initialsOf,
  type Language,
  LOCATION_SHELL,
  type Location,
  type LocationPage,
  locationPagesFor,
} from '@falcon/api-client';
import { languageOf, localeOf } from '@falcon/locales';
import type { FastifyRequest } from 'fastify';
import { type Auth, authOf, SESSION_COOKIE } from './auth/sessions';
import type { AppContext } from './context';
import { API_BASE } from './plugins/contract';

/**
 * Pages prerendered by the web build, sent inside index.html to a signed-in visitor: /app (ADR 0066) and a
 * location's page (ADR 0068). A phone on a slow network paints the page before the app's JavaScript has
 * arrived, and the app removes the shell when it renders its own. Per language (and for /app whether the
 * user may count), with the user's initials and the location's names and counts written in. Read when
 * first sent; none when the build has no shells (a build without them, or the dev server).
 */
export interface AppShells {
  /**
   * index.html with the signed-in user's shell before #root; null for another path, without a valid
   * session or a shell for them (the plain index.html then; a failed session lookup too: the app asks again).
   */
  page(request: FastifyRequest, path: string): Promise<string | null>;
}

/** The location's page (ADR 0068): /location/:code, not its sub-pages. */
const LOCATION_PATH = /^\/location\/([^/]+)\/?$/;
const APP_PATH = /^\/app\/?$/;

const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[a-z-]+">/;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The language of the page: the app's (its cookie) before the user's stored one. */
const languageFor = (request: FastifyRequest, auth: Auth): Language =>
  languageOf(request.cookies[APP_SHELL.languageCookie]) ?? auth.user.language;

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** A place the build left for the server (`APP_SHELL.initials`, `LOCATION_SHELL.values`), as text or inside a link. */
const SLOT = /\u2063[^\u2063]*\u2063|%E2%81%A3(?:(?!%E2%81%A3).)*%E2%81%A3/g;

/**
 * What `GET /rest/v2/location/:code` answers this request (the same session, permission, tenant and field
 * checks as the app's own call), by the places of the location's shell; null for a location the user may
 * not see.
 */
const locationValues = async (
  request: FastifyRequest,
  language: Language,
  code: string,
): Promise<[string, string][] | null> => {
  const answer = await request.server.inject({
    method: 'GET',
    url: `${API_BASE}/rest/v2/location/${encodeURIComponent(code)}`,
    headers: { cookie: request.headers.cookie ?? '' },
  });
  if (answer.statusCode !== 200) return null;
  const location = answer.json() as Location;
  const { values } = LOCATION_SHELL;
  const integers = new Intl.NumberFormat(localeOf(language));
  const codes: [string, string][] = [
    [values.code, location.code],
    [values.branchCode, location.parentBranch.code],
    [values.concernCode, location.parentBranch.parentConcern.code],
  ];
  return [
    // In links as the app writes them (encoded), elsewhere as they are.
    ...codes.map(([slot, value]): [string, string] => [encodeURIComponent(slot), encodeURIComponent(value)]),
    ...codes,
    [values.name, location.name],
    [values.branchName, location.parentBranch.name],
    [values.concernName, location.parentBranch.parentConcern.name],
    [values.containers, integers.format(location.containerCount)],
    [values.alarming, integers.format(location.alarmingCount)],
    [values.shelves, integers.format(location.maxShelves)],
  ];
};

/** The location's shell with only the links to the pages the user may open (`locationPagesFor`). */
const withPagesFor = (shell: string, auth: Auth): string | null => {
  let html = shell;
  const may = locationPagesFor(auth.permissions);
  for (const page of Object.keys(may) as LocationPage[]) {
    const [start, end] = LOCATION_SHELL.optional(page);
    const from = html.indexOf(start);
    const to = html.indexOf(end, from);
    if (from < 0 || to < 0) return null;
    html = may[page]
      ? html.slice(0, from) + html.slice(from + start.length, to) + html.slice(to + end.length)
      : html.slice(0, from) + html.slice(to + end.length);
  }
  return html;
};

export const loadAppShells = (webDist: string, ctx: AppContext): AppShells | null => {
  const index = readFileSync(join(webDist, 'index.html'), 'utf8');
  if (!index.includes(ROOT) || !HTML_LANG.test(index)) return null;
  const shells = new Map<string, string>();
  const shellOf = (file: string): string | null => {
    if (!shells.has(file)) {
      const path = join(webDist, 'shells', file);
      shells.set(file, existsSync(path) ? readFileSync(path, 'utf8') : '');
    }
    return shells.get(file) || null;
  };
  return {
    async page(request, path) {
      const locationCode = path.match(LOCATION_PATH)?.[1];
      if (!APP_PATH.test(path) && !locationCode) return null;
      try {
        const auth = await authOf(
          ctx.db,
          request.cookies[SESSION_COOKIE],
          ctx.now(),
          ctx.sessionMaxMs,
          ctx.sessions,
        );
        if (!auth) return null;
        const language = languageFor(request, auth);
        const { firstname, lastname, username } = auth.user;
        const slots = new Map<string, string>([
          [APP_SHELL.initials, initialsOf(firstname, lastname, username)],
        ]);
        let shell: string | null;
        if (locationCode) {
          const code = decoded(locationCode);
          const built = shellOf(LOCATION_SHELL.file(language));
          const values = code && built ? await locationValues(request, language, code) : null;
          shell = built && values ? withPagesFor(built, auth) : null;
          for (const [slot, value] of values ?? []) slots.set(slot, value);
        } else {
          shell = shellOf(APP_SHELL.file(language, auth.permissions.has(APP_SHELL.countPermission)));
        }
        if (!shell) return null;
        // One pass, escaped: what a user named (a location, themselves) stays text, never a place or a
        // replacement pattern.
        const filled = shell.replace(SLOT, (slot) => {
          const value = slots.get(slot);
          return value === undefined ? slot : escapeHtml(value);
        });
        return (
          index
            .replace(HTML_LANG, `<html lang="${localeOf(language)}">`)
            // Functions: a `$` in what a user named is text, not a replacement pattern.
            .replace(ROOT, () => `<div id="${APP_SHELL.elementId}" inert>${filled}</div>${ROOT}`)
        );
      } catch (error) {
        request.log.warn({ err: error }, 'page shell: failed; index.html without it');
        return null;
      }
    },
  };
};
