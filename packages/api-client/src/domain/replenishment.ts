/**
 * Replenishment rules (issue 16): how fast a container empties, when it runs dry, and how much it
 * should hold. One place for the server, the mock and the screens that explain a suggestion.
 *
 * Input is a container's consumption per week, oldest first (what was taken out of it; deliveries
 * and quantity changes do not count). A single week far off the rest (an inventory correction, a
 * one-off project) must not resize a bin: weeks beyond three scaled median absolute deviations from
 * the window's median count as the median (a Hampel filter), so a constant series with one spike
 * averages exactly the constant, while a trend or a season, whose deviations are regular, is kept.
 */

import { WORKLIST_COUNT_LIMIT } from '../contract/replenishment';
import { ALARMING_REACH_WEEKS } from './validation';

const DAYS_A_WEEK = 7;
/** The Hampel filter's threshold: median absolute deviations (scaled to a standard deviation). */
const OUTLIER_MADS = 3;
const MAD_SCALE = 1.4826;

const median = (values: readonly number[]): number => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The weeks with outliers replaced by the median, and how many were replaced. */
export const withoutOutliers = (weeks: readonly number[]): { weeks: number[]; replaced: number } => {
  const m = median(weeks);
  const mad = median(weeks.map((w) => Math.abs(w - m))) * MAD_SCALE;
  let replaced = 0;
  const cleaned = weeks.map((w) => {
    // With no spread at all (a constant series), any other value is an outlier.
    const outlier = mad === 0 ? w !== m : Math.abs(w - m) > OUTLIER_MADS * mad;
    if (outlier) replaced++;
    return outlier ? m : w;
  });
  return { weeks: cleaned, replaced };
};

/** Average consumption per week over the last `windowWeeks` weeks (outliers as the median). */
export const averageWeekly = (weeks: readonly number[], windowWeeks: number): number => {
  const window = weeks.slice(-Math.max(1, Math.floor(windowWeeks)));
  if (!window.length) return 0;
  const { weeks: cleaned } = withoutOutliers(window);
  return cleaned.reduce((sum, w) => sum + w, 0) / cleaned.length;
};

/**
 * The weekly consumption's linear trend over the window (least squares on the cleaned weeks):
 * `level` is the fitted consumption of the last week, `slope` the change per week.
 */
export const weeklyTrend = (
  weeks: readonly number[],
  windowWeeks: number,
): { level: number; slope: number } => {
  const window = withoutOutliers(weeks.slice(-Math.max(1, Math.floor(windowWeeks)))).weeks;
  const n = window.length;
  if (n < 2) return { level: window[0] ?? 0, slope: 0 };
  const meanX = (n - 1) / 2;
  const meanY = window.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  window.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  });
  const slope = sxx ? sxy / sxx : 0;
  return { level: meanY + slope * (n - 1 - meanX), slope };
};

/** Reach in weeks of `stock` at the average consumption; null when nothing is consumed. */
export const reachInWeeks = (stock: number, weeklyAverage: number): number | null =>
  weeklyAverage > 0 ? stock / weeklyAverage : null;

/** The longest horizon a stock-out is projected over; beyond it the container does not run dry. */
const HORIZON_DAYS = 366;

/**
 * Days until `stock` runs out when consumption follows the trend (never below zero); null when it does
 * not run out within a year. Day by day, so a falling trend that reaches zero stops consuming.
 */
export const daysToStockOut = (stock: number, trend: { level: number; slope: number }): number | null => {
  if (stock <= 0) return 0;
  let left = stock;
  for (let day = 1; day <= HORIZON_DAYS; day++) {
    const weekly = Math.max(0, trend.level + (trend.slope * day) / DAYS_A_WEEK);
    left -= weekly / DAYS_A_WEEK;
    if (left <= 0) return day;
  }
  return null;
};

export interface SizingInput {
  /** Consumption per week, oldest first. */
  weeks: readonly number[];
  /** How many of the last weeks the average is taken over. */
  windowWeeks: number;
  /** Days from the order to the delivery (the location's, else its branch's default). */
  leadTimeDays: number;
  /** Days of consumption held beyond the lead time. */
  safetyTimeDays: number;
  /** The quantity a delivery comes in; the suggestion is a multiple of it (at least one). */
  packagingUnit: number;
  /** What the container is set to hold now. */
  fillingQuantity: number;
}

export type SizingReason = 'no_consumption' | 'increase' | 'decrease' | 'keep';

export interface SizingSuggestion {
  suggested: number;
  reason: SizingReason;
  /** The numbers the reason is told with (the screens word it per language). */
  averageWeekly: number;
  coverDays: number;
  /** Before rounding up to the packaging unit. */
  needed: number;
  outliersIgnored: number;
}

/**
 * The suggested filling quantity: the average consumption over the window times the days a bin must
 * cover (lead time + safety time), rounded up to whole packaging units, at least one unit. A container
 * with no consumption in the window keeps one unit (it is not removed by a rule: that is a person's call).
 */
export const suggestFillingQuantity = (input: SizingInput): SizingSuggestion => {
  const unit = input.packagingUnit > 0 ? input.packagingUnit : 1;
  const window = input.weeks.slice(-Math.max(1, Math.floor(input.windowWeeks)));
  const { replaced } = withoutOutliers(window);
  const average = averageWeekly(input.weeks, input.windowWeeks);
  const coverDays = Math.max(0, input.leadTimeDays) + Math.max(0, input.safetyTimeDays);
  const needed = (average / DAYS_A_WEEK) * coverDays;
  // A float's noise (2.0000000001 units) must not cost a whole unit more.
  const units = Math.max(1, Math.ceil(needed / unit - 1e-9));
  const suggested = units * unit;
  const reason: SizingReason =
    average === 0
      ? 'no_consumption'
      : suggested > input.fillingQuantity
        ? 'increase'
        : suggested < input.fillingQuantity
          ? 'decrease'
          : 'keep';
  return { suggested, reason, averageWeekly: average, coverDays, needed, outliersIgnored: replaced };
};

export interface UrgencyInput {
  stock: number;
  weeks: readonly number[];
  windowWeeks: number;
  /** The reach in weeks below which the container alarms. */
  alarmReachWeeks: number;
  /** Days until the next delivery can arrive (the lead time, or the date of one on its way). */
  daysToNextDelivery: number;
}

export interface Urgency {
  /** Whether the container belongs on the reorder worklist. */
  due: boolean;
  reachWeeks: number | null;
  stockOutDays: number | null;
  /** Sort key: smaller is more urgent (days of margin before the next delivery). */
  marginDays: number;
  why: ('below_alarm' | 'stock_out_before_delivery')[];
}

/** Whether and how urgently a container needs replenishing: below its alarm reach or dry before the next delivery. */
export const urgencyOf = (input: UrgencyInput): Urgency => {
  const average = averageWeekly(input.weeks, input.windowWeeks);
  const reachWeeks = reachInWeeks(input.stock, average);
  const stockOutDays = daysToStockOut(input.stock, weeklyTrend(input.weeks, input.windowWeeks));
  const why: Urgency['why'] = [];
  if (reachWeeks !== null && reachWeeks < input.alarmReachWeeks) why.push('below_alarm');
  if (stockOutDays !== null && stockOutDays < input.daysToNextDelivery) why.push('stock_out_before_delivery');
  const marginDays = (stockOutDays ?? HORIZON_DAYS) - input.daysToNextDelivery;
  return { due: why.length > 0, reachWeeks, stockOutDays, marginDays, why };
};

// --- what both backends answer with (issue 16, ADR 0059) ------------------------------------------

/** Whole weeks the forecast (worklist, reach, stock-out date) averages over. */
export const FORECAST_WINDOW_WEEKS = 12;
/** Weeks of the container history: the 52 whole weeks before this one, and this one so far. */
export const HISTORY_CHART_WEEKS = 53;

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week holding `now`. */
export const weekStart = (now: Date): Date => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS);
};

/** The Mondays of the history chart, oldest first: the last is this week's. */
export const historyWeeks = (now: Date): Date[] => {
  const current = weekStart(now).getTime();
  return Array.from(
    { length: HISTORY_CHART_WEEKS },
    (_, i) => new Date(current - (HISTORY_CHART_WEEKS - 1 - i) * DAYS_A_WEEK * DAY_MS),
  );
};

/** Pieces in a packaging unit as the data names it (`'500 Stk'` → 500); 1 when it names none. */
export const packagingUnitCount = (packagingUnit: string | null | undefined): number => {
  const n = Number.parseInt(String(packagingUnit ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
};

/** A container event as the rules read it. */
export interface HistoryEvent {
  at: Date;
  kind: 'consumption' | 'delivery' | 'quantity_change' | 'deactivation' | 'activation';
  quantity: number | null;
  stockAfter: number | null;
}

export interface HistorySeries {
  /** Monday of each week, oldest first. */
  weeks: Date[];
  consumption: number[];
  /** Stock at the end of each week (the last known); null before the first known stock. */
  stock: (number | null)[];
  /** Reach in weeks at the end of each week: stock / the average of the whole weeks before (the forecast's window). */
  reach: (number | null)[];
}

/**
 * Weekly series over `weeks` (Mondays, oldest first) from a container's events (any order). Events
 * before the first week only give the stock a start; `stockBefore` is the stock known before them.
 */
export const historySeries = (
  events: readonly HistoryEvent[],
  weeks: readonly Date[],
  stockBefore: number | null = null,
): HistorySeries => {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  const consumption = weeks.map(() => 0);
  const stock: (number | null)[] = weeks.map(() => null);
  const bounds = weeks.map((w) => w.getTime());
  const end = (bounds[bounds.length - 1] ?? 0) + DAYS_A_WEEK * DAY_MS;
  let known = stockBefore;
  let at = 0;
  for (let i = 0; i < bounds.length; i++) {
    const until = i + 1 < bounds.length ? (bounds[i + 1] as number) : end;
    while (at < sorted.length && (sorted[at] as HistoryEvent).at.getTime() < until) {
      const e = sorted[at] as HistoryEvent;
      if (e.at.getTime() >= (bounds[i] as number) && e.kind === 'consumption')
        consumption[i] = (consumption[i] as number) + (e.quantity ?? 0);
      if (e.stockAfter !== null) known = e.stockAfter;
      at++;
    }
    stock[i] = known;
  }
  const reach = stock.map((s, i) => {
    if (s === null) return null;
    const before = consumption.slice(Math.max(0, i + 1 - FORECAST_WINDOW_WEEKS), i + 1);
    return reachInWeeks(s, averageWeekly(before, FORECAST_WINDOW_WEEKS));
  });
  return { weeks: [...weeks], consumption, stock, reach };
};

export interface ReplenishmentTimes {
  leadTimeDays: number;
  safetyTimeDays: number;
}
/** A location's or branch's own setting: null inherits. */
export interface ReplenishmentSetting {
  leadTimeDays: number | null;
  safetyTimeDays: number | null;
}

/** What is in effect: the own value, else the inherited one. */
export const effectiveTimes = (
  own: ReplenishmentSetting | null | undefined,
  inherited: ReplenishmentTimes,
): ReplenishmentTimes => ({
  leadTimeDays: own?.leadTimeDays ?? inherited.leadTimeDays,
  safetyTimeDays: own?.safetyTimeDays ?? inherited.safetyTimeDays,
});

/** Where a time in effect comes from: the location's own, its branch's default, or the product's default. */
type TimeSource = 'location' | 'branch' | 'default';

/**
 * A location's or branch's settings as both backends answer them (the contract's `ReplenishmentSettings`):
 * its own values (null inherits), what a null inherits, what is in effect and where each value comes from.
 * A location inherits its branch's own values, then the product's defaults; a branch the product's.
 */
export const replenishmentSettingsOf = (a: {
  code: string;
  level: 'location' | 'branch';
  own: ReplenishmentSetting | null | undefined;
  /** The branch's own values (a location's parent); ignored for a branch. */
  branch?: ReplenishmentSetting | null | undefined;
  defaults: ReplenishmentTimes;
  editable: boolean;
}) => {
  const parent = a.level === 'location' ? a.branch : null;
  const inherited = effectiveTimes(parent, a.defaults);
  const sourceOf = (key: keyof ReplenishmentTimes): TimeSource =>
    a.own?.[key] != null ? a.level : parent?.[key] != null ? 'branch' : 'default';
  return {
    code: a.code,
    leadTimeDays: a.own?.leadTimeDays ?? null,
    safetyTimeDays: a.own?.safetyTimeDays ?? null,
    effective: effectiveTimes(a.own, inherited),
    inherited,
    source: { leadTimeDays: sourceOf('leadTimeDays'), safetyTimeDays: sourceOf('safetyTimeDays') },
    editable: a.editable,
  };
};

export interface ForecastInput {
  /** Whole weeks of consumption, oldest first (the forecast uses the last FORECAST_WINDOW_WEEKS). */
  weeks: readonly number[];
  stock: number;
  /** The expected delivery of one on its way (YYYY-MM-DD), else null; one overdue counts as none. */
  expectedDeliveryDate: string | null;
  leadTimeDays: number;
  alarmReachWeeks: number;
  today: Date;
}

export interface Forecast {
  averageWeekly: number;
  reachWeeks: number | null;
  /** YYYY-MM-DD; null when it does not run dry within a year. */
  stockOutDate: string | null;
  /** YYYY-MM-DD: the expected delivery, else today + lead time. */
  nextDeliveryDate: string;
  marginDays: number;
  due: boolean;
  why: Urgency['why'];
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A container's forecast today: `urgencyOf` with its next delivery, as dates. */
export const forecastOf = (input: ForecastInput): Forecast => {
  const today = Date.UTC(input.today.getUTCFullYear(), input.today.getUTCMonth(), input.today.getUTCDate());
  const expected = input.expectedDeliveryDate ? Date.parse(`${input.expectedDeliveryDate}T00:00:00Z`) : null;
  // A delivery expected in the past is overdue: it cannot be counted on, the lead time counts again.
  const daysToNextDelivery =
    expected !== null && Number.isFinite(expected) && expected >= today
      ? Math.round((expected - today) / DAY_MS)
      : Math.max(0, input.leadTimeDays);
  const u = urgencyOf({
    stock: input.stock,
    weeks: input.weeks,
    windowWeeks: FORECAST_WINDOW_WEEKS,
    alarmReachWeeks: input.alarmReachWeeks,
    daysToNextDelivery,
  });
  return {
    averageWeekly: averageWeekly(input.weeks, FORECAST_WINDOW_WEEKS),
    reachWeeks: u.reachWeeks,
    stockOutDate: u.stockOutDays === null ? null : isoDay(today + u.stockOutDays * DAY_MS),
    nextDeliveryDate: isoDay(today + daysToNextDelivery * DAY_MS),
    marginDays: u.marginDays,
    due: u.due,
    why: u.why,
  };
};

/** Reach bands of the location summary (weeks): empty, alarm <= 1, low <= 2, ok <= 8, high > 8. */
export const reachBandOf = (
  stock: number | null,
  reachWeeks: number | null,
): 'empty' | 'alarm' | 'low' | 'ok' | 'high' | 'no_consumption' => {
  if (stock !== null && stock <= 0) return 'empty';
  if (reachWeeks === null) return 'no_consumption';
  if (reachWeeks <= 1) return 'alarm';
  if (reachWeeks <= 2) return 'low';
  if (reachWeeks <= 8) return 'ok';
  return 'high';
};

/** The event an approved change writes to a container's history (null: nothing a history keeps). */
export const approvalEvent = (
  before: { fillingQuantity: number; active: boolean },
  change: { fillingQuantity?: number; active?: boolean; numberOfScans?: number },
  stock: number,
): {
  kind: HistoryEvent['kind'];
  quantity: number | null;
  previousQuantity: number | null;
  stockAfter: number;
} | null => {
  // A scan: the bin was emptied, one filling quantity consumed (the refill arrives as a delivery).
  if (change.numberOfScans !== undefined)
    return {
      kind: 'consumption',
      quantity: before.fillingQuantity,
      previousQuantity: null,
      stockAfter: Math.max(0, stock - before.fillingQuantity),
    };
  if (change.fillingQuantity !== undefined && change.fillingQuantity !== before.fillingQuantity)
    return {
      kind: 'quantity_change',
      quantity: change.fillingQuantity,
      previousQuantity: before.fillingQuantity,
      stockAfter: stock,
    };
  if (change.active !== undefined && change.active !== before.active)
    return {
      kind: change.active ? 'activation' : 'deactivation',
      quantity: null,
      previousQuantity: null,
      stockAfter: stock,
    };
  return null;
};

/** The worklist's order: least margin first, then by container id (stable pages). */
export const worklistOrder = (
  a: { marginDays?: number; containerId: string },
  b: { marginDays?: number; containerId: string },
): number =>
  (a.marginDays ?? 0) - (b.marginDays ?? 0) ||
  (a.containerId < b.containerId ? -1 : a.containerId > b.containerId ? 1 : 0);

/**
 * A container's sizing as both backends answer it (the contract's `ContainerSizing`): the suggestion over
 * its weeks with the numbers it is told with.
 */
export const containerSizingOf = (
  c: { id: string; fillingQuantity: number; packagingUnit: string | null | undefined },
  weeks: readonly number[],
  windowWeeks: number,
  times: ReplenishmentTimes,
) => {
  const packagingUnit = packagingUnitCount(c.packagingUnit);
  const s = suggestFillingQuantity({
    weeks,
    windowWeeks,
    ...times,
    packagingUnit,
    fillingQuantity: c.fillingQuantity,
  });
  return {
    containerId: c.id,
    windowWeeks,
    ...times,
    coverDays: s.coverDays,
    reason: s.reason,
    outliersIgnored: s.outliersIgnored,
    packagingUnit,
    fillingQuantity: c.fillingQuantity,
    suggested: s.suggested,
    averageWeekly: s.averageWeekly,
    needed: s.needed,
  };
};

/** How many of a container's newest events its history shows. */
export const HISTORY_EVENTS_SHOWN = 50;

/**
 * A container's history as both backends answer it (the contract's `ContainerHistory`): its weekly series, the
 * forecast's numbers and its newest events (`events` oldest first, each shown by `eventView`), newest first.
 */
export const containerHistoryOf = <E, V>(
  c: { id: string; fillingQuantity: number },
  series: HistorySeries,
  forecast: Pick<Forecast, 'averageWeekly' | 'reachWeeks' | 'stockOutDate'>,
  events: readonly E[],
  eventView: (event: E) => V,
) => ({
  containerId: c.id,
  weeks: series.weeks.map((week) => isoDay(week.getTime())),
  consumption: series.consumption,
  stock: series.stock,
  reach: series.reach,
  reachInWeeks: forecast.reachWeeks,
  alarmReachWeeks: ALARMING_REACH_WEEKS,
  alarmStock: forecast.averageWeekly > 0 ? ALARMING_REACH_WEEKS * forecast.averageWeekly : null,
  averageWeekly: forecast.averageWeekly,
  fillingQuantity: c.fillingQuantity,
  stockOutDate: forecast.stockOutDate,
  events: events.slice(-HISTORY_EVENTS_SHOWN).reverse().map(eventView),
});

/**
 * How far the worklist counts for a page (ADR 0067): `WORKLIST_COUNT_LIMIT`, or to the end of the page after
 * the requested one when that is further, so a pager that shows "page 20 of 20+" can always go on.
 */
export const worklistCountLimit = (page = 0, size = 0): number =>
  Math.max(WORKLIST_COUNT_LIMIT, (page + 2) * size);

/** A count taken up to `limit` (the backends count `limit + 1` rows at most): the number shown and whether more exist. */
export const cappedCount = (counted: number, limit: number): { total: number; more: boolean } => ({
  total: Math.min(counted, limit),
  more: counted > limit,
});
