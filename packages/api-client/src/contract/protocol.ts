import { z } from 'zod';
import { PROTOCOL_TYPES } from '../data-constants';
import { PROTOCOL_PERMISSION } from '../permissions';
import { Code, CodeParams, DateInput, IsoDateTime, MAX_PAGE_SIZE, pageOf } from './common';
import { defineEndpoint } from './define';
import { fieldOf, keyedByField } from './fields';

export { PROTOCOL_TYPES };

export const ProtocolType = z.enum(PROTOCOL_TYPES);
export type ProtocolType = z.infer<typeof ProtocolType>;

/**
 * A container as a protocol entry names it: a snapshot when the entry was written. The summary shows
 * what the reader may see of it (domain/protocol.ts).
 */
export const ContainerRef = z.object({
  id: z.string(),
  code: fieldOf('code', z.string()),
  articleName: fieldOf('articleName', z.string()),
  articleCode: fieldOf('articleCode', z.string()),
});
export type ContainerRef = z.infer<typeof ContainerRef>;

/**
 * What happened, as a key the reader's language renders (`reviewRequested` → "Nachfüllung für K0000024
 * angefordert"); one per `protocolEntry.*` builder. Entries written before events existed have none and
 * show their stored summary.
 */
export const PROTOCOL_EVENTS = [
  'signInFailed',
  'signedIn',
  'signedOut',
  'impersonated',
  'passwordChanged',
  'profileUpdated',
  'permissionDenied',
  'userCreated',
  'userUpdated',
  'userDeleted',
  'roleCreated',
  'roleUpdated',
  'roleDeleted',
  'roleSecondFactorRequired',
  'roleSecondFactorOptional',
  'rackOrderChanged',
  'imageUploaded',
  'imageDeleted',
  'branchMapUploaded',
  'positionSaved',
  'positionRemoved',
  'positionsCleared',
  'listUploaded',
  'listRemoved',
  'exportQueued',
  'labelsPrinted',
  'reviewRequested',
  'reviewDecided',
  'reviewWithdrawn',
  'reviewPhotoAdded',
  'rackHandled',
  'replenishmentTimesChanged',
  'stocktakeStarted',
  'stocktakeFinished',
  'ssoConfigured',
  'ssoRemoved',
  'ssoProvisioned',
  'ssoFailed',
  'secondFactorFailed',
  'recoveryCodeFailed',
  'secondFactorEnrolled',
  'secondFactorRemoved',
  'secondFactorReset',
  'recoveryCodesRenewed',
] as const;
export const ProtocolEvent = z.enum(PROTOCOL_EVENTS);
export type ProtocolEvent = z.infer<typeof ProtocolEvent>;

/**
 * What a summary is rendered from: its template (`{reviewType} requested for {container}`) names
 * `container` or a plain value. Plain values hold no field of a container; a container is always a
 * `ContainerRef`, so the field filter sees it.
 */
export const ProtocolParams = z.object({
  /** The event the entry records; the reader's language renders it from `values` and `container`. */
  event: ProtocolEvent.optional(),
  container: ContainerRef.optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ProtocolParams = z.infer<typeof ProtocolParams>;

/** Changed values by key; a key naming a container field (`K0000001.fillingQuantity`) needs its code. */
const ProtocolValues = keyedByField('containerValues', z.record(z.string(), z.unknown()));

export const ProtocolEntry = z.object({
  id: z.string(),
  at: IsoDateTime,
  username: z.string().nullable(),
  type: ProtocolType,
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  locationCode: z.string().nullable(),
  /** Rendered for the reader: a container appears as far as the reader may see it. */
  summary: z.string(),
  before: ProtocolValues.nullable(),
  after: ProtocolValues.nullable(),
  /**
   * The entry in words: its event and parameters (names, codes, counts; the container as far as the
   * reader may see it), for the reader's language. Absent on entries written before events existed.
   */
  words: z
    .object({
      event: ProtocolEvent,
      values: z.record(z.string(), z.union([z.string(), z.number()])),
      container: ContainerRef.partial().optional(),
    })
    .nullable()
    .optional(),
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
      from: DateInput.optional(),
      to: DateInput.optional(),
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
    permissions: [PROTOCOL_PERMISSION],
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
