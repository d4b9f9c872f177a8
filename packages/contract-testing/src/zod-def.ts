/** Reading zod 4 schema definitions, for the example and arbitrary generators. */
export interface Def {
  type: string;
  [key: string]: unknown;
}
export interface CheckDef {
  check: string;
  [key: string]: unknown;
}

export const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
export const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);

/** The type a value entering `schema` has: through pipes and transforms to the first real type. */
const inputType = (schema: unknown): string => {
  const def = defOf(schema);
  return def.type === 'pipe' ? inputType(def.in) : def.type;
};

/**
 * The side of a pipe to build values from. `z.string().trim().pipe(z.url())` and
 * `z.string().transform(dropSpaces).pipe(z.string().regex(/^\d{6}$/))` restate their real bounds on
 * the `out` side, of the same type as what enters: values of `out` pass `in` as well. A pipe into a
 * transform, or into another type (`z.string().transform(Number).pipe(z.number())`), is built from `in`.
 */
export const pipeSource = (def: Def): unknown => {
  const out = defOf(def.out);
  if (out.type === 'transform') return def.in;
  return inputType(def.out) === inputType(def.in) ? def.out : def.in;
};

/** Whether `value` is accepted by a zod schema. */
export const accepts = (schema: unknown, value: unknown): boolean =>
  (schema as { safeParse: (v: unknown) => { success: boolean } }).safeParse(value).success;
