import type { WorklistFilter, WorklistItem } from '@falcon/api-client';
import { and, asc, count, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { notFound } from '../errors';
import { forecastToday, todayMs } from './history';
import { branchScope, concernScope, locationScope } from './scope';
import { locationFor } from './tree';

const f = t.containerForecasts;

/**
 * The worklist's rows for a caller: its scope by construction, narrowed by the filter. A filter code
 * the caller cannot see answers 404 exactly like a missing one.
 */
export const worklistScope = async (db: Db, auth: Auth, filter: WorklistFilter): Promise<SQL> => {
  const parts: SQL[] = [
    locationScope(auth.scope, {
      concernCode: f.concernCode,
      branchCode: f.branchCode,
      locationCode: f.locationCode,
    }),
  ];
  if (filter.concernCode) {
    const [c] = await db
      .select({ code: t.concerns.code })
      .from(t.concerns)
      .where(and(eq(t.concerns.code, filter.concernCode), concernScope(auth.scope)));
    if (!c) notFound();
    parts.push(eq(f.concernCode, filter.concernCode));
  }
  if (filter.branchCode) {
    const [b] = await db
      .select({ code: t.branches.code })
      .from(t.branches)
      .where(and(eq(t.branches.code, filter.branchCode), branchScope(auth.scope)));
    if (!b) notFound();
    parts.push(eq(f.branchCode, filter.branchCode));
  }
  if (filter.locationCode) {
    await locationFor(db, auth, filter.locationCode);
    parts.push(eq(f.locationCode, filter.locationCode));
  }
  return and(...parts) as SQL;
};

const dueOn = (now: Date) => new Date(todayMs(now)).toISOString().slice(0, 10);

/** On the worklist today: active, due from a day not after today. */
const onWorklist = (where: SQL, now: Date) =>
  and(eq(f.active, true), lte(f.dueDate, dueOn(now)), where) as SQL;

const columns = {
  forecast: f,
  code: t.containers.code,
  articleName: t.containers.articleName,
  articleCode: t.containers.articleCode,
  placeCode: t.containers.placeCode,
  fillingQuantity: t.containers.fillingQuantity,
  locationName: t.locations.name,
};

type Row = {
  forecast: typeof f.$inferSelect;
  code: string;
  articleName: string;
  articleCode: string;
  placeCode: string;
  fillingQuantity: number;
  locationName: string;
};

const itemOf = (r: Row, now: Date): WorklistItem => {
  const today = forecastToday(r.forecast, now);
  return {
    containerId: r.forecast.containerId,
    concernCode: r.forecast.concernCode,
    branchCode: r.forecast.branchCode,
    locationCode: r.forecast.locationCode,
    locationName: r.locationName,
    why: today.why,
    nextDeliveryDate: today.nextDeliveryDate,
    marginDays: today.marginDays,
    stockOutDate: today.stockOutDate,
    reachInWeeks: today.reachInWeeks,
    stock: r.forecast.stock,
    fillingQuantity: r.fillingQuantity,
    averageWeekly: r.forecast.averageWeekly,
    code: r.code,
    articleName: r.articleName,
    articleCode: r.articleCode,
    placeCode: r.placeCode,
  };
};

/** A page of the worklist, most urgent first (the order index: order date, then container id). */
export const readWorklist = async (
  db: Db,
  where: SQL,
  now: Date,
  page: { limit: number; offset?: number; after?: { orderDate: string; containerId: string } },
): Promise<WorklistItem[]> => {
  const after = page.after
    ? or(
        gt(f.orderDate, page.after.orderDate),
        and(eq(f.orderDate, page.after.orderDate), gt(f.containerId, page.after.containerId)),
      )
    : undefined;
  const rows = await db
    .select(columns)
    .from(f)
    .innerJoin(t.containers, eq(t.containers.id, f.containerId))
    .innerJoin(t.locations, eq(t.locations.code, f.locationCode))
    .where(and(onWorklist(where, now), after))
    .orderBy(asc(f.orderDate), asc(f.containerId))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return (rows as Row[]).map((r) => itemOf(r, now));
};

export const countWorklist = async (db: Db, where: SQL, now: Date): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(f).where(onWorklist(where, now));
  return row?.n ?? 0;
};

/** The whole worklist in order, a page at a time (the export). */
export async function* wholeWorklist(db: Db, where: SQL, now: Date, pageSize = 2_000) {
  let after: { orderDate: string; containerId: string } | undefined;
  for (;;) {
    const rows = await readWorklist(db, where, now, { limit: pageSize, ...(after ? { after } : {}) });
    yield* rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1] as WorklistItem;
    const [key] = await db
      .select({ orderDate: f.orderDate })
      .from(f)
      .where(eq(f.containerId, last.containerId));
    after = { orderDate: key?.orderDate ?? '9999-12-31', containerId: last.containerId };
  }
}
