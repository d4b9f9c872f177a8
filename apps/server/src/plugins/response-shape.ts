import type { z } from 'zod';

/**
 * The contract's response schema compiled into a copy that keeps only the schema's keys (ADR 0044).
 *
 * Parsing every answer with zod cost more than the rest of the pipeline on a search page (20 containers:
 * a third of a millisecond). What it protects in production is that nothing outside the contract leaves
 * (a handler handing over a whole row with a column the schema does not name): the compiled shape does
 * that for a fraction of the cost. The type checks stay in the tests: `validateResponses` (on in every
 * test app, test/harness.ts) parses each answer with zod and checks that the shape keeps the same.
 *
 * Response schemas are plain data (objects, arrays, records, nullable/optional, primitives: no defaults,
 * transforms or pipes: zod's output is its input without unknown keys). A schema with anything else
 * (a union, a catch-all object, a transform) is not compiled: its answers are parsed with zod as before.
 */
type Shape = (value: unknown) => unknown;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const IDENTITY: Shape = (value) => value;
const LEAVES = new Set([
  'string',
  'number',
  'boolean',
  'enum',
  'literal',
  'null',
  'unknown',
  'any',
  'bigint',
]);
const PASS_EMPTY = new Set(['nullable', 'optional', 'readonly', 'nonoptional']);

class Unsupported extends Error {}

const compile = (schema: z.ZodType): Shape => {
  const def = defOf(schema);
  if (LEAVES.has(def.type)) return IDENTITY;
  if (PASS_EMPTY.has(def.type)) return compile(def.innerType as z.ZodType);
  switch (def.type) {
    case 'object': {
      if (def.catchall && defOf(def.catchall).type !== 'never') throw new Unsupported();
      const entries = Object.entries(def.shape ?? {});
      const keys = entries.map(([key]) => key);
      const below = entries.map(([, field]) => {
        const child = compile(field);
        return child === IDENTITY ? null : child;
      });
      return (value) => {
        if (typeof value !== 'object' || value === null) return value;
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i] as string;
          const item = source[key];
          if (item === undefined) continue;
          const child = below[i];
          out[key] = child && item !== null ? child(item) : item;
        }
        return out;
      };
    }
    case 'array': {
      const element = compile(def.element as z.ZodType);
      if (element === IDENTITY) return IDENTITY;
      return (value) =>
        Array.isArray(value) ? value.map((item) => (item == null ? item : element(item))) : value;
    }
    case 'record': {
      const item = compile(def.valueType as z.ZodType);
      if (item === IDENTITY) return IDENTITY;
      return (value) => {
        if (typeof value !== 'object' || value === null) return value;
        const out: Record<string, unknown> = {};
        for (const [key, v] of Object.entries(value)) out[key] = v == null ? v : item(v);
        return out;
      };
    }
    default:
      throw new Unsupported();
  }
};

const compiled = new WeakMap<z.ZodType, Shape | null>();

/** The compiled shape of a response schema, or null when its answers must be parsed with zod. */
export const shapeOf = (schema: z.ZodType): Shape | null => {
  let shape = compiled.get(schema);
  if (shape === undefined) {
    try {
      shape = compile(schema);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      shape = null;
    }
    compiled.set(schema, shape);
  }
  return shape;
};
