import type { z } from 'zod';
import { FIELD_KEY_RESOLVERS, type FieldKeyResolver } from '../domain/field-keys';
import { FIELD_PERMISSIONS, type FieldKey, type FieldPermissionCode } from '../permissions';

/**
 * Field metadata of the contract: which visibility code a response field needs. The one filter
 * (`visibleFor` in domain/visibility.ts) is derived from it; the OpenAPI document shows it too.
 */
export const FIELD_PERMISSION_META = 'x-field-permission';
/** On a record whose keys name fields (protocol before/after): how a key maps to its field. */
export const FIELD_KEYS_META = 'x-field-permission-keys';

export interface FieldMeta {
  [FIELD_PERMISSION_META]?: FieldPermissionCode;
  [FIELD_KEYS_META]?: FieldKeyResolver;
}

/**
 * A response field shown only with the visibility code of `field` (spec section 6). It is optional
 * in the contract because the answer omits it for a caller without that code.
 */
export const fieldOf = <T extends z.ZodType>(field: FieldKey, schema: T) =>
  schema.optional().meta({ [FIELD_PERMISSION_META]: FIELD_PERMISSIONS[field] } satisfies FieldMeta);

/** A record whose keys name container fields; each entry is shown only with that field's code. */
export const keyedByField = <T extends z.ZodType>(resolver: FieldKeyResolver, schema: T) => {
  if (!(resolver in FIELD_KEY_RESOLVERS)) throw new Error(`Unknown field key resolver ${resolver}`);
  return schema.meta({ [FIELD_KEYS_META]: resolver } satisfies FieldMeta);
};
