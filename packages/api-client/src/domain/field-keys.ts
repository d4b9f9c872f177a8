import { FIELD_PERMISSIONS, type FieldKey, type FieldPermissionCode } from '../permissions';

/** Plain keys of protocol values that hold a container field (the rest name no field). */
const FIELD_OF_PLAIN_KEY: Readonly<Record<string, FieldKey>> = {
  fillingQuantity: 'fillingQuantity',
  previousFillingQuantity: 'fillingQuantity',
  rackCodes: 'rackCode',
};

/**
 * The visibility code a protocol value needs, by its key: `K0000001.fillingQuantity` (a change of a
 * container field), the plain keys above, else none. Plain keys like `width` (a map's size) are not
 * container fields: only a dotted key names one.
 */
const containerValueKey = (key: string): FieldPermissionCode | undefined => {
  const dot = key.lastIndexOf('.');
  const field = dot > 0 ? key.slice(dot + 1) : FIELD_OF_PLAIN_KEY[key];
  return field === undefined ? undefined : (FIELD_PERMISSIONS as Record<string, FieldPermissionCode>)[field];
};

/** Key resolvers records in the contract may name (metadata stays plain data, so OpenAPI shows it). */
export const FIELD_KEY_RESOLVERS = {
  containerValues: containerValueKey,
} as const satisfies Record<string, (key: string) => FieldPermissionCode | undefined>;

export type FieldKeyResolver = keyof typeof FIELD_KEY_RESOLVERS;
