/**
 * A small, fast, seedable PRNG (sfc32) for the bulk of the data: a million containers through faker
 * would take minutes; this takes seconds and is reproducible per location, so containers can be
 * streamed location by location without generating the ones before.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    const h = typeof seed === 'number' ? hash32(`n:${seed}`) : hash32(seed);
    this.a = h;
    this.b = hash32(`${seed}:b`);
    this.c = hash32(`${seed}:c`);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max) rounded to `digits` fraction digits. */
  float(min: number, max: number, digits = 2): number {
    const f = 10 ** digits;
    return Math.round((min + this.next() * (max - min)) * f) / f;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }
}

/** FNV-1a, 32 bit: stable across platforms, used to derive per-object seeds and digits. */
export const hash32 = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

export const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Removes diacritics and anything not allowed in a username. */
export const asciiSlug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

const DAY_MS = 86_400_000;

const MINUTES_CACHED = 400 * 1440;
const DAYS_CACHED = 400;

/**
 * Dates relative to the dataset's fixed `now`, so a seed always gives the same data. Results within
 * 400 days of now are memoised (to the minute and the day): a million containers share the strings
 * and the generator does not format a date per container.
 */
export const dateTools = (now: Date) => {
  const minutes: (string | undefined)[] = new Array(2 * MINUTES_CACHED + 1);
  const days: (string | undefined)[] = new Array(2 * DAYS_CACHED + 1);
  const base = now.getTime();
  return {
    now,
    /** ISO date-time `days` (may be fractional or negative) from now, to the minute. */
    at: (offsetDays: number): string => {
      const key = Math.round(offsetDays * 1440);
      if (key < -MINUTES_CACHED || key > MINUTES_CACHED) return new Date(base + key * 60_000).toISOString();
      const cached = minutes[key + MINUTES_CACHED];
      if (cached !== undefined) return cached;
      const iso = new Date(base + key * 60_000).toISOString();
      minutes[key + MINUTES_CACHED] = iso;
      return iso;
    },
    /** ISO date (YYYY-MM-DD) `days` from now. */
    day: (offsetDays: number): string => {
      const key = Math.round(offsetDays);
      if (key < -DAYS_CACHED || key > DAYS_CACHED)
        return new Date(base + key * DAY_MS).toISOString().slice(0, 10);
      const cached = days[key + DAYS_CACHED];
      if (cached !== undefined) return cached;
      const iso = new Date(base + key * DAY_MS).toISOString().slice(0, 10);
      days[key + DAYS_CACHED] = iso;
      return iso;
    },
  };
};
export type DateTools = ReturnType<typeof dateTools>;
