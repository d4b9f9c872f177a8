import fc from 'fast-check';
import { accepts, checksOf, defOf, pipeSource } from './zod-def';

/**
 * The smallest valid value of a zod 4 schema: defaults where the schema has them, required keys
 * only, the first enum entry, arrays at their minimum length, strings from `realistic` (real codes
 * and ids of the seeded dataset, by key) or the shortest string the bounds allow. Requests in the
 * authorization matrix start from it and set only what the row is about.
 */

/** The shortest of a few strings matching `pattern` that the whole string schema accepts (deterministic). */
const matching = (schema: unknown, pattern: RegExp): string | undefined =>
  fc
    .sample(fc.stringMatching(pattern, { size: 'xsmall' }), { numRuns: 200, seed: 1 })
    .filter((s) => accepts(schema, s))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))[0];

export const exampleOf = (
  schema: unknown,
  realistic: (key: string | undefined) => string | undefined = () => undefined,
  key?: string,
): unknown => {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      let min = 0;
      let format: string | undefined = typeof def.format === 'string' ? def.format : undefined;
      let pattern: RegExp | undefined = def.pattern instanceof RegExp ? def.pattern : undefined;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length') min = c.minimum as number;
        if (c.check === 'string_format') {
          format = c.format as string;
          if (c.pattern instanceof RegExp) pattern = c.pattern;
        }
      }
      const real = realistic(key);
      if (real !== undefined) return real;
      if (format === 'date') return '2031-05-14';
      if (format === 'datetime') return '2031-05-14T08:00:00.000Z';
      if (format === 'email') return 'matrix@example.com';
      if (format === 'url') return 'https://example.com';
      if (pattern) {
        const match = matching(schema, pattern);
        if (match !== undefined) return match;
      }
      return 'x'.repeat(Math.max(min, 1));
    }
    case 'number': {
      let value = 1;
      for (const c of checksOf(def))
        if (c.check === 'greater_than') value = Math.max(value, (c.value as number) + (c.inclusive ? 0 : 1));
      return value;
    }
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'default':
    case 'prefault': {
      const value = typeof def.defaultValue === 'function' ? def.defaultValue() : def.defaultValue;
      return value === undefined ? exampleOf(def.innerType, realistic, key) : structuredClone(value);
    }
    case 'optional':
      return undefined;
    case 'nullable':
      return null;
    case 'pipe':
      return exampleOf(pipeSource(def), realistic, key);
    case 'union':
      return exampleOf((def.options as unknown[])[0], realistic, key);
    case 'array': {
      const min = checksOf(def).find((c) => c.check === 'min_length')?.minimum as number | undefined;
      return Array.from({ length: min ?? 0 }, () => exampleOf(def.element, realistic, key));
    }
    case 'record':
      return {};
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(shape)) {
        const t = defOf(s).type;
        if (t === 'optional') continue;
        out[k] = exampleOf(s, realistic, k);
      }
      return out;
    }
    case 'unknown':
    case 'any':
      return null;
    default:
      return undefined;
  }
};
