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
