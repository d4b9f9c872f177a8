import type { ContainerEventKind } from '@falcon/api-client';
import type { DatasetContainer } from './types';

/**
 * A year of history per container (issue 16, ADR 0059): what was consumed week by week, the deliveries
 * that refilled the bin, a few quantity changes and the deactivations. It is a pure function of the
 * dataset's seed, the container's number and its fields, built from a counter-based hash (not a running
 * PRNG stream) and a table of hashed values, with nothing but integer arithmetic, + - * / and floor, so the server can compute the
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

/** A float in [0, 1) for (seed, container, salt): the same in SQL (`history-seed.ts`). */
export const unit = (seed: number, seq: number, salt: number): number =>
  mix32(hashInput(seed, seq, salt)) / TWO_32;

const hashInput = (seed: number, seq: number, salt: number) =>
  (seed * 2654435761 + seq * 1000003 + salt * 104729) % TWO_32;

/**
 * Week-by-week randomness comes from one table of 65,536 hashed values, read from a per-container
 * offset with a stride: a table lookup per week instead of a hash, so SQL generates 60 million rows in
 * reasonable time (a hash in SQL costs microseconds: PostgreSQL evaluates every operator by call).
 */
export const NOISE_TABLE_SIZE = 65_536;
export const NOISE_TABLE: Float64Array = (() => {
  const table = new Float64Array(NOISE_TABLE_SIZE);
  for (let i = 0; i < NOISE_TABLE_SIZE; i++) table[i] = mix32((i * 2654435761) % TWO_32) / TWO_32;
  return table;
})();
/** A container's offset into the table for one kind of weekly value. */
export const noiseOffset = (seed: number, seq: number, salt: number): number =>
  mix32(hashInput(seed, seq, salt)) % NOISE_TABLE_SIZE;
/** The stride between weeks. */
export const NOISE_STRIDE = 7919;
const weekly = (offset: number, week: number): number =>
  NOISE_TABLE[(offset + week * NOISE_STRIDE) % NOISE_TABLE_SIZE] as number;

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
  const amplitude = 0.1 + 0.3 * unit(seed, p.seq, 1);
  const seasonPhase = Math.floor(52 * unit(seed, p.seq, 2));
  const trend = (unit(seed, p.seq, 3) - 0.5) * 0.6;
  const noise = noiseOffset(seed, p.seq, 4);
  const outliers = noiseOffset(seed, p.seq, 5);
  const sizes = noiseOffset(seed, p.seq, 6);
  const weeks: number[] = [];
  for (let w = 0; w < HISTORY_WEEKS; w++) {
    const q = (w + seasonPhase) % 52;
    const season = 1 + amplitude * (Math.abs(2 * q - 52) / 26 - 1);
    const trendFactor = 1 + (trend * (w - 51)) / 51;
    const wobble = 0.8 + 0.4 * weekly(noise, w);
    const outlier = weekly(outliers, w) < 0.02 ? 3 + 2 * weekly(sizes, w) : 1;
    weeks.push(Math.max(0, round(p.base * season * trendFactor * wobble * outlier)));
  }
  return weeks;
};

/** Whether a container's filling quantity was changed during the year, and in which week. */
export const quantityChangeWeek = (seed: number, seq: number): number | null =>
  unit(seed, seq, 7) < 0.05 ? 10 + Math.floor(30 * unit(seed, seq, 8)) : null;

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
