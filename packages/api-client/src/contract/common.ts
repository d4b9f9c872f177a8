import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, MESSAGE_KEYS } from '../constants';
import { IMAGE_TYPES, LIST_TYPES, MAX_PAGE_SIZE, PAGE_SIZES, UPLOAD_LIMITS } from '../data-constants';

export {
  DEFAULT_LANGUAGE,
  IMAGE_TYPES,
  LANGUAGES,
  LIST_TYPES,
  MAX_PAGE_SIZE,
  MESSAGE_KEYS,
  PAGE_SIZES,
  UPLOAD_LIMITS,
};

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

const trimmed = (max: number) => z.string().trim().max(max);

export const Code = z.string().trim().min(1).max(64);
export const Id = z.string().trim().min(1).max(64);
export const IsoDateTime = z.iso.datetime({ offset: true });
/** A date in an answer: stored data is shown as it is (an old request's date may lie outside DateInput). */
export const IsoDate = z.iso.date();

/** The dates the contract takes: PostgreSQL's range is wider, but no date of this product lies outside. */
export const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;
export const isDateInRange = (date: string): boolean =>
  IsoDate.safeParse(date).success && date >= DATE_RANGE.min && date <= DATE_RANGE.max;
/** A date a request carries (YYYY-MM-DD within DATE_RANGE): year 0000 is a 400, not a database error. */
export const DateInput = IsoDate.refine((date) => date >= DATE_RANGE.min && date <= DATE_RANGE.max, {
  message: `A date from ${DATE_RANGE.min} to ${DATE_RANGE.max}`,
}).describe(`A date from ${DATE_RANGE.min} to ${DATE_RANGE.max}`);
export const Name = trimmed(200);
export const Text = trimmed(2000);

export const CodeParams = z.strictObject({ code: Code });
export const IdParams = z.strictObject({ id: Id });

/** Request bodies reject unknown fields (400 with the field); responses are plain objects. */
export const ListRequest = z.strictObject({
  page: z.number().int().min(0).max(1_000_000).default(0),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sortAsc: z.boolean().default(true),
  sortField: z.string().trim().max(64).optional(),
  filterMap: z.record(z.string().max(64), z.string().max(200)).default({}),
});
export type ListRequest = z.input<typeof ListRequest>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(0),
    size: z.number().int().min(1),
  });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

export const Ok = z.object({ ok: z.literal(true) });
export const Deleted = z.object({ deleted: z.number().int().min(0) });
export const Empty = z.strictObject({});

export const NamedCode = z.object({ code: z.string(), name: z.string() });
export type NamedCode = z.infer<typeof NamedCode>;

export const MessageKey = z.enum(MESSAGE_KEYS);
export type MessageKey = z.infer<typeof MessageKey>;

export const ErrorBody = z.object({
  error: MessageKey,
  message: z.string(),
  details: z
    .object({
      field: z.string().optional(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    })
    .catchall(z.unknown())
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
