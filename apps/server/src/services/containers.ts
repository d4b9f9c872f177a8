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
import { type Db, queryRows } from '../db/client';
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

/**
 * A container in the caller's scope as the contract knows it, else 404 container_not_found: one prepared
 * statement on the driver (the detail answer; see CONTAINER_COLUMNS).
 */
export const containerViewById = async (db: Db, auth: Auth, id: string): Promise<Container> => {
  const [row] = await queryRows<Container>(
    db,
    sql`select ${CONTAINER_COLUMNS} from ${t.containers} where ${and(eq(t.containers.id, id), containerScope(auth.scope))}`,
    true,
  );
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

/**
 * The columns of a Container as the contract names them, for statements that run on the driver itself
 * (`queryRows`): each row comes back as the container, with no mapping per row and field. Timestamps
 * and dates are written by the database as the contract's strings (the same on PGlite and PostgreSQL).
 */
const CONTAINER_COLUMNS = sql.raw(
  Object.entries(getTableColumns(t.containers))
    .filter(([key]) => key !== 'concernCode' && key !== 'branchCode')
    .map(([key, column]) => {
      const name = `"containers"."${column.name}"`;
      if (column.columnType === 'PgTimestamp')
        return `to_char(${name} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "${key}"`;
      if (column.columnType === 'PgDateString') return `to_char(${name}, 'YYYY-MM-DD') as "${key}"`;
      return `${name} as "${key}"`;
    })
    .join(', '),
);

type PageRow = Container & { n: number | string; id: string | null };

const pageSql = (q: { page: number; size: number }) => {
  const offset = q.page * q.size;
  if (!Number.isSafeInteger(q.size) || !Number.isSafeInteger(offset) || q.size < 0 || offset < 0)
    throw new HttpError(400, 'validation_error', undefined, { field: 'page' });
  return sql.raw(`limit ${q.size} offset ${offset}`);
};

/** The page's containers (rows without one: the total's row of an empty page) and the total. */
const pageOf = (rows: PageRow[], q: { page: number; size: number }, total?: number) => {
  const items: Container[] = [];
  for (const { n: _n, ...item } of rows) if (item.id !== null) items.push(item as Container);
  return { items, total: total ?? Number(rows[0]?.n ?? 0), page: q.page, size: q.size };
};

export const searchContainers = async (
  db: Db,
  auth: Auth,
  pool: SQL,
  q: SearchQuery & { page: number; size: number },
) => {
  const { where, orderBy, hasQuery } = searchParts(auth, pool, q);
  const order = sql.join(orderBy, sql`, `);
  // Limit and offset written into the statement: a prepared statement's plan then knows them (the
  // first page stops after 20 rows of the location's index; with them as parameters the generic plan
  // could not, measured 970-1,360 -> 1,750-1,930 statements a second, 10 clients).
  const page = pageSql(q);
  if (hasQuery) {
    // A text query scans the pool anyway: count in the same pass instead of a second scan.
    const rows = await queryRows<PageRow>(
      db,
      sql`select count(*) over () as n, ${CONTAINER_COLUMNS} from ${t.containers} where ${where}
          order by ${order} ${page}`,
    );
    if (!rows.length && q.page > 0) {
      const [counted] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from ${t.containers} where ${where}`,
      );
      return pageOf(rows, q, Number(counted?.n ?? 0));
    }
    return pageOf(rows, q);
  }
  // One statement, one round trip: the total (a count; index-only with the location's indexes) and
  // the page by a deferred join: the page is chosen over ids only (sorted narrow tuples; with the
  // location's price index an index-only scan in order that stops after offset + size), then only
  // its rows are read whole. Sorting every match with all its columns cost more than the rest of
  // the call. The total's row comes back once even when the page is empty (left joins). A named
  // prepared statement per statement text (one per search shape: pool, filters, sort, scope size).
  const rows = await queryRows<PageRow>(
    db,
    sql`select total.n, ${CONTAINER_COLUMNS}
        from (select count(*) as n from ${t.containers} where ${where}) total
        left join (select ${t.containers.id} as page_id from ${t.containers} where ${where}
                   order by ${order} ${page}) page on true
        left join ${t.containers} on ${t.containers.id} = page.page_id
        order by ${order}`,
    true,
  );
  return pageOf(rows, q);
};
