import { createRequire } from 'node:module';
import type { Container, ReviewRequest, ReviewState, ReviewType } from '@falcon/api-client';
import { type Language, localeOf } from '@falcon/locales';
import type notificationTexts from '@falcon/locales/en/notifications.json';

const require = createRequire(import.meta.url);

/** The words of one language: the mails' own (notifications.json) and those the web app shows for the same things. */
interface Words {
  mail: (typeof notificationTexts)['mail'];
  types: Record<ReviewType, string>;
  states: Record<ReviewState, string>;
  change: Record<string, string>;
  locale: string;
}

const wordsCache = new Map<Language, Words>();
const wordsOf = (language: Language): Words => {
  let words = wordsCache.get(language);
  if (!words) {
    const locale = localeOf(language);
    const own = require(`@falcon/locales/${locale}/notifications.json`) as typeof notificationTexts;
    const common = require(`@falcon/locales/${locale}/common.json`) as {
      review: { type: Record<ReviewType, string>; state: Record<ReviewState, string> };
    };
    const reviews = require(`@falcon/locales/${locale}/reviews.json`) as { change: Record<string, string> };
    words = {
      mail: own.mail,
      types: common.review.type,
      states: common.review.state,
      change: reviews.change,
      locale,
    };
    wordsCache.set(language, words);
  }
  return words;
};

/** The language's texts of the developers' mailbox page (mail/dev-page.ts). */
export const devPageWords = (language: Language) =>
  (require(`@falcon/locales/${localeOf(language)}/notifications.json`) as typeof notificationTexts).devMail;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

type Values = Record<string, string | number>;

/** A template's `{name}`s filled in: as plain text, or as HTML (escaped; `{link}` becomes a link). */
const fill = (template: string, values: Values, html: boolean): string =>
  template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      const value = name === undefined ? undefined : values[name];
      if (value === undefined) return html ? escapeHtml(part) : part;
      if (!html) return String(value);
      const text = escapeHtml(String(value));
      return name === 'link' ? `<a href="${text}">${text}</a>` : text;
    })
    .join('');

type Line = readonly [template: string, values?: Values];

/** A mail's body, written once as plain text and as HTML. */
class Body {
  private readonly text: string[] = [];
  private readonly html: string[] = [];

  /** A paragraph of one or more lines. */
  para(...lines: Line[]) {
    if (!lines.length) return this;
    this.text.push(lines.map(([t, v = {}]) => fill(t, v, false)).join('\n'));
    this.html.push(`<p>${lines.map(([t, v = {}]) => fill(t, v, true)).join('<br>')}</p>`);
    return this;
  }

  list(items: Line[]) {
    if (!items.length) return this;
    this.text.push(items.map(([t, v = {}]) => `- ${fill(t, v, false)}`).join('\n'));
    this.html.push(`<ul>${items.map(([t, v = {}]) => `<li>${fill(t, v, true)}</li>`).join('')}</ul>`);
    return this;
  }

  done(subject: string): ComposedMail {
    return {
      subject,
      text: `${this.text.join('\n\n')}\n`,
      html: `<!doctype html><html><body style="font-family:sans-serif">${this.html.join('\n')}</body></html>`,
    };
  }
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** Whom a mail is for: its greeting, language and the profile link of its footer. */
export interface Recipient {
  userId: string;
  name: string;
  language: Language;
}

interface MailLinks {
  /** Where users open Falcon, without a trailing slash. */
  publicUrl: string;
}

/** Spec: numbers with exactly two fraction digits, in the reader's notation. */
const numberIn = (locale: string, n: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** Times as the product shows them: Europe/Berlin (the queue's and the exports' zone). */
const dateTimeIn = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));

const dateIn = (locale: string, isoDate: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/** What the request asks for, in words, from what the reader may see of it (null: nothing to add). */
const changeOf = (r: ReviewRequest, w: Words): Line | null => {
  const p = r.payload;
  const n = (value: number) => numberIn(w.locale, value);
  switch (r.type) {
    case 'scan':
      return [w.change.scan ?? ''];
    case 'deactivate':
      return [w.change.deactivate ?? ''];
    case 'changequantity':
      if (p.fillingQuantity === undefined) return null;
      return p.previousFillingQuantity === undefined
        ? [w.change.quantityTo ?? '', { to: n(p.fillingQuantity) }]
        : [w.change.quantityFromTo ?? '', { from: n(p.previousFillingQuantity), to: n(p.fillingQuantity) }];
    case 'additionalorder':
      return p.factor === undefined || !p.additionalOrderDate
        ? null
        : [w.change.order ?? '', { factor: n(p.factor), date: dateIn(w.locale, p.additionalOrderDate) }];
    case 'inventorytransfer':
      return p.inventoryListId ? [w.change.inventory ?? '', { id: p.inventoryListId }] : null;
    case 'rackscan':
      return [w.change.rackscan ?? '', { rack: p.rackName ?? '', count: p.containerCount ?? 0 }];
    default:
      return null;
  }
};

/** The facts of a request both mails list: location, container or rack, change, message. */
const factsOf = (r: ReviewRequest, w: Words): Line[] => {
  const m = w.mail;
  const container = [r.containerCode, r.articleName].filter((v): v is string => Boolean(v)).join(' – ');
  const change = changeOf(r, w);
  return [
    [m.location, { location: `${r.locationName} (${r.locationCode})` }],
    ...(container ? ([[m.container, { container }]] as Line[]) : []),
    ...(!container && r.payload.rackName ? ([[m.rack, { rack: r.payload.rackName }]] as Line[]) : []),
    ...(change ? ([[m.change, { change: fill(change[0], change[1] ?? {}, false) }]] as Line[]) : []),
    ...(r.payload.message ? ([[m.message, { message: r.payload.message }]] as Line[]) : []),
    [m.requestedAt, { date: dateTimeIn(w.locale, r.requestedAt) }],
  ];
};

/**
 * The recipient's notification preferences (their profile, at its notifications section): the footer's
 * link and the List-Unsubscribe header (RFC 2369) point there; changing them needs the user signed in.
 */
export const preferencesUrl = (publicUrl: string, userId: string) =>
  `${publicUrl}/profile/${encodeURIComponent(userId)}#notifications`;

const footer = (body: Body, w: Words, to: Recipient, links: MailLinks) =>
  body.para([w.mail.footer, { link: preferencesUrl(links.publicUrl, to.userId) }]);

/**
 * A request waits for the clerk `to`. `request` is the request as `to` may see it (the field filter
 * applied with the recipient's grants).
 */
export const requestArrivedMail = (
  to: Recipient,
  request: ReviewRequest,
  requester: string,
  links: MailLinks,
): ComposedMail => {
  const w = wordsOf(to.language);
  const type = w.types[request.type];
  const body = new Body()
    .para([w.mail.greeting, { name: to.name }])
    .para([w.mail.arrived.intro, { requester, type }])
    .para(...factsOf(request, w))
    .para([w.mail.arrived.open, { link: `${links.publicUrl}/reviews` }]);
  return footer(body, w, to, links).done(
    fill(w.mail.arrived.subject, { type, location: request.locationName }, false),
  );
};

/** The requester `to` learns the decision on their request (as they may see it). */
export const requestDecidedMail = (
  to: Recipient,
  request: ReviewRequest,
  reviewer: string,
  links: MailLinks,
): ComposedMail => {
  const w = wordsOf(to.language);
  const type = w.types[request.type];
  const state = w.states[request.state];
  const body = new Body()
    .para([w.mail.greeting, { name: to.name }])
    .para([w.mail.decided.intro, { reviewer, type, state }])
    .para(
      ...factsOf(request, w),
      ...(request.comment ? ([[w.mail.comment, { comment: request.comment }]] as Line[]) : []),
    )
    .para([w.mail.decided.open, { link: `${links.publicUrl}/reviews?tab=mine` }]);
  return footer(body, w, to, links).done(
    fill(w.mail.decided.subject, { type, location: request.locationName, state }, false),
  );
};

/** Containers listed per location in a digest; the rest is counted ("and 12 more") and one link away. */
export const DIGEST_LIST_LIMIT = 20;

export interface DigestLocation {
  code: string;
  name: string;
  /** Every alarming container of the location. */
  count: number;
  /** The first of them (most urgent first), as the recipient may see them. */
  containers: readonly Container[];
}

/** The day's alarming containers of the recipient's locations. */
export const digestMail = (
  to: Recipient,
  locations: readonly DigestLocation[],
  links: MailLinks,
): ComposedMail => {
  const w = wordsOf(to.language);
  const d = w.mail.digest;
  const body = new Body().para([w.mail.greeting, { name: to.name }]).para([d.intro]);
  let total = 0;
  for (const location of locations) {
    total += location.count;
    body.para([d.location, { location: `${location.name} (${location.code})`, count: location.count }]);
    const items: Line[] = [];
    for (const c of location.containers.slice(0, DIGEST_LIST_LIMIT)) {
      const label = [c.code, c.articleName].filter((v): v is string => Boolean(v)).join(' – ') || c.placeCode;
      if (!label) continue;
      const reach =
        typeof c.reachInWeeks === 'number'
          ? ` (${fill(d.reach, { weeks: numberIn(w.locale, c.reachInWeeks) }, false)})`
          : '';
      items.push([`${label}${reach}`]);
    }
    const more = location.count - Math.min(location.containers.length, DIGEST_LIST_LIMIT);
    if (more > 0 && items.length) items.push([d.more, { count: more }]);
    body.list(items);
    body.para([d.open, { link: `${links.publicUrl}/location/${encodeURIComponent(location.code)}` }]);
  }
  return footer(body, w, to, links).done(fill(d.subject, { count: total }, false));
};
