import type { WorklistFilter, WorklistItem } from '@falcon/api-client';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import { type Bind, type Db, queryCompiled, type Values } from '../db/client';
import * as t from '../db/schema';
import { notFound } from '../errors';
import { forecastToday, todayMs } from './history';
import { branchScope, concernScope, scopeShape, scopeValues } from './scope';
import { locationFor } from './tree';

const f = t.containerForecasts;

/**
 * Which rows of `container_forecasts` a caller's worklist reads: its scope and filter as named values,
 * and the shape of the statement they make (which kinds of value are present), so the statement is built
 * and compiled once per shape and runs prepared (ADR 0067).
 */
export interface WorklistWhere {
  values: Values;
  shape: string;
}

/**
 * The worklist's rows for a caller: its scope by construction, narrowed by the filter. A filter code
 * the caller cannot see answers 404 exactly like a missing one.
 */
export const worklistScope = async (db: Db, auth: Auth, filter: WorklistFilter): Promise<WorklistWhere> => {
  const values = scopeValues(auth.scope);
  const checks: Promise<unknown>[] = [];
  if (filter.concernCode) {
    values.concernCode = filter.concernCode;
    checks.push(
      db
        .select({ code: t.concerns.code })
        .from(t.concerns)
        .where(and(eq(t.concerns.code, filter.concernCode), concernScope(auth.scope)))
        .then(([c]) => c ?? notFound()),
    );
  }
  if (filter.branchCode) {
    values.branchCode = filter.branchCode;
    checks.push(
      db
        .select({ code: t.branches.code })
        .from(t.branches)
        .where(and(eq(t.branches.code, filter.branchCode), branchScope(auth.scope)))
        .then(([b]) => b ?? notFound()),
    );
  }
  if (filter.locationCode) {
    values.locationCode = filter.locationCode;
    checks.push(locationFor(db, auth, filter.locationCode));
  }
  await Promise.all(checks);
  const filters = ['concernCode', 'branchCode', 'locationCode'].filter((k) => k in values);
  return { values, shape: [scopeShape(values), ...filters].join('+') };
};

const dueOn = (now: Date) => new Date(todayMs(now)).toISOString().slice(0, 10);

/**
 * On the worklist today, in the caller's scope and filter: active, due from a day not after today.
 * `a` names the forecasts table in the statement; `active` matches the partial indexes' predicate.
 */
const onWorklist = (a: string, values: Values, bind: Bind): SQL => {
  const col = (name: string) => sql.raw(`${a}.${name}`);
  const scope = [
    'scopeConcerns' in values ? sql`${col('concern_code')} = any(${bind('scopeConcerns')})` : null,
    'scopeBranches' in values ? sql`${col('branch_code')} = any(${bind('scopeBranches')})` : null,
    'scopeLocations' in values ? sql`${col('location_code')} = any(${bind('scopeLocations')})` : null,
  ].filter((part): part is SQL => part !== null);
  const parts: SQL[] = [sql`${col('active')}`, sql`${col('due_date')} <= ${bind('dueOn')}::date`];
  // A customer without any scope entry sees nothing (as `locationScope` answers false).
  if (!('scopeAll?' in values)) parts.push(scope.length ? sql`(${sql.join(scope, sql` or `)})` : sql`false`);
  if ('concernCode' in values) parts.push(sql`${col('concern_code')} = ${bind('concernCode')}`);
  if ('branchCode' in values) parts.push(sql`${col('branch_code')} = ${bind('branchCode')}`);
  if ('locationCode' in values) parts.push(sql`${col('location_code')} = ${bind('locationCode')}`);
  return sql.join(parts, sql` and `);
};

/** A page's rows as the statement names them: the forecast's columns (dates as text) and the container's. */
const PAGE_COLUMNS = sql.raw(`f.container_id as "containerId", f.concern_code as "concernCode",
  f.branch_code as "branchCode", f.location_code as "locationCode", f.active, f.stock,
  f.average_weekly as "averageWeekly", f.reach_weeks as "reachWeeks", f.computed_on::text as "computedOn",
  f.stock_out_date::text as "stockOutDate", f.lead_time_days as "leadTimeDays",
  f.expected_delivery_date::text as "expectedDeliveryDate", f.alarm_date::text as "alarmDate",
  f.stock_out_due_date::text as "stockOutDueDate", f.due_date::text as "dueDate", f.order_date::text as "orderDate",
  c.code, c.article_name as "articleName", c.article_code as "articleCode", c.place_code as "placeCode",
  c.filling_quantity as "fillingQuantity", l.name as "locationName"`);

type Row = typeof f.$inferSelect & {
  code: string;
  articleName: string;
  articleCode: string;
  placeCode: string;
  fillingQuantity: number;
  locationName: string;
};

const itemOf = (r: Row, now: Date): WorklistItem => {
  const today = forecastToday(r, now);
  return {
    containerId: r.containerId,
    concernCode: r.concernCode,
    branchCode: r.branchCode,
    locationCode: r.locationCode,
    locationName: r.locationName,
    why: today.why,
    nextDeliveryDate: today.nextDeliveryDate,
    marginDays: today.marginDays,
    stockOutDate: today.stockOutDate,
    reachInWeeks: today.reachInWeeks,
    stock: r.stock,
    fillingQuantity: r.fillingQuantity,
    averageWeekly: r.averageWeekly,
    code: r.code,
    articleName: r.articleName,
    articleCode: r.articleCode,
    placeCode: r.placeCode,
  };
};

/** The page: the order index (order date, then container id) from a position, joined to its containers. */
const pageSql = (values: Values, bind: Bind) => sql`
  select ${PAGE_COLUMNS}
  from container_forecasts f join containers c on c.id = f.container_id join locations l on l.code = f.location_code
  where ${onWorklist('f', values, bind)}
    ${'afterId' in values ? sql`and (f.order_date, f.container_id) > (${bind('afterDate')}::date, ${bind('afterId')})` : sql``}
  order by f.order_date, f.container_id limit ${bind('limit')} offset ${bind('offset')}`;

/** Due rows counted up to `countUpTo + 1` (an index-only scan that stops there). */
const countSql = (values: Values, bind: Bind) => sql`
  select count(*)::int as counted
  from (select 1 from container_forecasts f where ${onWorklist('f', values, bind)} limit ${bind('countUpTo')}::int + 1) due`;

/**
 * A page of the worklist, most urgent first, and its due rows counted up to `countUpTo + 1`: one
 * statement, prepared per shape (ADR 0067: the full count read every due row's index entry).
 */
export const readWorklistPage = async (
  db: Db,
  where: WorklistWhere,
  now: Date,
  page: { limit: number; offset: number; countUpTo: number },
): Promise<{ items: WorklistItem[]; counted: number }> => {
  const values = { ...where.values, dueOn: dueOn(now), ...page };
  const rows = await queryCompiled<Row & { counted: number }>(
    db,
    `worklist.page:${where.shape}`,
    (bind) => sql`
      select n.counted, p.* from (${countSql(values, bind)}) n
      left join (${pageSql(values, bind)}) p on true
      order by p."orderDate", p."containerId"`,
    values,
    true,
  );
  const counted = Number(rows[0]?.counted ?? 0);
  const items = rows.filter((r) => r.containerId !== null).map((r) => itemOf(r, now));
  return { items, counted };
};

/** The due rows in scope, counted up to `countUpTo + 1` (the dashboard). */
export const countWorklist = async (
  db: Db,
  where: WorklistWhere,
  now: Date,
  countUpTo: number,
): Promise<number> => {
  const values = { ...where.values, dueOn: dueOn(now), countUpTo };
  const [row] = await queryCompiled<{ counted: number }>(
    db,
    `worklist.count:${where.shape}`,
    (bind) => countSql(values, bind),
    values,
    true,
  );
  return Number(row?.counted ?? 0);
};

/** The whole worklist in order, a page at a time from the last row's key (the export). */
export async function* wholeWorklist(db: Db, where: WorklistWhere, now: Date, pageSize = 2_000) {
  let after: { afterDate: string; afterId: string } | undefined;
  for (;;) {
    const values = { ...where.values, dueOn: dueOn(now), limit: pageSize, offset: 0, ...after };
    const rows = await queryCompiled<Row>(
      db,
      `worklist.export:${where.shape}${after ? '+after' : ''}`,
      (bind) => pageSql(values, bind),
      values,
    );
    yield* rows.map((r) => itemOf(r, now));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1] as Row;
    after = { afterDate: last.orderDate, afterId: last.containerId };
  }
}
