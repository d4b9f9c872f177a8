import type { z } from 'zod';

/**
 * U+0000 (PostgreSQL cannot store it in text; its JSON refuses `\u0000`) or a lone UTF-16 surrogate
 * (not Unicode: PostgreSQL's JSON refuses it, UTF-8 encoders replace it silently).
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const MALFORMED_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates.';

/** True when a string can be stored and shown as it is: no NUL, no lone surrogate. */
export const isWellFormedText = (value: string): boolean =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/** Path of the first malformed string in a parsed request part (record keys included), or null. */
export const malformedTextPath = (value: unknown, path: PropertyKey[] = []): PropertyKey[] | null => {
  if (typeof value === 'string') return isWellFormedText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = malformedTextPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [key, item] of Object.entries(value)) {
      // A malformed key (of a filterMap) names the map: the key itself cannot be shown.
      if (!isWellFormedText(key)) return path;
      const found = malformedTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
};

/**
 * The schema of a request part that also refuses malformed text anywhere in it, naming the field
 * (`details.field` of the 400). Same schema type: the contract's shapes, types and JSON Schema stay.
 */
export const refusingMalformedText = <S extends z.ZodType>(schema: S): S => {
  const checked = schema.superRefine((value, ctx) => {
    const path = malformedTextPath(value);
    if (path) ctx.addIssue({ code: 'custom', path, message: MALFORMED_TEXT_MESSAGE, input: value });
  }) as S;
  guarded.add(checked);
  return checked;
};

const guarded = /* @__PURE__ */ new WeakSet<z.ZodType>();
/** Whether a request part's schema was made by `refusingMalformedText` (the contract's tests check every part). */
export const refusesMalformedText = (schema: z.ZodType): boolean => guarded.has(schema);
