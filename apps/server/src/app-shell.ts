import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_SHELL, initialsOf, type Language } from '@falcon/api-client';
import { languageOf, localeOf } from '@falcon/locales';
import type { FastifyRequest } from 'fastify';
import { type Auth, authOf, SESSION_COOKIE } from './auth/sessions';
import type { AppContext } from './context';

/**
 * The /app page prerendered by the web build (ADR 0066), sent inside index.html to a signed-in visitor:
 * a phone on a slow network paints the page before the app's JavaScript has arrived, and the app
 * removes the shell when it renders its own. Per language and whether the user may count; the user's
 * initials written in. Read once at start; none when the build has no shells (a build without them, or
 * the dev server).
 */
export interface AppShells {
  /**
   * index.html with the signed-in user's shell before #root; null for another path, without a valid
   * session or a shell for them (the plain index.html then; a failed session lookup too: the app asks again).
   */
  page(request: FastifyRequest, path: string): Promise<string | null>;
}

/** The page prerendered: /app itself (its count and other pages are not). */
const SHELL_PATH = /^\/app\/?$/;

const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[a-z-]+">/;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The language of the page: the app's (its cookie) before the user's stored one. */
const languageFor = (request: FastifyRequest, auth: Auth): Language =>
  languageOf(request.cookies[APP_SHELL.languageCookie]) ?? auth.user.language;

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
      if (!SHELL_PATH.test(path)) return null;
      let auth: Auth | null;
      try {
        auth = await authOf(
          ctx.db,
          request.cookies[SESSION_COOKIE],
          ctx.now(),
          ctx.sessionMaxMs,
          ctx.sessions,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'app shell: the session lookup failed; index.html without it');
        return null;
      }
      if (!auth) return null;
      const language = languageFor(request, auth);
      const shell = shellOf(APP_SHELL.file(language, auth.permissions.has(APP_SHELL.countPermission)));
      if (!shell) return null;
      const { firstname, lastname, username } = auth.user;
      const filled = shell.replaceAll(
        APP_SHELL.initials,
        escapeHtml(initialsOf(firstname, lastname, username)),
      );
      return index
        .replace(HTML_LANG, `<html lang="${localeOf(language)}">`)
        .replace(ROOT, `<div id="${APP_SHELL.elementId}" inert>${filled}</div>${ROOT}`);
    },
  };
};
