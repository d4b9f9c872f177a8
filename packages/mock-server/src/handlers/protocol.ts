import {
  type ProtocolEntry,
  type ProtocolListRequest,
  protocolWords,
  renderSummary,
  slicePage,
} from '@falcon/api-client';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb } from '../db';
import { type HandlerContext, route } from './route';
import { locationFor } from './views';

type ListBody = Required<Omit<ProtocolListRequest, 'sortField' | 'filterMap'>> & {
  sortField: 'at' | 'username' | 'type';
  filterMap: NonNullable<ProtocolListRequest['filterMap']>;
};

/** Entries filtered and sorted; entries about a location the caller may not see stay hidden. */
const listProtocol = (db: MockDb, auth: Auth, body: ListBody, locationCode?: string) => {
  const f = body.filterMap;
  const user = f.username?.toLowerCase();
  const rows = db.protocol.entries.filter(
    (e) =>
      (locationCode ? e.locationCode === locationCode : true) &&
      (e.locationCode === null || db.canSeeLocation(auth.scope, e.locationCode)) &&
      (!user || (e.username ?? '').toLowerCase().includes(user)) &&
      (!f.type || e.type === f.type) &&
      (!f.from || e.at.slice(0, 10) >= f.from) &&
      (!f.to || e.at.slice(0, 10) <= f.to) &&
      (!f.locationCode || e.locationCode === f.locationCode),
  );
  const dir = body.sortAsc ? 1 : -1;
  const key = body.sortField as keyof ProtocolEntry;
  rows.sort(
    (a, b) =>
      String(a[key] ?? '').localeCompare(String(b[key] ?? '')) * dir || a.id.localeCompare(b.id) * dir,
  );
  const page = slicePage(rows, body.page, body.size);
  // The summary for this reader (values are filtered by the route, like every answer).
  return {
    ...page,
    items: page.items.map(
      ({ params, ...e }): ProtocolEntry => ({
        ...e,
        summary: renderSummary(e.summary, params, auth.permissions),
        words: protocolWords(params, auth.permissions),
      }),
    ),
  };
};

export const protocolHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'protocol', 'list', ({ db, auth, body }) => listProtocol(db, auth, body)),
  route(ctx, 'protocol', 'location', ({ db, auth, params, body }) =>
    listProtocol(db, auth, body, locationFor(db, auth, params.code).code),
  ),
];
