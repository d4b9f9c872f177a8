import { z } from 'zod';
import { PROTOCOL_TYPES } from '../data-constants';
import { Code, CodeParams, IsoDate, IsoDateTime, MAX_PAGE_SIZE, pageOf } from './common';
import { defineEndpoint } from './define';

export { PROTOCOL_TYPES };

export const ProtocolType = z.enum(PROTOCOL_TYPES);
export type ProtocolType = z.infer<typeof ProtocolType>;

export const ProtocolEntry = z.object({
  id: z.string(),
  at: IsoDateTime,
  username: z.string().nullable(),
  type: ProtocolType,
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  locationCode: z.string().nullable(),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ProtocolEntry = z.infer<typeof ProtocolEntry>;

export const ProtocolListRequest = z.strictObject({
  page: z.number().int().min(0).max(1_000_000).default(0),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sortAsc: z.boolean().default(false),
  sortField: z.enum(['at', 'username', 'type']).default('at'),
  filterMap: z
    .strictObject({
      username: z.string().trim().max(100).optional(),
      type: ProtocolType.optional(),
      from: IsoDate.optional(),
      to: IsoDate.optional(),
      locationCode: Code.optional(),
    })
    .default({}),
});
export type ProtocolListRequest = z.input<typeof ProtocolListRequest>;

export const protocol = {
  list: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/protocol',
    summary: 'The global protocol, paged and filterable',
    body: ProtocolListRequest,
    permissions: ['PERM_VIEWGLOBALPROTOCOLENTRIES'],
    response: pageOf(ProtocolEntry),
  }),
  location: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/protocol',
    summary: "A location's protocol, paged and filterable",
    params: CodeParams,
    tenant: { kind: 'location', param: 'code' },
    body: ProtocolListRequest,
    permissions: ['PERM_VIEWLOCATIONPROTOCOLENTRIES'],
    response: pageOf(ProtocolEntry),
  }),
};
