import fc from 'fast-check';
import { accepts, checksOf, type Def, defOf, pipeSource } from './zod-def';

/**
 * fast-check arbitraries from the contract's zod 4 schemas. `zod-fast-check` (0.10) supports
 * zod 3 and fast-check < 4 only, so this walks the zod 4 definitions itself; it covers the schema
 * kinds the contract uses (string with length, regex, email, ISO date/datetime; number with bounds
 * and int; boolean, enum, literal, array, object, strict object, record, optional, nullable,
 * default, union, pipe, unknown).
 */

export interface GenOptions {
  /**
   * Real values for a key (`code`, `id`, `username`, `locationCode`...): codes, ids and names of the
   * seeded dataset, so generated requests reach past "not found" into the handlers.
   */
  realistic?: (key: string | undefined) => readonly string[] | undefined;
  /** Also values inside the declared types that hurt: NUL, lone surrogates, odd unicode, extreme numbers and dates. */
  hostile?: boolean;
  /** Also values outside the declared types and bounds: wrong types, unknown keys, too long, missing fields. */
  invalid?: boolean;
}

/** Strings that have broken servers: NUL, lone surrogates, direction marks, LIKE wildcards, quotes, odd case mappings. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  'C001\u0000',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  'K\ud83d',
  '\u202eevil',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\ufffe',
  '\u{10ffff}',
  '\u{1f469}\u200d\u{1f469}\u200d\u{1f467}',
  'e\u0301',
  'İ',
  'ß',
  'ﬁ',
  'Ⅻ',
  '\u0085',
  '\u2028',
  '\r\n',
  '\t',
  '%',
  '_',
  '%_%',
  "'",
  '"',
  '\\',
  "' or 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u0024{x}',
  'null',
  'NaN',
  '-1',
  ' ',
  '',
  '   x   ',
  '𝕏',
];

/** Dates at and beyond every sensible edge, in the contract's YYYY-MM-DD form. */
export const HOSTILE_DATES: readonly string[] = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1900-01-01',
  '1970-01-01',
  '2000-02-29',
  '2024-02-29',
  '2999-12-31',
  '3000-01-01',
  '9999-12-31',
];

const HOSTILE_DATETIMES: readonly string[] = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000Z',
  '1970-01-01T00:00:00-12:00',
  '2024-02-29T23:59:59.999+14:00',
  '9999-12-31T23:59:59.999Z',
];

const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  1,
  -1,
  0.1 + 0.2,
  5e-324,
  1e-7,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
];

interface StringBounds {
  min: number;
  max: number;
  trim: boolean;
  format?: string;
  pattern?: RegExp;
}

const stringBounds = (def: Def): StringBounds => {
  const out: StringBounds = {
    min: 0,
    max: Number.POSITIVE_INFINITY,
    trim: false,
    ...(typeof def.format === 'string' ? { format: def.format } : {}),
    ...(def.pattern instanceof RegExp ? { pattern: def.pattern } : {}),
  };
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') out.min = Math.max(out.min, c.minimum as number);
    else if (c.check === 'max_length') out.max = Math.min(out.max, c.maximum as number);
    else if (c.check === 'length_equals') out.min = out.max = c.length as number;
    else if (c.check === 'overwrite') out.trim = true;
    else if (c.check === 'string_format') {
      out.format = c.format as string;
      if (c.pattern instanceof RegExp) out.pattern = c.pattern;
    }
  }
  return out;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`);
const isoDateTime = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

const fitting = (b: StringBounds) => (s: string) => s.length >= b.min && s.length <= b.max;

/** Long strings near and past the bound: many code units, astral characters, combining marks. */
const longStrings = (b: StringBounds, invalid: boolean): fc.Arbitrary<string> => {
  const max = Number.isFinite(b.max) ? b.max : 5000;
  const options = [
    'ä'.repeat(max),
    `${'x'.repeat(Math.max(0, max - 1))}\u0000`,
    '😀'.repeat(Math.floor(max / 2)),
    'e\u0301'.repeat(Math.floor(max / 2)),
    '\u202e'.repeat(max),
  ];
  if (invalid) options.push('a'.repeat(max + 1), 'ä'.repeat(max * 4 + 10));
  return fc.constantFrom(...options);
};

const stringArb = (schema: unknown, key: string | undefined, o: GenOptions): fc.Arbitrary<string> => {
  const def = defOf(schema);
  const b = stringBounds(def);
  const real = o.realistic?.(key)?.filter(fitting(b)) ?? [];
  let valid: fc.Arbitrary<string>;
  if (b.format === 'date') valid = isoDate;
  else if (b.format === 'datetime') valid = isoDateTime;
  // fc.emailAddress() follows RFC 5322, which allows far more than zod's (and any mail form's) pattern.
  else if (b.format === 'email')
    valid = fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9._-]{0,10}[a-z0-9]$/),
        fc.constantFrom('example.com', 'falcon.test', 'mail.example.org'),
      )
      .map(([local, domain]) => `${local.replace(/\.{2,}/g, '.')}@${domain}`)
      .filter(fitting(b));
  else if (b.format === 'url')
    valid = fc.webUrl({ validSchemes: ['https', 'http'], size: 'small' }).filter((s) => accepts(schema, s));
  else if (b.pattern && b.format === 'regex')
    // Most of the contract's patterns are character classes (`^[A-Za-z0-9._@-]+$`): repeating a
    // match keeps it a match, so short samples are stretched to the minimum length; what the whole
    // schema still refuses (an empty match under a minimum, a stretched structured pattern) is dropped.
    valid = fc
      .stringMatching(b.pattern, { size: 'xsmall' })
      .map((s) => (s.length && s.length < b.min ? s.repeat(Math.ceil(b.min / s.length)) : s).slice(0, b.max))
      .filter((s) => accepts(schema, s));
  else
    valid = fc.string({
      minLength: b.min,
      maxLength: Math.max(b.min, Math.min(b.max, 24)),
      unit: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_ .ABC'.split('')) },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
      ),
    });
  const parts: fc.WeightedArbitrary<string>[] = [{ weight: 4, arbitrary: valid }];
  if (real.length) parts.push({ weight: 6, arbitrary: fc.constantFrom(...real) });
  if (o.hostile) {
    if (b.format === 'date') parts.push({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_DATES) });
    else if (b.format === 'datetime')
      parts.push({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_DATETIMES) });
    else {
      const hostile = HOSTILE_STRINGS.map((s) => s.slice(0, Number.isFinite(b.max) ? b.max : undefined));
      const withReal = real.length
        ? fc.tuple(fc.constantFrom(...real), fc.constantFrom(...HOSTILE_STRINGS)).map(([r, h]) => `${r}${h}`)
        : fc.constantFrom(...hostile);
      parts.push(
        { weight: 3, arbitrary: fc.constantFrom(...hostile) },
        { weight: 1, arbitrary: withReal },
        { weight: 1, arbitrary: longStrings(b, Boolean(o.invalid)) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
      );
    }
  }
  return fc.oneof(...parts);
};

interface NumberBounds {
  min: number;
  max: number;
  minExcluded: boolean;
  maxExcluded: boolean;
  int: boolean;
}

const numberBounds = (def: Def): NumberBounds => {
  const out: NumberBounds = {
    min: Number.NEGATIVE_INFINITY,
    max: Number.POSITIVE_INFINITY,
    minExcluded: false,
    maxExcluded: false,
    int: false,
  };
  for (const c of checksOf(def)) {
    if (c.check === 'number_format' && /int/.test(String(c.format))) out.int = true;
    else if (c.check === 'greater_than') {
      out.min = c.value as number;
      out.minExcluded = !c.inclusive;
    } else if (c.check === 'less_than') {
      out.max = c.value as number;
      out.maxExcluded = !c.inclusive;
    }
  }
  return out;
};

const numberArb = (def: Def, o: GenOptions): fc.Arbitrary<number> => {
  const b = numberBounds(def);
  const parts: fc.WeightedArbitrary<number>[] = [];
  if (b.int) {
    const min = Math.max(
      Number.isFinite(b.min) ? b.min + (b.minExcluded ? 1 : 0) : -1e6,
      -Number.MAX_SAFE_INTEGER,
    );
    const max = Math.min(
      Number.isFinite(b.max) ? b.max - (b.maxExcluded ? 1 : 0) : 1e6,
      Number.MAX_SAFE_INTEGER,
    );
    parts.push(
      { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 50) }) },
      { weight: 2, arbitrary: fc.integer({ min, max }) },
    );
  } else {
    const min = Number.isFinite(b.min) ? b.min : -1e6;
    const max = Number.isFinite(b.max) ? b.max : 1e6;
    parts.push({
      weight: 6,
      arbitrary: fc.double({
        min,
        max,
        minExcluded: b.minExcluded,
        maxExcluded: b.maxExcluded,
        noNaN: true,
        noDefaultInfinity: true,
      }),
    });
  }
  if (o.hostile) {
    const inside = HOSTILE_NUMBERS.filter(
      (n) =>
        (b.minExcluded ? n > b.min : n >= b.min) &&
        (b.maxExcluded ? n < b.max : n <= b.max) &&
        (!b.int || Number.isSafeInteger(n)),
    );
    const edges = [b.min, b.max].filter(Number.isFinite);
    if (inside.length || edges.length)
      parts.push({
        weight: 3,
        arbitrary: fc.constantFrom(...inside, ...edges.filter((n) => !b.minExcluded || n !== b.min)),
      });
  }
  if (o.invalid) parts.push({ weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, 1.5, -1) });
  return fc.oneof(...parts);
};

/** Whether an object key may be left out: optional or defaulted. */
const mayBeAbsent = (schema: unknown): boolean => {
  const t = defOf(schema).type;
  return t === 'optional' || t === 'default' || t === 'prefault';
};

/** Wrong-typed values for `invalid` mode. */
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 5 }),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant({}),
);

/** An arbitrary of values for `schema` (its input side: what a client sends). */
export const arbitraryOf = (
  schema: unknown,
  options: GenOptions = {},
  key?: string,
): fc.Arbitrary<unknown> => {
  const inner = arbitraryFor(schema, options, key);
  if (!options.invalid) return inner;
  return fc.oneof({ weight: 12, arbitrary: inner }, { weight: 1, arbitrary: wrongType });
};

const arbitraryFor = (schema: unknown, o: GenOptions, key: string | undefined): fc.Arbitrary<unknown> => {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArb(schema, key, o);
    case 'number':
      return numberArb(def, o);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'never':
    case 'custom':
    case 'void':
      return fc.constant(undefined);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
      return fc.option(arbitraryOf(def.innerType, o, key), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType, o, key), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return arbitraryOf(def.innerType, o, key);
    case 'pipe':
      return arbitraryOf(pipeSource(def), o, key);
    case 'lazy':
      return arbitraryOf((def.getter as () => unknown)(), o, key);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((s) => arbitraryOf(s, o, key)));
    case 'array': {
      let min = 0;
      let max = 4;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length') min = c.minimum as number;
        if (c.check === 'max_length') max = Math.min(max, c.maximum as number);
      }
      return fc.array(arbitraryOf(def.element, o, key), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'record':
      return fc.dictionary(
        arbitraryOf(def.keyType, { ...o, invalid: false }, `${key ?? ''}[]`) as fc.Arbitrary<string>,
        arbitraryOf(def.valueType, o, key),
        { maxKeys: 3 },
      );
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const keys = Object.keys(shape);
      const model = Object.fromEntries(keys.map((k) => [k, arbitraryOf(shape[k], o, k)]));
      const requiredKeys = keys.filter((k) => !mayBeAbsent(shape[k]));
      const record = fc.record(model, { requiredKeys }).map((r) =>
        // fast-check writes optional keys it chose with `undefined`: JSON drops them anyway.
        Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)),
      );
      if (!o.invalid) return record;
      return fc.oneof(
        { weight: 10, arbitrary: record },
        { weight: 1, arbitrary: record.map((r) => ({ ...r, unexpectedField: 1 })) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.constantFrom(...(keys.length ? keys : ['x'])))
            .map(([r, drop]) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== drop))),
        },
      );
    }
    default:
      throw new Error(`arbitraryOf: zod type "${def.type}" is not supported (key ${key ?? '-'})`);
  }
};
