import {
  type Container,
  checkSearchRights,
  type Document,
  RELEVANCE,
  type SearchFilters,
  type SearchSortField,
  searchedFields,
  searchTokens,
  visibleContainer,
} from '@falcon/api-client';
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { containerScope } from './scope';

export type ContainerRow = typeof t.containers.$inferSelect;

/** The container as the contract knows it (without the denormalised tree codes). */
export const toContainer = ({
  concernCode: _c,
  branchCode: _b,
  lastScannedDate,
  ...rest
}: ContainerRow): Container => ({
  ...rest,
  lastScannedDate: lastScannedDate ? lastScannedDate.toISOString() : null,
});

/**
 * Only the fields the caller may see, for what does not leave through the contract pipeline (the
 * export job); answers are filtered there.
 */
export const containerFor = (auth: Auth, row: ContainerRow): Container =>
  visibleContainer(toContainer(row), auth.permissions);

/** A container in the caller's scope, else 404 container_not_found (missing and foreign alike). */
export const containerById = async (db: Db, auth: Auth, id: string): Promise<ContainerRow> => {
  const [row] = await db
    .select()
    .from(t.containers)
    .where(and(eq(t.containers.id, id), containerScope(auth.scope)));
  if (!row) throw new HttpError(404, 'container_not_found');
  return row;
};

export const documentView = (
  apiUrl: (path: string) => string,
  d: { id: string; title: string; filename: string; contentType: string; size: number },
): Document => ({
  id: d.id,
  title: d.title,
  filename: d.filename,
  contentType: d.contentType,
  size: d.size,
  url: apiUrl(`/rest/v2/document/${encodeURIComponent(d.id)}`),
});

// --- search ----------------------------------------------------------------------------------

const SORT_COLUMNS: Record<Exclude<SearchSortField, 'relevance'>, AnyColumn> = {
  code: t.containers.code,
  articleCode: t.containers.articleCode,
  articleName: t.containers.articleName,
  price: t.containers.price,
  fillingQuantity: t.containers.fillingQuantity,
  reachInWeeks: t.containers.reachInWeeks,
  consumption: t.containers.consumption,
  deliveryStatus: t.containers.deliveryStatus,
  lastScannedDate: t.containers.lastScannedDate,
  expectedDeliveryDate: t.containers.expectedDeliveryDate,
  rackCode: t.containers.rackCode,
};

const range = (column: AnyColumn, r: { min?: number; max?: number } | undefined): SQL[] =>
  r
    ? [
        isNotNull(column),
        ...(r.min !== undefined ? [gte(column, r.min)] : []),
        ...(r.max !== undefined ? [lte(column, r.max)] : []),
      ]
    : [];

const filterSql = (f: SearchFilters): SQL[] => {
  const c = t.containers;
  return [
    ...range(c.reachInWeeks, f.reach),
    ...(f.deliveryState?.length ? [inArray(c.deliveryStatus, f.deliveryState)] : []),
    ...(f.obligationAcceptance !== undefined ? [eq(c.obligatory, f.obligationAcceptance)] : []),
    ...(f.alarming !== undefined ? [eq(c.alarming, f.alarming)] : []),
    ...range(c.consumption, f.consumption),
    ...range(c.stockTurnRate, f.stockTurnRate),
    ...(f.deliveryDate
      ? [
          isNotNull(c.expectedDeliveryDate),
          ...(f.deliveryDate.from ? [gte(c.expectedDeliveryDate, f.deliveryDate.from)] : []),
          ...(f.deliveryDate.to ? [lte(c.expectedDeliveryDate, f.deliveryDate.to)] : []),
        ]
      : []),
    ...(f.error !== undefined ? [f.error ? isNotNull(c.error) : isNull(c.error)] : []),
  ];
};

/** The ranks as SQL literals (not parameters: the statement stays the same text). */
const rank = {
  exact: sql.raw(String(RELEVANCE.exact)),
  prefix: sql.raw(String(RELEVANCE.prefix)),
  contains: sql.raw(String(RELEVANCE.contains)),
};

const likePattern = (token: string) => `%${token.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export interface SearchQuery {
  query: string;
  filters: SearchFilters;
  sortField: SearchSortField;
  sortAsc: boolean;
}

/** WHERE and ORDER BY of a container search over a pool (location, branch or concern, in scope). */
export const searchParts = (auth: Auth, pool: SQL, q: SearchQuery) => {
  checkSearchRights(auth.permissions, q.filters, q.sortField);
  const searchable = searchedFields(auth.permissions).map((f) => t.containers[f] as AnyColumn);
  const tokens = searchTokens(q.query);
  // One lower-cased haystack per row (fields joined by \x01, so a word never spans two fields):
  // a LIKE per token instead of an ILIKE per token and field.
  const haystack = sql`lower(concat_ws(chr(1), ${sql.join(searchable, sql`, `)}))`;
  const tokenSql = tokens.map((tok) => sql`${haystack} like ${likePattern(tok)}`);
  const where = and(pool, containerScope(auth.scope), ...filterSql(q.filters), ...tokenSql) as SQL;
  const place = asc(t.containers.placeCode);
  let orderBy: SQL[];
  if (q.sortField === 'relevance') {
    if (!tokens.length) orderBy = [place];
    else {
      const whole = q.query.toLowerCase();
      const exact = or(...searchable.map((col) => sql`lower(${col}) = ${whole}`));
      const prefix = or(
        ...tokens.flatMap((tok) =>
          searchable.map((col) => sql`${col} ilike ${`${tok.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`),
        ),
      );
      orderBy = [
        sql`case when ${exact} then ${rank.exact} when ${prefix} then ${rank.prefix} else ${rank.contains} end desc`,
        place,
      ];
    }
  } else {
    const column = SORT_COLUMNS[q.sortField];
    orderBy = [sql`${column} ${q.sortAsc ? sql`asc` : sql`desc`} nulls last`, place];
  }
  return { where, orderBy, hasQuery: tokens.length > 0 };
};

export const searchContainers = async (
  db: Db,
  auth: Auth,
  pool: SQL,
  q: SearchQuery & { page: number; size: number },
) => {
  const { where, orderBy, hasQuery } = searchParts(auth, pool, q);
  if (hasQuery) {
    // A text query scans the pool anyway: count in the same pass instead of a second scan.
    const rows = await db
      .select({ row: getTableColumns(t.containers), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(t.containers)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.size)
      .offset(q.page * q.size);
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.page > 0)
      total = (await db.select({ n: count() }).from(t.containers).where(where))[0]?.n ?? 0;
    return { items: rows.map((r) => toContainer(r.row)), total, page: q.page, size: q.size };
  }
  // One statement, one round trip: the total (a count; index-only with the location's indexes) and
  // the page by a deferred join: the page is chosen over ids only (sorted narrow tuples; with the
  // location's price index an index-only scan in order that stops after offset + size), then only
  // its rows are read whole. Sorting every match with all its columns cost more than the rest of
  // the call. The total's row comes back once even when the page is empty (left joins).
  const total = db
    .select({ n: count().as('n') })
    .from(t.containers)
    .where(where)
    .as('total');
  const page = db
    .select({ pageId: sql<string>`${t.containers.id}`.as('page_id') })
    .from(t.containers)
    .where(where)
    .orderBy(...orderBy)
    .limit(q.size)
    .offset(q.page * q.size)
    .as('page');
  const rows = await db
    .select({ total: total.n, row: getTableColumns(t.containers) })
    .from(total)
    .leftJoin(page, sql`true`)
    .leftJoin(t.containers, eq(t.containers.id, page.pageId))
    .orderBy(...orderBy);
  return {
    items: rows.flatMap((r) => (r.row ? [toContainer(r.row)] : [])),
    total: Number(rows[0]?.total ?? 0),
    page: q.page,
    size: q.size,
  };
};
