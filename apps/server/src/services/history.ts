import {
  ALARMING_REACH_WEEKS,
  approvalEvent,
  DEFAULT_REPLENISHMENT_TIMES,
  FORECAST_WINDOW_WEEKS,
  type Forecast,
  forecastOf,
  type HistoryEvent,
  weekStart,
} from '@falcon/api-client';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import { type Db, queryCompiled, queryRows } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { boundContainerScope, scopeShape, scopeValues } from './scope';

/**
 * Container history and forecasts on the server (issue 16, ADR 0051/0059). Events are written where
 * a container changes (the approval, `recordApproval`); every write refreshes the container's stored
 * forecast (`container_forecasts`) in the same transaction, and a nightly job refreshes them all
 * (`jobs/forecasts.ts`), so the worklist reads one indexed table instead of a year of events.
 */

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** The longest horizon a date is projected over (the domain's stock-out horizon). */
const HORIZON_DAYS = 366;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const todayMs = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

type ContainerRow = typeof t.containers.$inferSelect;
type ForecastRow = typeof t.containerForecasts.$inferSelect;

/** The newest known stock of a container; null when no event tells it. */
const currentStock = async (db: Db, containerId: string): Promise<number | null> => {
  const [row] = await db
    .select({ stock: t.containerEvents.stockAfter })
    .from(t.containerEvents)
    .where(and(eq(t.containerEvents.containerId, containerId), isNotNull(t.containerEvents.stockAfter)))
    .orderBy(desc(t.containerEvents.at), desc(t.containerEvents.id))
    .limit(1);
  return row?.stock ?? null;
};

type ContainerEventRow = typeof t.containerEvents.$inferSelect;

/**
 * What a container's history answer needs, in one statement prepared per scope shape (ADR 0067): the
 * container in the caller's scope (else 404), its location's and branch's lead and safety time, its stock
 * before `from` and its events since `from`, oldest first. Its current stock is the newest event's (or,
 * without an event since `from`, the stock before): no statement of its own.
 */
export const containerYear = async (db: Db, auth: Auth, id: string, from: Date) => {
  const values = { ...scopeValues(auth.scope), id, from: from.toISOString() };
  const rows = await queryCompiled<{
    id: string;
    fillingQuantity: number;
    expectedDeliveryDate: string | null;
    leadTimeDays: number | null;
    safetyTimeDays: number | null;
    branchLead: number | null;
    branchSafety: number | null;
    stockBefore: number | null;
    eventId: string | null;
    at: Date | null;
    kind: ContainerEventRow['kind'] | null;
    quantity: number | null;
    previousQuantity: number | null;
    stockAfter: number | null;
  }>(
    db,
    `container history|${scopeShape(values)}`,
    (bind) => sql`
      select containers.id, containers.filling_quantity as "fillingQuantity", containers.expected_delivery_date::text as "expectedDeliveryDate",
        l.lead_time_days as "leadTimeDays", l.safety_time_days as "safetyTimeDays",
        b.lead_time_days as "branchLead", b.safety_time_days as "branchSafety", before.stock as "stockBefore",
        e.id as "eventId", e.at, e.kind, e.quantity, e.previous_quantity as "previousQuantity", e.stock_after as "stockAfter"
      from containers
        join locations l on l.code = containers.location_code
        join branches b on b.code = l.branch_code
        left join lateral (select x.stock_after as stock from container_events x
          where x.container_id = containers.id and x.at < ${bind('from')}::timestamptz and x.stock_after is not null
          order by x.at desc, x.id desc limit 1) before on true
        left join lateral (select x.id, x.at, x.kind, x.quantity, x.previous_quantity, x.stock_after from container_events x
          where x.container_id = containers.id and x.at >= ${bind('from')}::timestamptz) e on true
      where containers.id = ${bind('id')} and ${boundContainerScope(values, bind)}
      order by e.at, e.id`,
    values,
    true,
  );
  const [first] = rows;
  if (!first) throw new HttpError(404, 'container_not_found');
  const events = rows
    .filter((r) => r.eventId !== null)
    .map((r) => ({
      at: r.at as Date,
      kind: r.kind as ContainerEventRow['kind'],
      quantity: r.quantity,
      previousQuantity: r.previousQuantity,
      stockAfter: r.stockAfter,
    }));
  const newest = events.findLast((e) => e.stockAfter !== null);
  return {
    container: {
      id: first.id,
      fillingQuantity: first.fillingQuantity,
      expectedDeliveryDate: first.expectedDeliveryDate,
    },
    own: { leadTimeDays: first.leadTimeDays, safetyTimeDays: first.safetyTimeDays },
    branch: { leadTimeDays: first.branchLead, safetyTimeDays: first.branchSafety },
    stockBefore: first.stockBefore,
    stock: newest ? newest.stockAfter : first.stockBefore,
    events,
  };
};

export const asHistoryEvent = (
  e: Pick<ContainerEventRow, 'at' | 'kind' | 'quantity' | 'stockAfter'>,
): HistoryEvent => ({
  at: e.at,
  kind: e.kind,
  quantity: e.quantity,
  stockAfter: e.stockAfter,
});

/**
 * Writes the event an approved change makes (the shared rule `approvalEvent`) and refreshes the
 * container's forecast; called by `applyToContainer` with the row as it was before the change.
 */
export const recordApproval = async (
  tx: Db,
  before: ContainerRow,
  change: { fillingQuantity?: number; active?: boolean; numberOfScans?: number },
  now: Date,
): Promise<void> => {
  const stock = (await currentStock(tx, before.id)) ?? before.fillingQuantity;
  const event = approvalEvent(before, change, stock);
  if (!event) return;
  await tx.insert(t.containerEvents).values({
    containerId: before.id,
    concernCode: before.concernCode,
    locationCode: before.locationCode,
    at: now,
    ...event,
  });
  await refreshForecasts(tx, { ids: [before.id] }, now);
};

// --- forecasts ------------------------------------------------------------------------------------

/** Whole weeks of consumption before this week, oldest first, per container. */
export const weeklyConsumption = async (
  db: Db,
  ids: readonly string[],
  weeks: number,
  now: Date,
): Promise<Map<string, number[]>> => {
  const to = weekStart(now);
  const from = new Date(to.getTime() - weeks * WEEK_MS);
  const rows = await queryRows<{ id: string; week: number; quantity: number }>(
    db,
    sql`select container_id as id, floor(extract(epoch from (at - ${from.toISOString()}::timestamptz)) / 604800)::int as week,
          sum(quantity)::float8 as quantity
        from container_events
        where container_id = any(${sql.param([...ids])}::text[]) and kind = 'consumption'
          and at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz
        group by 1, 2`,
  );
  const out = new Map<string, number[]>(ids.map((id) => [id, Array.from({ length: weeks }, () => 0)]));
  for (const r of rows) {
    const series = out.get(r.id);
    if (series && r.week >= 0 && r.week < weeks) series[r.week] = Number(r.quantity);
  }
  return out;
};

/** The stored forecast of a container: `forecastOf` today, its dates absolute. */
const forecastRow = (
  c: Pick<
    ContainerRow,
    'id' | 'concernCode' | 'branchCode' | 'locationCode' | 'active' | 'expectedDeliveryDate'
  >,
  f: Forecast,
  stock: number,
  leadTimeDays: number,
  now: Date,
): typeof t.containerForecasts.$inferInsert => {
  const t0 = todayMs(now);
  const expected =
    c.expectedDeliveryDate && msOf(c.expectedDeliveryDate) >= t0 ? c.expectedDeliveryDate : null;
  const within = (days: number | null) =>
    days !== null && days <= HORIZON_DAYS ? dayOf(t0 + Math.max(0, days) * DAY_MS) : null;
  // The reach falls by a week a week: below the alarm reach from the first day past the difference.
  const alarmDays =
    f.reachWeeks === null
      ? null
      : f.reachWeeks < ALARMING_REACH_WEEKS
        ? 0
        : Math.floor((f.reachWeeks - ALARMING_REACH_WEEKS) * 7) + 1;
  const stockOutDays = f.stockOutDate === null ? null : Math.round((msOf(f.stockOutDate) - t0) / DAY_MS);
  // With a delivery on its way the margin does not move (both dates are fixed); else it shrinks daily.
  const stockOutDueDays =
    stockOutDays === null
      ? null
      : expected
        ? f.why.includes('stock_out_before_delivery')
          ? 0
          : null
        : stockOutDays - leadTimeDays + 1;
  const alarmDate = within(alarmDays);
  const stockOutDueDate = within(stockOutDueDays);
  const dueDate = [alarmDate, stockOutDueDate].filter((d): d is string => d !== null).sort()[0] ?? null;
  return {
    containerId: c.id,
    concernCode: c.concernCode,
    branchCode: c.branchCode,
    locationCode: c.locationCode,
    active: c.active,
    stock,
    averageWeekly: f.averageWeekly,
    reachWeeks: f.reachWeeks,
    computedOn: dayOf(t0),
    stockOutDate: f.stockOutDate,
    leadTimeDays,
    expectedDeliveryDate: expected,
    alarmDate,
    stockOutDueDate,
    dueDate,
    orderDate: dayOf(t0 + f.marginDays * DAY_MS),
  };
};

/** What the worklist shows of a stored forecast on `now`'s day (the domain's `urgencyOf`, moved on by the days since). */
export const forecastToday = (f: ForecastRow, now: Date) => {
  const today = todayMs(now);
  const why: ('below_alarm' | 'stock_out_before_delivery')[] = [];
  if (f.alarmDate && msOf(f.alarmDate) <= today) why.push('below_alarm');
  if (f.stockOutDueDate && msOf(f.stockOutDueDate) <= today) why.push('stock_out_before_delivery');
  const expected =
    f.expectedDeliveryDate && msOf(f.expectedDeliveryDate) >= today ? f.expectedDeliveryDate : null;
  const daysToNextDelivery = expected ? Math.round((msOf(expected) - today) / DAY_MS) : f.leadTimeDays;
  const stockOutDays = f.stockOutDate
    ? Math.max(0, Math.round((msOf(f.stockOutDate) - today) / DAY_MS))
    : null;
  const elapsedWeeks = Math.max(0, (today - msOf(f.computedOn)) / WEEK_MS);
  return {
    why,
    nextDeliveryDate: expected ?? dayOf(today + f.leadTimeDays * DAY_MS),
    marginDays: (stockOutDays ?? HORIZON_DAYS) - daysToNextDelivery,
    stockOutDate: f.stockOutDate,
    reachInWeeks: f.reachWeeks === null ? null : Math.max(0, f.reachWeeks - elapsedWeeks),
  };
};

interface Target {
  id: string;
  concernCode: string;
  branchCode: string;
  locationCode: string;
  active: boolean;
  expectedDeliveryDate: string | null;
  fillingQuantity: number;
  leadTimeDays: number;
}

/** Containers to refresh: by id, or the next `limit` after `after` in id order. */
type Selection =
  | { ids: readonly string[] }
  | { after: string; limit: number; locationCodes?: readonly string[] };

/**
 * Recomputes and stores the forecasts of some containers (one statement each to read their containers,
 * weeks and stock, one to write); returns the containers done, in id order.
 */
const refreshForecasts = async (db: Db, selection: Selection, now: Date): Promise<string[]> => {
  const where =
    'ids' in selection
      ? sql`c.id = any(${sql.param([...selection.ids])}::text[])`
      : selection.locationCodes
        ? sql`c.id > ${selection.after} and c.location_code = any(${sql.param([...selection.locationCodes])}::text[])`
        : sql`c.id > ${selection.after}`;
  const targets = await queryRows<Target>(
    db,
    sql`select c.id, c.concern_code as "concernCode", c.branch_code as "branchCode", c.location_code as "locationCode",
          c.active, c.expected_delivery_date::text as "expectedDeliveryDate", c.filling_quantity as "fillingQuantity",
          coalesce(l.lead_time_days, b.lead_time_days, ${DEFAULT_REPLENISHMENT_TIMES.leadTimeDays})::int as "leadTimeDays"
        from containers c join locations l on l.code = c.location_code join branches b on b.code = l.branch_code
        where ${where} order by c.id ${'limit' in selection ? sql`limit ${selection.limit}` : sql``}`,
  );
  if (!targets.length) return [];
  const ids = targets.map((c) => c.id);
  const [weeks, stocks] = await Promise.all([
    weeklyConsumption(db, ids, FORECAST_WINDOW_WEEKS, now),
    queryRows<{ id: string; stock: number | null }>(
      db,
      sql`select i.id, (select e.stock_after from container_events e
                          where e.container_id = i.id and e.stock_after is not null
                          order by e.at desc, e.id desc limit 1) as stock
          from unnest(${sql.param(ids)}::text[]) as i(id)`,
    ),
  ]);
  const stockOf = new Map(stocks.map((s) => [s.id, s.stock]));
  const rows = targets.map((c) => {
    const stock = stockOf.get(c.id) ?? c.fillingQuantity;
    const f = forecastOf({
      weeks: weeks.get(c.id) ?? [],
      stock,
      expectedDeliveryDate: c.expectedDeliveryDate,
      leadTimeDays: c.leadTimeDays,
      alarmReachWeeks: ALARMING_REACH_WEEKS,
      today: now,
    });
    return forecastRow(c, f, stock, c.leadTimeDays, now);
  });
  await db.execute(sql`
    insert into container_forecasts (container_id, concern_code, branch_code, location_code, active, stock,
      average_weekly, reach_weeks, computed_on, stock_out_date, lead_time_days, expected_delivery_date,
      alarm_date, stock_out_due_date, due_date, order_date)
    select "containerId", "concernCode", "branchCode", "locationCode", active, stock, "averageWeekly", "reachWeeks",
      "computedOn"::date, "stockOutDate"::date, "leadTimeDays", "expectedDeliveryDate"::date, "alarmDate"::date,
      "stockOutDueDate"::date, "dueDate"::date, "orderDate"::date
    from json_to_recordset(${JSON.stringify(rows)}::json) as r("containerId" text, "concernCode" text,
      "branchCode" text, "locationCode" text, active boolean, stock float8, "averageWeekly" float8,
      "reachWeeks" float8, "computedOn" text, "stockOutDate" text, "leadTimeDays" int, "expectedDeliveryDate" text,
      "alarmDate" text, "stockOutDueDate" text, "dueDate" text, "orderDate" text)
    on conflict (container_id) do update set concern_code = excluded.concern_code, branch_code = excluded.branch_code,
      location_code = excluded.location_code, active = excluded.active, stock = excluded.stock,
      average_weekly = excluded.average_weekly, reach_weeks = excluded.reach_weeks, computed_on = excluded.computed_on,
      stock_out_date = excluded.stock_out_date, lead_time_days = excluded.lead_time_days,
      expected_delivery_date = excluded.expected_delivery_date, alarm_date = excluded.alarm_date,
      stock_out_due_date = excluded.stock_out_due_date, due_date = excluded.due_date, order_date = excluded.order_date`);
  return ids;
};

/** Containers per refresh statement. */
const REFRESH_BATCH = 2_000;

/**
 * Refreshes every container's forecast (or those of some locations), batch by batch in id order;
 * `stop` is asked between batches (a job's abort signal). Returns how many were refreshed.
 */
export const refreshAllForecasts = async (
  db: Db,
  now: Date,
  o: { locationCodes?: readonly string[]; stop?: () => boolean; batch?: number } = {},
): Promise<number> => {
  let after = '';
  let done = 0;
  for (;;) {
    if (o.stop?.()) break;
    const ids = await refreshForecasts(
      db,
      {
        after,
        limit: o.batch ?? REFRESH_BATCH,
        ...(o.locationCodes ? { locationCodes: o.locationCodes } : {}),
      },
      now,
    );
    done += ids.length;
    if (ids.length < (o.batch ?? REFRESH_BATCH)) break;
    after = ids[ids.length - 1] as string;
  }
  return done;
};

/**
 * The history of a location's active containers over `weeks` as week-sized events (the consumption of
 * each week and the stock at its end), with each one's stock before the first week: what the reach-band
 * summary needs, aggregated in SQL instead of carried as single events.
 */
export const locationWeeks = async (
  db: Db,
  locationCode: string,
  weeks: readonly Date[],
): Promise<Map<string, { events: HistoryEvent[]; stockBefore: number | null }>> => {
  const from = weeks[0] as Date;
  const to = new Date((weeks[weeks.length - 1] as Date).getTime() + WEEK_MS);
  const fromText = from.toISOString();
  const [rows, before] = await Promise.all([
    queryRows<{ id: string; week: number; consumed: number | null; stock: number | null }>(
      db,
      sql`select e.container_id as id, floor(extract(epoch from (e.at - ${fromText}::timestamptz)) / 604800)::int as week,
            sum(e.quantity) filter (where e.kind = 'consumption')::float8 as consumed,
            (array_agg(e.stock_after order by e.at desc, e.id desc) filter (where e.stock_after is not null))[1] as stock
          from containers c join container_events e on e.container_id = c.id
          where c.location_code = ${locationCode} and c.active
            and e.at >= ${fromText}::timestamptz and e.at < ${to.toISOString()}::timestamptz
          group by 1, 2`,
    ),
    queryRows<{ id: string; stock: number | null }>(
      db,
      sql`select c.id, (select e.stock_after from container_events e
                          where e.container_id = c.id and e.stock_after is not null and e.at < ${fromText}::timestamptz
                          order by e.at desc, e.id desc limit 1) as stock
          from containers c where c.location_code = ${locationCode} and c.active`,
    ),
  ]);
  const out = new Map<string, { events: HistoryEvent[]; stockBefore: number | null }>(
    before.map((b) => [b.id, { events: [], stockBefore: b.stock }]),
  );
  for (const r of rows) {
    const entry = out.get(r.id);
    if (!entry) continue;
    // One event at the week's end carries both: what was consumed in it and the stock it ended with.
    entry.events.push({
      at: new Date(from.getTime() + r.week * WEEK_MS + WEEK_MS - 1),
      kind: 'consumption',
      quantity: r.consumed === null ? 0 : Number(r.consumed),
      stockAfter: r.stock === null ? null : Number(r.stock),
    });
  }
  return out;
};
