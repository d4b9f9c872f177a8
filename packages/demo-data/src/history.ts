import type { ContainerEventKind } from '@falcon/api-client';
import type { DatasetContainer } from './types';

/**
 * A year of history per container (issue 16, ADR 0059): what was consumed week by week, the deliveries
 * that refilled the bin, a few quantity changes and the deactivations. It is a pure function of the
 * dataset's seed, the container's number and its fields, built from a counter-based hash (not a running
 * PRNG stream) with nothing but integer arithmetic, + - * / and floor, so the server can compute the
 * very same rows in SQL (`generate_series`, for a million containers) as this code does in memory
 * (the mock, the small and demo seeding); a test holds the two equal.
 *
 * The series: the container's weekly consumption (`consumption`, the rate its reach is told with) times
 * a season (a triangle wave over the year, amplitude 10-40 %, its own phase), a trend (-30 to +30 %
 * over the year, ending at today's rate), noise (+-20 % a week) and rare outliers (about one week in 50,
 * 3-5 times the usual). Deliveries come every `k` weeks (its filling quantity's worth of weeks, 1-13),
 * refilling what was taken, so the stock is a saw tooth that ends at today's stock: reach x consumption.
 */

/** Weeks of history: the 52 whole weeks before the week of the dataset's `now`. */
export const HISTORY_WEEKS = 52;

const TWO_32 = 4294967296;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** A 32-bit integer hash (three xor-shift-multiply rounds); `x` is taken modulo 2^32. */
export const mix32 = (value: number): number => {
  let x = value % TWO_32;
  x = (x ^ (x >>> 16)) >>> 0;
  x = Math.imul(x, 0x45d9f3b) >>> 0;
  x = (x ^ (x >>> 16)) >>> 0;
  x = Math.imul(x, 0x45d9f3b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
};

/** A float in [0, 1) for (seed, container, week, salt): the same in SQL (`historySql`). */
export const unit = (seed: number, seq: number, week: number, salt: number): number =>
  mix32((seed * 2654435761 + seq * 1000003 + week * 7919 + salt * 104729) % TWO_32) / TWO_32;

/** Monday 00:00 UTC of the week holding `now`: the history ends the week before. */
export const historyAnchor = (now: Date | string): Date => {
  const d = new Date(now);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return new Date(midnight - ((d.getUTCDay() + 6) % 7) * DAY_MS);
};

/** Monday 00:00 UTC of history week `w` (0 = a year ago, 51 = last week). */
export const historyWeekStart = (anchor: Date, week: number): Date =>
  new Date(anchor.getTime() - (HISTORY_WEEKS - week) * WEEK_MS);

export interface DatasetContainerEvent {
  containerId: string;
  at: string;
  kind: ContainerEventKind;
  quantity: number | null;
  previousQuantity: number | null;
  stockAfter: number | null;
}

/** The numbers a container's history is made from (`history.sql.ts` computes the same per row). */
export interface HistoryParams {
  seq: number;
  /** Today's weekly consumption: the series ends at it. */
  base: number;
  fillingQuantity: number;
  packaging: number;
  /** Weeks between deliveries (1-13). */
  cycle: number;
  /** Which week of the cycle a delivery comes in. */
  phase: number;
  /** Stock now: reach x consumption. */
  stockNow: number;
}

const round = (x: number) => Math.floor(x + 0.5);

export const historyParams = (c: DatasetContainer): HistoryParams => {
  const seq = Number.parseInt(c.id.slice(1), 10);
  const base = Math.max(1, c.consumption);
  const cycle = Math.min(13, Math.max(1, round(c.fillingQuantity / base)));
  return {
    seq,
    base,
    fillingQuantity: c.fillingQuantity,
    packaging: Math.max(1, Number.parseInt(c.packagingUnit, 10) || 1),
    cycle,
    phase: seq % cycle,
    stockNow: round(c.reachInWeeks * base),
  };
};

/** Consumption per week, oldest first (`HISTORY_WEEKS` of them). */
export const weeklyConsumption = (seed: number, p: HistoryParams): number[] => {
  const amplitude = 0.1 + 0.3 * unit(seed, p.seq, 0, 1);
  const seasonPhase = Math.floor(52 * unit(seed, p.seq, 0, 2));
  const trend = (unit(seed, p.seq, 0, 3) - 0.5) * 0.6;
  const weeks: number[] = [];
  for (let w = 0; w < HISTORY_WEEKS; w++) {
    const q = (w + seasonPhase) % 52;
    const season = 1 + amplitude * (Math.abs(2 * q - 52) / 26 - 1);
    const trendFactor = 1 + (trend * (w - 51)) / 51;
    const noise = 0.8 + 0.4 * unit(seed, p.seq, w, 4);
    const outlier = unit(seed, p.seq, w, 5) < 0.02 ? 3 + 2 * unit(seed, p.seq, w, 6) : 1;
    weeks.push(Math.max(0, round(p.base * season * trendFactor * noise * outlier)));
  }
  return weeks;
};

/** Whether a container's filling quantity was changed during the year, and in which week. */
export const quantityChangeWeek = (seed: number, seq: number): number | null =>
  unit(seed, seq, 0, 7) < 0.05 ? 10 + Math.floor(30 * unit(seed, seq, 0, 8)) : null;

const CONSUMPTION_AT = 4 * DAY_MS + 12 * 3_600_000; // Friday 12:00
const DELIVERY_AT = 4 * DAY_MS + 14 * 3_600_000; // Friday 14:00
const QUANTITY_CHANGE_AT = DAY_MS + 10 * 3_600_000; // Tuesday 10:00
const DEACTIVATION_AT = 5 * DAY_MS + 10 * 3_600_000; // Saturday 10:00

/** A container's events of the year before `anchor` (`historyAnchor(now)`), oldest first. */
export const containerEvents = (seed: number, c: DatasetContainer, anchor: Date): DatasetContainerEvent[] => {
  const p = historyParams(c);
  const weeks = weeklyConsumption(seed, p);
  const delivers = (w: number) => (w + p.phase) % p.cycle === p.cycle - 1;
  // Consumption so far in each week's delivery cycle.
  const cumulative: number[] = [];
  weeks.forEach((q, w) => {
    const sameCycle =
      w > 0 && Math.floor((w - 1 + p.phase) / p.cycle) === Math.floor((w + p.phase) / p.cycle);
    cumulative.push((sameCycle ? (cumulative[w - 1] as number) : 0) + q);
  });
  const last = HISTORY_WEEKS - 1;
  const top = p.stockNow + (delivers(last) ? 0 : (cumulative[last] as number));
  const changeWeek = quantityChangeWeek(seed, p.seq);
  const events: DatasetContainerEvent[] = [];
  const at = (w: number, offset: number) =>
    new Date(historyWeekStart(anchor, w).getTime() + offset).toISOString();
  const event = (e: Omit<DatasetContainerEvent, 'containerId'>) => events.push({ containerId: c.id, ...e });
  for (let w = 0; w < HISTORY_WEEKS; w++) {
    if (w === changeWeek)
      event({
        at: at(w, QUANTITY_CHANGE_AT),
        kind: 'quantity_change',
        quantity: p.fillingQuantity,
        previousQuantity:
          p.fillingQuantity >= 2 * p.packaging
            ? p.fillingQuantity - p.packaging
            : p.fillingQuantity + p.packaging,
        stockAfter: null,
      });
    const consumed = weeks[w] as number;
    const left = Math.max(0, top - (cumulative[w] as number));
    if (consumed > 0)
      event({
        at: at(w, CONSUMPTION_AT),
        kind: 'consumption',
        quantity: consumed,
        previousQuantity: null,
        stockAfter: left,
      });
    if (delivers(w) && top - left > 0)
      event({
        at: at(w, DELIVERY_AT),
        kind: 'delivery',
        quantity: top - left,
        previousQuantity: null,
        stockAfter: top,
      });
  }
  if (!c.active)
    event({
      at: at(last, DEACTIVATION_AT),
      kind: 'deactivation',
      quantity: null,
      previousQuantity: null,
      stockAfter: null,
    });
  return events;
};
