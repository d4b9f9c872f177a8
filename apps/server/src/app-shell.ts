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

/**
 * The location's shell with what `GET /rest/v2/location/:code` answers this request (the same session,
 * permission, tenant and field checks as the app's own call: a location the user may not see gets no
 * shell), and only the links to the pages they may open.
 */
const fillLocation = async (
  request: FastifyRequest,
  auth: Auth,
  language: Language,
  code: string,
  shell: string,
): Promise<string | null> => {
  const answer = await request.server.inject({
    method: 'GET',
    url: `${API_BASE}/rest/v2/location/${encodeURIComponent(code)}`,
    headers: { cookie: request.headers.cookie ?? '' },
  });
  if (answer.statusCode !== 200) return null;
  const location = answer.json() as Location;
  const values = LOCATION_SHELL.values;
  const integers = new Intl.NumberFormat(localeOf(language));
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
  const codes: [string, string][] = [
    [values.code, location.code],
    [values.branchCode, location.parentBranch.code],
    [values.concernCode, location.parentBranch.parentConcern.code],
  ];
  // In links as the app writes them (encoded), elsewhere as they are.
  for (const [slot, value] of codes)
    html = html
      .replaceAll(encodeURIComponent(slot), () => escapeHtml(encodeURIComponent(value)))
      .replaceAll(slot, () => escapeHtml(value));
  const texts: [string, string][] = [
    [values.name, location.name],
    [values.branchName, location.parentBranch.name],
    [values.concernName, location.parentBranch.parentConcern.name],
    [values.containers, integers.format(location.containerCount)],
    [values.alarming, integers.format(location.alarmingCount)],
    [values.shelves, integers.format(location.maxShelves)],
  ];
  // A function: a `$` in a name is text, not a replacement pattern.
  for (const [slot, value] of texts) html = html.replaceAll(slot, () => escapeHtml(value));
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
        let filled: string | null;
        if (locationCode) {
          const code = decoded(locationCode);
          const shell = shellOf(LOCATION_SHELL.file(language));
          filled = code && shell ? await fillLocation(request, auth, language, code, shell) : null;
        } else {
          filled = shellOf(APP_SHELL.file(language, auth.permissions.has(APP_SHELL.countPermission)));
        }
        if (!filled) return null;
        const { firstname, lastname, username } = auth.user;
        const initials = escapeHtml(initialsOf(firstname, lastname, username));
        filled = filled.replaceAll(APP_SHELL.initials, () => initials);
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
