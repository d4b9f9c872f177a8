import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The data sets' year of history in SQL (issue 16, ADR 0059): the same rows `containerEvents` of
 * @falcon/demo-data makes in memory, computed by PostgreSQL with `generate_series`, so seeding a
 * million containers needs no round trip per row. Every step mirrors the generator's arithmetic
 * (integer hashes, float8 + - * /, floor); `test/history-seed.test.ts` holds the two equal.
 *
 * @falcon/demo-data is a development dependency (demo seeding only): it is loaded when seeding.
 *
 * Literals are cast to float8 throughout: an untyped `0.1` is numeric in PostgreSQL and would round
 * differently from JavaScript's doubles.
 */

const TWO_32 = '4294967296';
const K = '73244475'; // 0x45d9f3b

/** `mix32` of demo-data as an expression over a bigint expression in [0, 2^32). */
const mix32 = (x: string): string => {
  const x1 = `((${x}) # ((${x}) >> 16))`;
  const x2 = `((${x1} * ${K}) % ${TWO_32})`;
  const x3 = `(${x2} # (${x2} >> 16))`;
  const x4 = `((${x3} * ${K}) % ${TWO_32})`;
  return `(${x4} # (${x4} >> 16))`;
};
const hashInput = (salt: number) => `((seed * 2654435761 + seq * 1000003 + ${salt * 104729}) % ${TWO_32})`;
const unit = (salt: number) => `(${mix32(hashInput(salt))}::float8 / ${TWO_32}::float8)`;

const DAY = 86_400;

interface Generator {
  HISTORY_WEEKS: number;
  NOISE_STRIDE: number;
  NOISE_TABLE_SIZE: number;
}

/** One batch of containers (`id` from :first to :last) and their year of events. */
const batchSql = ({ HISTORY_WEEKS, NOISE_STRIDE, NOISE_TABLE_SIZE }: Generator) => {
  const offset = (salt: number) => `(${mix32(hashInput(salt))} % ${NOISE_TABLE_SIZE})`;
  // The table as a bind parameter: a constant of the plan, read in place (joined, or carried in a row, it
  // would be copied per row).
  const noise = (offsetColumn: string) =>
    `(:noise::float8[])[((${offsetColumn} + g.w * ${NOISE_STRIDE}) % ${NOISE_TABLE_SIZE}) + 1]`;
  const at = (seconds: number) => `to_timestamp(anchor - (${HISTORY_WEEKS} - w) * ${7 * DAY} + ${seconds})`;
  return `
with n as (select :seed::bigint as seed, :anchor::float8 as anchor),
p as (
  select c.id, c.concern_code, c.location_code, c.active, c.filling_quantity as fq,
    substring(c.id from 2)::bigint as seq, n.seed, n.anchor,
    greatest(1::float8, c.consumption) as base,
    c.reach_in_weeks as reach,
    greatest(1, coalesce(nullif(substring(c.packaging_unit from '^[0-9]+'), '')::int, 1)) as pack
  from containers c cross join n
  where c.id >= :first and c.id <= :last
), q as materialized (
  select p.*,
    least(13, greatest(1, floor(fq / base + 0.5::float8)))::int as cycle,
    floor(reach * base + 0.5::float8) as stock_now,
    0.1::float8 + 0.3::float8 * ${unit(1)} as amplitude,
    floor(52::float8 * ${unit(2)})::int as season_phase,
    (${unit(3)} - 0.5::float8) * 0.6::float8 as trend,
    ${offset(4)} as noise_at,
    ${offset(5)} as outlier_at,
    ${offset(6)} as size_at,
    case when ${unit(7)} < 0.05::float8 then 10 + floor(30::float8 * ${unit(8)})::int end as change_week
  from p
), cycles as (
  -- Per container (a lateral subquery): its 52 weeks, the running sum within each delivery cycle, and
  -- the sum of the last (running) cycle. Small sorts per container instead of one over every row.
  select q.id, q.concern_code, q.location_code, q.active, q.fq, q.pack, q.change_week, q.anchor, q.stock_now,
    q.cycle, q.seq % q.cycle as phase, y.w, y.consumed, y.cum, y.last_cum
  from q cross join lateral (
    select x.w, x.consumed,
      sum(x.consumed) over (partition by (x.w + q.seq % q.cycle) / q.cycle order by x.w) as cum,
      sum(case when (x.w + q.seq % q.cycle) / q.cycle = (${HISTORY_WEEKS - 1} + q.seq % q.cycle) / q.cycle
               then x.consumed else 0::float8 end) over () as last_cum
    from (
      select g.w, greatest(0::float8, floor(
        q.base
        * (1::float8 + q.amplitude * (abs(2 * ((g.w + q.season_phase) % 52) - 52)::float8 / 26::float8 - 1::float8))
        * (1::float8 + (q.trend * (g.w - 51)::float8) / 51::float8)
        * (0.8::float8 + 0.4::float8 * ${noise('q.noise_at')})
        * (case when ${noise('q.outlier_at')} < 0.02::float8
             then 3::float8 + 2::float8 * ${noise('q.size_at')} else 1::float8 end)
        + 0.5::float8)) as consumed
      from generate_series(0, ${HISTORY_WEEKS - 1}) g(w)
    ) x
  ) y
), stocks as materialized (
  select id, concern_code, location_code, active, fq, pack, w, change_week, anchor, consumed, cum,
    stock_now + case when (${HISTORY_WEEKS - 1} + phase) % cycle = cycle - 1 then 0::float8 else last_cum end as top,
    (w + phase) % cycle = cycle - 1 as delivers
  from cycles
)
insert into container_events (container_id, concern_code, location_code, at, kind, quantity, previous_quantity, stock_after)
select id, concern_code, location_code, ${at(4 * DAY + 12 * 3600)}, 'consumption', consumed, null::float8, greatest(0::float8, top - cum)
  from stocks where consumed > 0
union all
select id, concern_code, location_code, ${at(4 * DAY + 14 * 3600)}, 'delivery', top - greatest(0::float8, top - cum), null::float8, top
  from stocks where delivers and top - greatest(0::float8, top - cum) > 0
union all
select id, concern_code, location_code, ${at(DAY + 10 * 3600)}, 'quantity_change', fq,
    case when fq >= 2 * pack then fq - pack else fq + pack end, null::float8
  from stocks where w = change_week
union all
select id, concern_code, location_code, ${at(5 * DAY + 10 * 3600)}, 'deactivation', null::float8, null::float8, null::float8
  from stocks where not active and w = ${HISTORY_WEEKS - 1}`;
};

/** Named values into the statement: `:name` becomes a parameter. */
const statement = (text: string, values: Record<string, unknown>) => {
  const chunks = text
    .split(/(?<!:)(:[a-z]+)\b/)
    .map((part) =>
      /^:[a-z]+$/.test(part) && part.slice(1) in values ? sql.param(values[part.slice(1)]) : sql.raw(part),
    );
  return sql.join(chunks, sql.raw(''));
};

/** Containers per statement: about 60 events each, sorted in memory for the window sums. */
const BATCH = 10_000;

/**
 * Seeds the year before `anchor` (Monday 00:00 UTC of the week the history ends before) for every
 * container, in batches of container ids. Returns the number of events written.
 */
export const seedHistory = async (
  db: Db,
  o: { seed: number; anchor: Date; log?: (line: string) => void },
): Promise<number> => {
  const generator = await import('@falcon/demo-data');
  const text = batchSql(generator);
  const noise = Array.from(generator.NOISE_TABLE);
  const ids = (await db.execute(sql`select id from containers order by id`)) as unknown as {
    rows: { id: string }[];
  };
  let written = 0;
  const all = ids.rows.map((r) => r.id);
  // Into an empty table, indexes are built once after the rows (much faster than row by row).
  const empty = !(
    (await db.execute(sql`select exists (select 1 from container_events) as some`)) as unknown as {
      rows: { some: boolean }[];
    }
  ).rows[0]?.some;
  if (empty) {
    await db.execute(sql`alter table container_events drop constraint container_events_pkey`);
    await db.execute(sql`drop index container_events_container_at_idx`);
  }
  await db.execute(sql`set local work_mem = '128MB'`);
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    const result = (await db.execute(
      statement(text, {
        seed: o.seed,
        anchor: o.anchor.getTime() / 1000,
        noise,
        first: batch[0],
        last: batch[batch.length - 1],
      }),
    )) as unknown as { rowCount?: number; affectedRows?: number };
    written += result.rowCount ?? result.affectedRows ?? 0;
    if (o.log && (i / BATCH) % 20 === 19) o.log(`history: ${i + batch.length} of ${all.length} containers`);
  }
  if (empty) {
    await db.execute(sql`alter table container_events add constraint container_events_pkey primary key (id)`);
    await db.execute(
      sql`create index container_events_container_at_idx on container_events using btree (container_id, at)`,
    );
  }
  return written;
};
