import { ROUTE_PERMISSIONS } from '@falcon/api-client';
import { languageOf, localeOf } from '@falcon/locales';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authOf, SESSION_COOKIE } from '../auth/sessions';
import type { AppContext } from '../context';
import * as t from '../db/schema';
import { devPageWords } from './compose';

/** The newest mails shown. */
const SHOWN = 200;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The developers' mailbox (ADR 0065): registered only when no SMTP server is configured outside
 * production (`npm start` with the demo data). It shows the outbox as the mails would have arrived,
 * newest first: a signed-in user sees the mails to them (sign in as the clerk to read the clerk's), an
 * administrator (unrestricted scope and PERM_SYSADMIN) all of them. Without a session: the login page.
 */
export const registerDevMailbox = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/dev/mail', async (request, reply) => {
    const auth = await authOf(
      ctx.db,
      request.cookies[SESSION_COOKIE],
      ctx.now(),
      ctx.sessionMaxMs,
      ctx.sessions,
    );
    reply.header('Cache-Control', 'no-store');
    if (!auth) return reply.redirect('/login');
    const all = auth.scope.all && auth.permissions.has(ROUTE_PERMISSIONS.sysAdmin);
    const rows = await ctx.db
      .select()
      .from(t.mailOutbox)
      .where(all ? undefined : eq(t.mailOutbox.userId, auth.user.id))
      .orderBy(desc(t.mailOutbox.createdAt), desc(t.mailOutbox.id))
      .limit(SHOWN);
    const language = languageOf((request.query as Record<string, unknown>).lang) ?? auth.user.language;
    const w = devPageWords(language);
    const locale = localeOf(language);
    const when = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: 'Europe/Berlin',
    });
    const intro = all ? w.introAll : w.intro.replace('{user}', auth.user.username);
    const mails = rows.map(
      (m) => `<article aria-label="${escapeHtml(m.subject)}">
<h2>${escapeHtml(m.subject)}</h2>
<dl><dt>${escapeHtml(w.to)}</dt><dd>${escapeHtml(m.toAddress)}</dd>
<dt>${escapeHtml(w.state)}</dt><dd>${escapeHtml(w[m.state])}${m.result ? ` (${escapeHtml(m.result)})` : ''}</dd>
<dt>${escapeHtml(w.createdAt)}</dt><dd>${escapeHtml(when.format(m.createdAt))}</dd></dl>
<pre>${escapeHtml(m.text)}</pre>
</article>`,
    );
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(w.title)}</title>
<style>body{font-family:sans-serif;margin:2rem;max-width:60rem}article{border-top:1px solid #999;padding:.5rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dd{margin:0}pre{white-space:pre-wrap;background:#f4f4f4;padding:.75rem}</style>
</head><body><main><h1>${escapeHtml(w.title)}</h1><p>${escapeHtml(intro)}</p>
${mails.length ? mails.join('\n') : `<p>${escapeHtml(w.empty)}</p>`}
</main></body></html>`);
  });
};
