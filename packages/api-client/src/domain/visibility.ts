import { z } from 'zod';
import type { Article, Container } from '../contract/container';
import { Article as ArticleSchema, Container as ContainerSchema } from '../contract/container';
import { FIELD_KEYS_META, FIELD_PERMISSION_META, type FieldMeta } from '../contract/fields';
import { FIELD_PERMISSIONS } from '../permissions';
import { FIELD_KEY_RESOLVERS } from './field-keys';
import type { Granted } from './permissions';

/**
 * The one field filter. Every answer that carries a container, an article, a request, a protocol
 * entry, a dashboard entry, a rack cell or a list download passes through `visibleFor(schema,
 * granted)`, which drops each field whose contract metadata (`fieldOf` / `keyedByField` in
 * contract/fields.ts) names a visibility code the caller lacks. Handlers return whole data; the
 * server's contract pipeline and the mock's route wrapper apply it to every answer, so a new endpoint
 * is covered by construction.
 *
 * Cost: the schema is walked once into a plan; per permission set the plan is compiled once into a
 * function that only touches the paths that drop or descend (an answer without tagged fields, or a
 * caller who holds every code on it, costs one cache lookup).
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: readonly z.ZodType[];
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: readonly z.ZodType[];
  rest?: z.ZodType | null;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const metaOf = (schema: z.ZodType): FieldMeta | undefined =>
  z.globalRegistry.get(schema) as FieldMeta | undefined;

/** A field of an object in the plan: the code it needs (if any) and what lies below it. */
interface FieldPlan {
  key: string;
  permission: string | undefined;
  child: Plan | null;
}

type Plan =
  | { kind: 'object'; fields: FieldPlan[]; keys: readonly string[] }
  | { kind: 'array'; element: Plan }
  | { kind: 'record'; value: Plan | null; keyed: ((key: string) => string | undefined) | undefined };

/** Wrappers that hold one schema (null/undefined pass through the compiled function as they are). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

const NO_PLAN = Symbol('no plan');

/** The field metadata on a schema or any wrapper of it. */
const permissionOf = (schema: z.ZodType): string | undefined => {
  let current: z.ZodType | undefined = schema;
  while (current) {
    const code = metaOf(current)?.[FIELD_PERMISSION_META];
    if (code) return code;
    const def = defOf(current);
    current = WRAPPERS.has(def.type) ? def.innerType : undefined;
  }
  return undefined;
};

const keyResolverOf = (schema: z.ZodType) => {
  const name = metaOf(schema)?.[FIELD_KEYS_META];
  return name ? FIELD_KEY_RESOLVERS[name] : undefined;
};

const planCache = new WeakMap<z.ZodType, Plan | null | typeof NO_PLAN>();

/** Objects of a union merge into one plan: a key tagged in any option is tagged (fail closed). */
const mergeObjects = (plans: readonly Plan[], where: string): Plan => {
  const fields = new Map<string, FieldPlan>();
  for (const plan of plans) {
    if (plan.kind !== 'object') throw new Error(`${where}: a union mixes tagged objects and other kinds`);
    for (const f of plan.fields) {
      const seen = fields.get(f.key);
      if (!seen) fields.set(f.key, f);
      else if (seen.permission !== f.permission || seen.child || f.child)
        throw new Error(`${where}: union options disagree on "${f.key}"`);
    }
  }
  const keys = new Set(plans.flatMap((p) => (p.kind === 'object' ? p.keys : [])));
  return { kind: 'object', fields: [...fields.values()], keys: [...keys] };
};

/** Walks a schema once: null when nothing below it is tagged. */
export const planOf = (schema: z.ZodType, where = 'response'): Plan | null => {
  const cached = planCache.get(schema);
  if (cached === NO_PLAN) throw new Error(`${where}: recursive schemas are not supported`);
  if (cached !== undefined) return cached;
  planCache.set(schema, NO_PLAN);
  const plan = walk(schema, where);
  planCache.set(schema, plan);
  return plan;
};

const walk = (schema: z.ZodType, where: string): Plan | null => {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return planOf(def.innerType as z.ZodType, where);
  switch (def.type) {
    case 'object': {
      const fields: FieldPlan[] = [];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const permission = permissionOf(field);
        const child = planOf(field, `${where}.${key}`);
        if (permission || child) fields.push({ key, permission, child });
      }
      return fields.length ? { kind: 'object', fields, keys: Object.keys(def.shape ?? {}) } : null;
    }
    case 'array': {
      const element = planOf(def.element as z.ZodType, `${where}[]`);
      return element && { kind: 'array', element };
    }
    case 'record': {
      const keyed = keyResolverOf(schema);
      const value = planOf(def.valueType as z.ZodType, `${where}{}`);
      return keyed || value ? { kind: 'record', keyed, value } : null;
    }
    case 'pipe':
      // The answer is the output side, unless that is a transform (then the input's shape goes out).
      return planOf(
        (defOf(def.out as z.ZodType).type === 'transform' ? def.in : def.out) as z.ZodType,
        where,
      );
    case 'lazy':
      return planOf((def.getter as () => z.ZodType)(), where);
    case 'union': {
      const plans = (def.options ?? []).map((o) => planOf(o, where)).filter((p): p is Plan => p !== null);
      return plans.length === 0 ? null : plans.length === 1 ? (plans[0] as Plan) : mergeObjects(plans, where);
    }
    case 'intersection': {
      const plans = [def.left, def.right].map((s) => planOf(s as z.ZodType, where)).filter(Boolean) as Plan[];
      return plans.length === 0 ? null : plans.length === 1 ? (plans[0] as Plan) : mergeObjects(plans, where);
    }
    case 'tuple':
      if ([...(def.items ?? []), ...(def.rest ? [def.rest] : [])].some((s) => planOf(s, where)))
        throw new Error(`${where}: tagged fields inside a tuple are not supported`);
      return null;
    default:
      return null;
  }
};

type Filter = (value: unknown) => unknown;
type Has = (code: string) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The plan for one permission set: null when nothing changes for this caller. */
const compile = (plan: Plan, has: Has): Filter | null => {
  switch (plan.kind) {
    case 'object': {
      const drop = new Set<string>();
      const descend = new Map<string, Filter>();
      for (const f of plan.fields) {
        if (f.permission && !has(f.permission)) drop.add(f.key);
        else if (f.child) {
          const child = compile(f.child, has);
          if (child) descend.set(f.key, child);
        }
      }
      if (!drop.size && !descend.size) return null;
      // The schema's keys the caller keeps, each with its filter below (keys outside the schema do
      // not go out: the server's response parse has removed them already, the mock's answers lose them here).
      const keep = plan.keys.filter((key) => !drop.has(key));
      const below = keep.map((key) => descend.get(key));
      return (value) => {
        if (typeof value !== 'object' || value === null) return value;
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keep.length; i++) {
          const key = keep[i] as string;
          const item = source[key];
          if (item === undefined && !(key in source)) continue;
          const child = below[i];
          out[key] = child ? child(item) : item;
        }
        return out;
      };
    }
    case 'array': {
      const element = compile(plan.element, has);
      return element && ((value) => (Array.isArray(value) ? value.map(element) : value));
    }
    case 'record': {
      const value = plan.value && compile(plan.value, has);
      const keyed = plan.keyed;
      if (!value && !keyed) return null;
      return (record) => {
        if (!isObject(record)) return record;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(record)) {
          const code = keyed?.(key);
          if (code && !has(code)) continue;
          out[key] = value ? value(record[key]) : record[key];
        }
        return out;
      };
    }
  }
};

/** Every code a plan may test, in a fixed order (the cache key of a caller is which of them it holds). */
const codesOf = (plan: Plan, into = new Set<string>()): Set<string> => {
  if (plan.kind === 'object')
    for (const f of plan.fields) {
      if (f.permission) into.add(f.permission);
      if (f.child) codesOf(f.child, into);
    }
  else if (plan.kind === 'array') codesOf(plan.element, into);
  else {
    if (plan.keyed) for (const code of Object.values(FIELD_PERMISSIONS)) into.add(code);
    if (plan.value) codesOf(plan.value, into);
  }
  return into;
};

interface Compiled {
  codes: readonly string[];
  byHeld: Map<string, Filter>;
}
const compiledCache = new WeakMap<z.ZodType, Compiled | null>();
const identity: Filter = (value) => value;

const toSet = (granted: Granted): ReadonlySet<string> =>
  granted instanceof Set ? granted : new Set(granted);

/**
 * The filter of `schema` for a caller holding `granted`: a function from an answer to the same
 * answer without the fields the caller may not see. Compiled once per (schema, held codes).
 */
export const visibleFor = <T>(schema: z.ZodType<T>, granted: Granted): ((value: T) => T) => {
  let compiled = compiledCache.get(schema);
  if (compiled === undefined) {
    const plan = planOf(schema);
    compiled = plan && { codes: [...codesOf(plan)].sort(), byHeld: new Map() };
    compiledCache.set(schema, compiled);
  }
  if (!compiled) return identity as (value: T) => T;
  const set = toSet(granted);
  let key = '';
  for (const code of compiled.codes) key += set.has(code) ? '1' : '0';
  let filter = compiled.byHeld.get(key);
  if (!filter) {
    filter = compile(planOf(schema) as Plan, (code) => set.has(code)) ?? identity;
    compiled.byHeld.set(key, filter);
  }
  return filter as (value: T) => T;
};

/** Every tagged field of a schema: its path (`items[].containerCode`) and the code it needs. */
export const fieldPermissionPaths = (schema: z.ZodType): { path: string; permission: string }[] => {
  const out: { path: string; permission: string }[] = [];
  const visit = (plan: Plan | null, path: string) => {
    if (!plan) return;
    if (plan.kind === 'object')
      for (const f of plan.fields) {
        const here = path ? `${path}.${f.key}` : f.key;
        if (f.permission) out.push({ path: here, permission: f.permission });
        visit(f.child, here);
      }
    else if (plan.kind === 'array') visit(plan.element, `${path}[]`);
    else {
      if (plan.keyed) out.push({ path: `${path}{}`, permission: '(by key)' });
      visit(plan.value, `${path}{}`);
    }
  };
  visit(planOf(schema), '');
  return out;
};

/**
 * Tagged fields present in an answer although the caller lacks their code, as paths (`items.3.price`):
 * empty for every answer that went through `visibleFor`. For tests of a backend.
 */
export const leakedFields = (schema: z.ZodType, value: unknown, granted: Granted): string[] => {
  const set = toSet(granted);
  const out: string[] = [];
  const visit = (plan: Plan | null, v: unknown, path: string) => {
    if (!plan || v === null || typeof v !== 'object') return;
    if (plan.kind === 'array') {
      if (Array.isArray(v)) for (const [i, item] of v.entries()) visit(plan.element, item, `${path}.${i}`);
      return;
    }
    const record = v as Record<string, unknown>;
    if (plan.kind === 'record') {
      for (const [key, item] of Object.entries(record)) {
        const code = plan.keyed?.(key);
        if (code && !set.has(code)) out.push(`${path}.${key}`);
        else visit(plan.value, item, `${path}.${key}`);
      }
      return;
    }
    for (const f of plan.fields) {
      if (!(f.key in record)) continue;
      if (f.permission && !set.has(f.permission)) out.push(`${path}.${f.key}`);
      else visit(f.child, record[f.key], `${path}.${f.key}`);
    }
  };
  visit(planOf(schema), value, '');
  return out.map((p) => p.slice(1));
};

/** The keys of an object schema a caller may see, in schema order (the columns of a list download). */
export const visibleColumns = (schema: z.ZodObject, granted: Granted): string[] => {
  const set = toSet(granted);
  return Object.entries(schema.shape).flatMap(([key, field]) => {
    const code = permissionOf(field as z.ZodType);
    return code && !set.has(code) ? [] : [key];
  });
};

/** A container with only the fields the user may see (the same filter as every answer). */
export const visibleContainer = (container: Container, granted: Granted): Container =>
  visibleFor(ContainerSchema, granted)(container);

export const visibleArticle = (article: Article, granted: Granted): Article =>
  visibleFor(ArticleSchema, granted)(article);
