import { describe, expect, it } from 'vitest';
import {
  averageWeekly,
  cappedCount,
  daysToStockOut,
  replenishmentSettingsOf,
  suggestFillingQuantity,
  urgencyOf,
  weeklyTrend,
  withoutOutliers,
  worklistCountLimit,
} from './replenishment';

const constant = Array.from({ length: 52 }, () => 70);
/** 20 a week a year ago, rising by 1 a week: 71 in the last week. */
const rising = Array.from({ length: 52 }, (_, week) => 20 + week);
/** A year with a summer peak: 100 ± 50 over 52 weeks, the last week at the trough. */
const seasonal = Array.from(
  { length: 52 },
  (_, week) => 100 + 50 * Math.cos((2 * Math.PI * (week + 1)) / 52 + Math.PI),
);
const zero = Array.from({ length: 52 }, () => 0);
const spiked = constant.map((w, week) => (week === 48 ? 700 : w));

const sizing = {
  windowWeeks: 12,
  leadTimeDays: 14,
  safetyTimeDays: 7,
  packagingUnit: 50,
  fillingQuantity: 200,
};

describe('consumption', () => {
  it('averages a constant series to its constant, and ignores one spike in it', () => {
    expect(averageWeekly(constant, 12)).toBe(70);
    expect(averageWeekly(spiked, 12)).toBe(70);
    expect(withoutOutliers(spiked.slice(-12)).replaced).toBe(1);
  });

  it('keeps a trend and a season as they are (no week counts as an outlier)', () => {
    expect(withoutOutliers(rising).replaced).toBe(0);
    expect(withoutOutliers(seasonal).replaced).toBe(0);
    // The last 4 weeks of the rising series: 68, 69, 70, 71.
    expect(averageWeekly(rising, 4)).toBe(69.5);
    // A whole year of the season averages to its middle; a short window follows the season.
    expect(averageWeekly(seasonal, 52)).toBeCloseTo(100, 6);
    expect(averageWeekly(seasonal, 4)).toBeLessThan(55);
  });

  it('fits the trend of a rising series exactly', () => {
    const trend = weeklyTrend(rising, 12);
    expect(trend.slope).toBeCloseTo(1, 9);
    expect(trend.level).toBeCloseTo(71, 9);
    expect(weeklyTrend(constant, 12)).toEqual({ level: 70, slope: 0 });
  });
});

describe('stock-out', () => {
  it('comes after stock / daily consumption days at a constant rate', () => {
    // 70 a week = 10 a day: 100 pieces last 10 days.
    expect(daysToStockOut(100, { level: 70, slope: 0 })).toBe(10);
    expect(daysToStockOut(0, { level: 70, slope: 0 })).toBe(0);
  });

  it('comes sooner on a rising trend and never when nothing is consumed', () => {
    const flat = daysToStockOut(500, { level: 70, slope: 0 }) as number;
    const up = daysToStockOut(500, weeklyTrend(rising, 12)) as number;
    expect(flat).toBe(50);
    expect(up).toBeLessThan(flat);
    expect(daysToStockOut(500, weeklyTrend(zero, 12))).toBeNull();
  });

  it('stops consuming where a falling trend reaches zero', () => {
    // 70 a week falling by 10 a week: about 245 pieces until it reaches zero after 7 weeks.
    expect(daysToStockOut(200, { level: 70, slope: -10 })).not.toBeNull();
    expect(daysToStockOut(400, { level: 70, slope: -10 })).toBeNull();
  });
});

describe('suggested filling quantity', () => {
  it('covers lead and safety time at the average, rounded up to whole packaging units', () => {
    // 70 a week = 10 a day, 21 days = 210 pieces -> 5 units of 50 = 250.
    expect(suggestFillingQuantity({ weeks: constant, ...sizing })).toMatchObject({
      suggested: 250,
      reason: 'increase',
      averageWeekly: 70,
      coverDays: 21,
      needed: 210,
      outliersIgnored: 0,
    });
  });

  it('is not moved by a single outlier, and says it ignored one', () => {
    const s = suggestFillingQuantity({ weeks: spiked, ...sizing });
    expect(s.suggested).toBe(250);
    expect(s.outliersIgnored).toBe(1);
  });

  it('keeps one packaging unit where nothing was consumed', () => {
    expect(suggestFillingQuantity({ weeks: zero, ...sizing })).toMatchObject({
      suggested: 50,
      reason: 'no_consumption',
    });
  });

  it('says keep when the bin is right and decrease when it is too big', () => {
    expect(suggestFillingQuantity({ weeks: constant, ...sizing, fillingQuantity: 250 }).reason).toBe('keep');
    expect(suggestFillingQuantity({ weeks: constant, ...sizing, fillingQuantity: 400 }).reason).toBe(
      'decrease',
    );
  });

  it('follows a trend with a short window and the season with a long one', () => {
    const short = suggestFillingQuantity({ weeks: rising, ...sizing, windowWeeks: 4 });
    const long = suggestFillingQuantity({ weeks: rising, ...sizing, windowWeeks: 52 });
    expect(short.suggested).toBeGreaterThan(long.suggested);
    // Exactly 210 needed must not round up to a sixth unit by floating point noise.
    expect(suggestFillingQuantity({ weeks: constant, ...sizing, packagingUnit: 30 }).suggested).toBe(210);
  });
});

describe('urgency', () => {
  const base = { windowWeeks: 12, alarmReachWeeks: 2, daysToNextDelivery: 14 };

  it('is due below the alarm reach or when the stock runs out before the next delivery', () => {
    expect(urgencyOf({ ...base, stock: 100, weeks: constant })).toMatchObject({
      due: true,
      why: ['below_alarm', 'stock_out_before_delivery'],
      stockOutDays: 10,
      marginDays: -4,
    });
    expect(urgencyOf({ ...base, stock: 1000, weeks: constant })).toMatchObject({ due: false, why: [] });
  });

  it('is never due for a container nobody takes from', () => {
    expect(urgencyOf({ ...base, stock: 0.5, weeks: zero })).toMatchObject({
      due: false,
      reachWeeks: null,
      stockOutDays: null,
    });
  });

  it('ranks the one that runs out first as the most urgent', () => {
    const soon = urgencyOf({ ...base, stock: 50, weeks: constant });
    const later = urgencyOf({ ...base, stock: 120, weeks: constant });
    expect(soon.marginDays).toBeLessThan(later.marginDays);
  });
});

describe('lead and safety time settings', () => {
  const defaults = { leadTimeDays: 10, safetyTimeDays: 5 };

  it("tells where each time in effect comes from: the location's own, its branch's, the product's", () => {
    const settings = replenishmentSettingsOf({
      code: 'L1',
      level: 'location',
      own: { leadTimeDays: 3, safetyTimeDays: null },
      branch: { leadTimeDays: 20, safetyTimeDays: null },
      defaults,
      editable: true,
    });
    expect(settings).toEqual({
      code: 'L1',
      leadTimeDays: 3,
      safetyTimeDays: null,
      effective: { leadTimeDays: 3, safetyTimeDays: 5 },
      inherited: { leadTimeDays: 20, safetyTimeDays: 5 },
      source: { leadTimeDays: 'location', safetyTimeDays: 'default' },
      editable: true,
    });
    // Zero is a value set, not an inherited one.
    expect(
      replenishmentSettingsOf({
        code: 'L1',
        level: 'location',
        own: { leadTimeDays: null, safetyTimeDays: 0 },
        branch: { leadTimeDays: 20, safetyTimeDays: 2 },
        defaults,
        editable: false,
      }),
    ).toMatchObject({
      effective: { leadTimeDays: 20, safetyTimeDays: 0 },
      source: { leadTimeDays: 'branch', safetyTimeDays: 'location' },
    });
  });

  it("gives a branch the product's defaults to inherit", () => {
    expect(
      replenishmentSettingsOf({
        code: 'B1',
        level: 'branch',
        own: { leadTimeDays: 7, safetyTimeDays: null },
        defaults,
        editable: true,
      }),
    ).toMatchObject({
      inherited: defaults,
      effective: { leadTimeDays: 7, safetyTimeDays: 5 },
      source: { leadTimeDays: 'branch', safetyTimeDays: 'default' },
    });
  });
});

describe('the worklist count', () => {
  it('counts to 1,000, or to the end of the page after the one asked for when that is further', () => {
    expect(worklistCountLimit()).toBe(1000);
    expect(worklistCountLimit(0, 50)).toBe(1000);
    expect(worklistCountLimit(19, 50)).toBe(1050);
    expect(cappedCount(999, 1000)).toEqual({ total: 999, more: false });
    expect(cappedCount(1000, 1000)).toEqual({ total: 1000, more: false });
    expect(cappedCount(1001, 1000)).toEqual({ total: 1000, more: true });
  });
});
