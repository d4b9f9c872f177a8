import {
  type ProtocolEntry,
  type ProtocolListRequest,
  protocolWords,
  renderSummary,
} from '@falcon/api-client';
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { locationScope } from '../services/scope';
import { locationFor } from '../services/tree';
import { defineRoutes } from './define';

type ListBody = Required<Omit<ProtocolListRequest, 'filterMap'>> & {
  filterMap: NonNullable<ProtocolListRequest['filterMap']>;
};

const p = t.protocol;

/** One entry for its reader: the summary rendered with the reader's field permissions (values are filtered by the pipeline). */
const entryView = (auth: Auth, r: typeof p.$inferSelect): ProtocolEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  username: r.username,
  type: r.type as ProtocolEntry['type'],
  objectType: r.objectType,
  objectId: r.objectId,
  locationCode: r.locationCode,
  summary: renderSummary(r.summary, r.params ?? null, auth.permissions),
  before: r.before ?? null,
  after: r.after ?? null,
  words: protocolWords(r.params ?? null, auth.permissions),
});

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** Entries filtered and sorted; entries about a location the caller may not see stay hidden. */
const listProtocol = async (db: Db, auth: Auth, body: ListBody, locationCode?: string) => {
  const f = body.filterMap;
  const where = and(
    locationCode ? eq(p.locationCode, locationCode) : undefined,
    auth.scope.all
      ? undefined
      : (or(
          isNull(p.locationCode),
          locationScope(auth.scope, {
            concernCode: p.concernCode,
            branchCode: p.branchCode,
            locationCode: p.locationCode,
          }),
        ) as SQL),
    f.username ? ilike(p.username, `%${f.username.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined,
    f.type ? eq(p.type, f.type) : undefined,
    f.from ? gte(p.at, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(p.at, nextDay(f.to)) : undefined,
    f.locationCode ? eq(p.locationCode, f.locationCode) : undefined,
  );
  const column = body.sortField === 'username' ? p.username : body.sortField === 'type' ? p.type : p.at;
  const order = body.sortAsc ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(p)
      .where(where)
      .orderBy(order(column), order(p.seq))
      .limit(body.size)
      .offset(body.page * body.size),
    db.select({ n: count() }).from(p).where(where),
  ]);
  return {
    items: rows.map((r) => entryView(auth, r)),
    total: total?.n ?? 0,
    page: body.page,
    size: body.size,
  };
};

export const protocolRoutes = defineRoutes('protocol', {
  list: ({ db, auth, body }) => listProtocol(db, auth, body),
  location: async ({ db, auth, params, body }) =>
    listProtocol(db, auth, body, (await locationFor(db, auth, params.code)).code),
});
