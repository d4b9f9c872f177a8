import {
  type Container,
  type ContainerSuggest,
  checkSearchRights,
  type Document,
  RELEVANCE,
  type ReviewType,
  type SearchFilters,
  type SearchSortField,
  searchedFields,
  searchTokens,
  suggestionSearch,
  visibleContainer,
} from '@falcon/api-client';
import {
  type AnyColumn,
  and,
  asc,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import { type Bind, bindInline, type Db, queryCompiled, type Values } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { boundContainerScope, containerScope, scopeShape, scopeValues } from './scope';

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
 * A container in the caller's scope as the contract knows it, with the kinds of request waiting for its
 * review (its own, and a scan of its rack), else 404 container_not_found: one statement, compiled once per
 * scope shape and prepared (the detail answer; see CONTAINER_COLUMNS).
 */
export const containerViewById = async (
  db: Db,
  auth: Auth,
  id: string,
): Promise<Container & { pendingRequests: ReviewType[] }> => {
  const values = scopeValues(auth.scope);
  values.id = id;
  const [row] = await queryCompiled<{ container: Container & { pendingRequests: ReviewType[] } }>(
    db,
    `container view|${scopeShape(values)}`,
    (bind) => {
      const c = t.containers;
      const r = t.reviewRequests;
      const pending = sql`'pendingRequests', array(
          select distinct ${r.type} from ${r}
          where ${r.state} = 'pending' and (${r.containerId} = ${c.id}
            or (${r.type} = 'rackscan' and ${r.locationCode} = ${c.locationCode} and ${r.rackCode} = ${c.rackCode}))
          order by 1)`;
      return sql`select ${containerJson(pending)} as "container"
        from ${c} where ${c.id} = ${bind('id')} and ${boundContainerScope(values, bind)}`;
    },
    values,
    true,
  );
  if (!row) throw new HttpError(404, 'container_not_found');
  return row.container;
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

/**
 * A search is built from its shape (what is filtered, sorted, searched and in which scope) and its
 * values (the codes, bounds and words). The values are bound by name: `bind` gives a parameter (the
 * export job's statement) or a placeholder (the search's statement, compiled once per shape, see
 * `queryCompiled`), so the same builder serves both and the shape alone decides the statement's text.
 */
const RANGES = {
  reach: t.containers.reachInWeeks,
  consumption: t.containers.consumption,
  stockTurnRate: t.containers.stockTurnRate,
} as const;

const DELIVERY_DATE = t.containers.expectedDeliveryDate;

/** The filters' values by name; a range's presence alone (`reach: {}`) already narrows (not null). */
const filterValues = (f: SearchFilters, values: Values): void => {
  for (const key of Object.keys(RANGES) as (keyof typeof RANGES)[]) {
    const r = f[key];
    if (!r) continue;
    values[`${key}?`] = true;
    if (r.min !== undefined) values[`${key}Min`] = r.min;
    if (r.max !== undefined) values[`${key}Max`] = r.max;
  }
  if (f.deliveryState?.length) values.deliveryState = [...f.deliveryState];
  if (f.obligationAcceptance !== undefined) values.obligatory = f.obligationAcceptance;
  if (f.alarming !== undefined) values.alarming = f.alarming;
  if (f.deliveryDate) {
    values['deliveryDate?'] = true;
    if (f.deliveryDate.from) values.deliveryFrom = f.deliveryDate.from;
    if (f.deliveryDate.to) values.deliveryTo = f.deliveryDate.to;
  }
  if (f.error !== undefined) values[f.error ? 'error?' : 'noError?'] = true;
};

const filterSql = (values: Values, bind: Bind): SQL[] => {
  const c = t.containers;
  const where: SQL[] = [];
  for (const [key, column] of Object.entries(RANGES)) {
    if (!(`${key}?` in values)) continue;
    where.push(isNotNull(column));
    if (`${key}Min` in values) where.push(sql`${column} >= ${bind(`${key}Min`)}`);
    if (`${key}Max` in values) where.push(sql`${column} <= ${bind(`${key}Max`)}`);
  }
  if ('deliveryState' in values) where.push(sql`${c.deliveryStatus} = any(${bind('deliveryState')})`);
  if ('obligatory' in values) where.push(sql`${c.obligatory} = ${bind('obligatory')}`);
  if ('alarming' in values) where.push(sql`${c.alarming} = ${bind('alarming')}`);
  if ('deliveryDate?' in values) {
    where.push(isNotNull(DELIVERY_DATE));
    if ('deliveryFrom' in values) where.push(sql`${DELIVERY_DATE} >= ${bind('deliveryFrom')}`);
    if ('deliveryTo' in values) where.push(sql`${DELIVERY_DATE} <= ${bind('deliveryTo')}`);
  }
  if ('error?' in values) where.push(isNotNull(c.error));
  if ('noError?' in values) where.push(isNull(c.error));
  return where;
};

/** The ranks as SQL literals (not parameters: the statement stays the same text). */
const rank = {
  exact: sql.raw(String(RELEVANCE.exact)),
  prefix: sql.raw(String(RELEVANCE.prefix)),
  contains: sql.raw(String(RELEVANCE.contains)),
};

const likeEscape = (token: string) => token.replace(/[\\%_]/g, (m) => `\\${m}`);

export interface SearchQuery {
  query: string;
  filters: SearchFilters;
  sortField: SearchSortField;
  sortAsc: boolean;
}

/** What decides a search's statement besides the names of its values. */
interface SearchShape {
  searchable: ReturnType<typeof searchedFields>;
  tokens: number;
  sortField: SearchSortField;
  sortAsc: boolean;
}

/** The shape and the values of a container search in the caller's scope (rights checked). */
const searchInput = (auth: Auth, q: SearchQuery): { shape: SearchShape; values: Values } => {
  checkSearchRights(auth.permissions, q.filters, q.sortField);
  const tokens = searchTokens(q.query);
  const values: Values = scopeValues(auth.scope);
  filterValues(q.filters, values);
  tokens.forEach((tok, i) => {
    values[`token${i}`] = `%${likeEscape(tok)}%`;
    values[`prefix${i}`] = `${likeEscape(tok)}%`;
  });
  if (tokens.length) values.whole = q.query.toLowerCase();
  const shape = {
    searchable: searchedFields(auth.permissions),
    tokens: tokens.length,
    sortField: q.sortField,
    sortAsc: q.sortAsc,
  };
  return { shape, values };
};

/** WHERE and ORDER BY of a container search over a pool, its values bound by `bind`. */
const buildSearch = (shape: SearchShape, values: Values, bind: Bind, pool: SQL) => {
  const searchable = shape.searchable.map((f) => t.containers[f] as AnyColumn);
  const tokens = Array.from({ length: shape.tokens }, (_, i) => i);
  // One lower-cased haystack per row (fields joined by \x01, so a word never spans two fields):
  // a LIKE per token instead of an ILIKE per token and field.
  const haystack = sql`lower(concat_ws(chr(1), ${sql.join(searchable, sql`, `)}))`;
  const tokenSql = tokens.map((i) => sql`${haystack} like ${bind(`token${i}`)}`);
  const where = and(pool, boundContainerScope(values, bind), ...filterSql(values, bind), ...tokenSql) as SQL;
  const place = asc(t.containers.placeCode);
  let orderBy: SQL[];
  if (shape.sortField === 'relevance') {
    if (!tokens.length) orderBy = [place];
    else {
      const exact = or(...searchable.map((col) => sql`lower(${col}) = ${bind('whole')}`));
      const prefix = or(
        ...tokens.flatMap((i) => searchable.map((col) => sql`${col} ilike ${bind(`prefix${i}`)}`)),
      );
      orderBy = [
        sql`case when ${exact} then ${rank.exact} when ${prefix} then ${rank.prefix} else ${rank.contains} end desc`,
        place,
      ];
    }
  } else {
    const column = SORT_COLUMNS[shape.sortField];
    orderBy = [sql`${column} ${shape.sortAsc ? sql`asc` : sql`desc`} nulls last`, place];
  }
  return { where, orderBy, hasQuery: tokens.length > 0 };
};

/** WHERE and ORDER BY of a container search over a pool (location, branch or concern, in scope). */
export const searchParts = (auth: Auth, pool: SQL, q: SearchQuery) => {
  const { shape, values } = searchInput(auth, q);
  return buildSearch(shape, values, bindInline(values), pool);
};

/**
 * The columns of a Container as the contract names them, for statements that run on the driver itself
 * (`queryRows`): each row comes back as the container, with no mapping per row and field. Timestamps
 * and dates are written by the database as the contract's strings (the same on PGlite and PostgreSQL).
 */
const CONTAINER_FIELDS: readonly (readonly [key: string, expression: string])[] = Object.entries(
  getTableColumns(t.containers),
)
  .filter(([key]) => key !== 'concernCode' && key !== 'branchCode')
  .map(([key, column]) => {
    const name = `"containers"."${column.name}"`;
    if (column.columnType === 'PgTimestamp')
      return [key, `to_char(${name} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`] as const;
    if (column.columnType === 'PgDateString') return [key, `to_char(${name}, 'YYYY-MM-DD')`] as const;
    return [key, name] as const;
  });

const CONTAINER_COLUMNS = sql.raw(
  CONTAINER_FIELDS.map(([key, expression]) => `${expression} as "${key}"`).join(', '),
);

/**
 * The container as one json value (the fields of CONTAINER_COLUMNS under the same keys): one column for
 * the driver to describe and parse (JSON.parse, into an object of fast properties) instead of 39, which
 * PostgreSQL describes again on every execution (measured in docs/performance.md). Every field's type is
 * json-exact: text, booleans, integers and doubles; dates and times as the contract's strings.
 */
const containerJson = (extra: SQL) =>
  sql`json_build_object(${sql.raw(CONTAINER_FIELDS.map(([key, expression]) => `'${key}', ${expression}`).join(', '))}, ${extra})`;

type PageRow = Container & { n: number | string; id: string | null };

const pageSql = (q: { page: number; size: number }) => {
  const offset = q.page * q.size;
  if (!Number.isSafeInteger(q.size) || !Number.isSafeInteger(offset) || q.size < 0 || offset < 0)
    throw new HttpError(400, 'validation_error', undefined, { field: 'page' });
  return sql.raw(`limit ${q.size} offset ${offset}`);
};

/**
 * The page's containers (rows without one: the total's row of an empty page) and the total. The rows go
 * out as the driver made them, the total's column `n` with them: the answer's shape keeps only the
 * contract's keys (plugins/response-shape.ts), so copying 20 rows of 40 fields without it is not needed.
 */
const pageOf = (rows: PageRow[], q: { page: number; size: number }, total?: number) => ({
  items: (rows[0]?.id === null ? [] : rows) as Container[],
  total: total ?? Number(rows[0]?.n ?? 0),
  page: q.page,
  size: q.size,
});

/** The column a search's pool is: a location's, branch's or concern's containers. */
export type SearchPool = 'locationCode' | 'branchCode' | 'concernCode';

/** A search's statement parts over a pool, with its values and the key of its shape (see queryCompiled). */
const searchStatement = (
  auth: Auth,
  pool: { column: SearchPool; code: string },
  q: SearchQuery & { page: number; size: number },
) => {
  const { shape, values } = searchInput(auth, q);
  values.pool = pool.code;
  // The statement's text: everything the builder decides from (see queryCompiled).
  const key = `search|${pool.column}|${shape.searchable.join(',')}|${shape.tokens}|${shape.sortField}|${shape.sortAsc}|${Object.keys(values).join(',')}|${q.page}|${q.size}`;
  const parts = (bind: Bind) => {
    const { where, orderBy } = buildSearch(
      shape,
      values,
      bind,
      sql`${t.containers[pool.column]} = ${bind('pool')}`,
    );
    return { where, order: sql.join(orderBy, sql`, `) };
  };
  return { values, key, parts, hasQuery: shape.tokens > 0 };
};

/**
 * The type-ahead's hits in a location: the search's matches in its order, the first page's five fields
 * and no total (nobody shows it). Counting every match and carrying each whole row through the sort
 * cost most of the call when a short query matches the whole location (measured in docs/performance.md).
 */
export const suggestContainers = (db: Db, auth: Auth, locationCode: string, query: string) => {
  const q = suggestionSearch(query);
  const { values, key, parts } = searchStatement(auth, { column: 'locationCode', code: locationCode }, q);
  return queryCompiled<ContainerSuggest>(
    db,
    `${key}|suggest`,
    (bind) => {
      const { where, order } = parts(bind);
      return sql`select ${t.containers.id} as "id", ${t.containers.code} as "code",
        ${t.containers.articleName} as "articleName", ${t.containers.articleCode} as "articleCode",
        ${t.containers.placeCode} as "placeCode"
        from ${t.containers} where ${where} order by ${order} ${pageSql(q)}`;
    },
    values,
    true,
  );
};

export const searchContainers = async (
  db: Db,
  auth: Auth,
  pool: { column: SearchPool; code: string },
  q: SearchQuery & { page: number; size: number },
) => {
  const { values, key, parts, hasQuery } = searchStatement(auth, pool, q);
  // Limit and offset written into the statement: a prepared statement's plan then knows them (the
  // first page stops after 20 rows of the location's index; with them as parameters the generic plan
  // could not, measured 970-1,360 -> 1,750-1,930 statements a second, 10 clients).
  const page = pageSql(q);
  if (hasQuery) {
    // A text query scans the pool anyway: count in the same pass instead of a second scan.
    const rows = await queryCompiled<PageRow>(
      db,
      `${key}|page`,
      (bind) => {
        const { where, order } = parts(bind);
        return sql`select count(*) over () as n, ${CONTAINER_COLUMNS} from ${t.containers} where ${where}
          order by ${order} ${page}`;
      },
      values,
    );
    if (!rows.length && q.page > 0) {
      const [counted] = await queryCompiled<{ n: number | string }>(
        db,
        `${key}|count`,
        (bind) => sql`select count(*) as n from ${t.containers} where ${parts(bind).where}`,
        values,
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
  // prepared statement per statement text (one per search shape: pool, filters, sort, scope).
  const rows = await queryCompiled<PageRow>(
    db,
    key,
    (bind) => {
      const { where, order } = parts(bind);
      return sql`select total.n, ${CONTAINER_COLUMNS}
        from (select count(*) as n from ${t.containers} where ${where}) total
        left join (select ${t.containers.id} as page_id from ${t.containers} where ${where}
                   order by ${order} ${page}) page on true
        left join ${t.containers} on ${t.containers.id} = page.page_id
        order by ${order}`;
    },
    values,
    true,
  );
  return pageOf(rows, q);
};
