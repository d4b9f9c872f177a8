import { z } from 'zod';
import { Code, Id, IsoDateTime } from './common';
import { defineEndpoint } from './define';
import { fieldOf } from './fields';
import { InventoryListDetail } from './lists';

/**
 * A stocktake (count) of a location or one of its racks, on /app: containers are scanned, then the count
 * is finished into a reconciliation and handed over as an inventory list (ADR 0062).
 */

/** A rack or count position as the grid shows it (1-based): positions are shown to everyone, codes are fields. */
const Position = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,3}$/)
  .describe('a position, 1 to 9999');

/**
 * The client's idempotency key of a scan (a UUID from the phone): the same key again is answered with
 * the first answer and never counted twice.
 */
export const ScanKey = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('8 to 64 letters, digits, - or _ (a UUID)');

/** A container as a count names it: where it stands (positions, always shown) and the fields the reader may see. */
export const CountedContainer = z.object({
  id: z.string(),
  code: fieldOf('code', z.string()),
  barcode: fieldOf('barcode', z.string()),
  articleName: fieldOf('articleName', z.string()),
  articleCode: fieldOf('articleCode', z.string()),
  locationCode: z.string(),
  locationName: z.string(),
  rackName: z.string(),
  rackPosition: z.number().int(),
  shelfPosition: z.number().int(),
  placePosition: z.number().int(),
});
export type CountedContainer = z.infer<typeof CountedContainer>;

export const SCAN_OUTCOMES = ['expected', 'repeat', 'elsewhere', 'unknown'] as const;
export const ScanOutcome = z.enum(SCAN_OUTCOMES);
export type ScanOutcome = z.infer<typeof ScanOutcome>;

export const StocktakeScan = z.object({
  key: z.string(),
  /** Order of arrival at the server (1, 2, ...). */
  seq: z.number().int(),
  /** The barcode or container code as scanned or typed. */
  scanned: z.string(),
  /** expected: a container of the count, first scan; repeat: scanned before; elsewhere: a container of another place; unknown: no container the caller may see. */
  outcome: ScanOutcome,
  container: CountedContainer.nullable(),
  /** When the phone took it (it may have waited offline). */
  scannedAt: IsoDateTime,
  undone: z.boolean(),
});
export type StocktakeScan = z.infer<typeof StocktakeScan>;

export const RackProgress = z.object({
  rackPosition: z.number().int(),
  rackName: z.string(),
  expected: z.number().int(),
  scanned: z.number().int(),
});
export type RackProgress = z.infer<typeof RackProgress>;

export const Reconciliation = z.object({
  /** Expected containers no (remaining) scan found. */
  missing: z.array(CountedContainer),
  /** Scans of containers not expected here: belonging elsewhere (`container` says where) or unknown (null). */
  unexpected: z.array(
    z.object({ scanned: z.string(), container: CountedContainer.nullable(), times: z.number().int() }),
  ),
  /** Expected containers scanned more than once. */
  scannedTwice: z.array(z.object({ container: CountedContainer, times: z.number().int() })),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const Stocktake = z.object({
  id: z.string(),
  locationCode: z.string(),
  locationName: z.string(),
  /** The rack counted; null: the whole location. */
  rack: z.object({ position: z.number().int(), name: z.string() }).nullable(),
  state: z.enum(['open', 'finished']),
  startedBy: z.string(),
  startedAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
  /** The inventory list the count was handed over as. */
  inventoryListId: z.string().nullable(),
  expected: z.number().int(),
  scanned: z.number().int(),
  racks: z.array(RackProgress),
  /** Every scan, newest first (undone ones marked). */
  scans: z.array(StocktakeScan),
  /** Set once finished. */
  reconciliation: Reconciliation.nullable(),
});
export type Stocktake = z.infer<typeof Stocktake>;

export const StocktakeSummary = Stocktake.pick({
  id: true,
  locationCode: true,
  locationName: true,
  rack: true,
  state: true,
  startedBy: true,
  startedAt: true,
  finishedAt: true,
  inventoryListId: true,
  expected: true,
  scanned: true,
});
export type StocktakeSummary = z.infer<typeof StocktakeSummary>;

export const StartStocktake = z.strictObject({ rack: Position.optional() });
export const ScanRequest = z.strictObject({
  key: ScanKey,
  code: Code,
  /** The phone's time of the scan; the server's time when missing. */
  scannedAt: IsoDateTime.optional(),
});

const counting = {
  tenant: { kind: 'location', param: 'code' },
  permissions: ['PERM_UPLOADINVENTORYLISTS'],
} as const;
const CountParams = z.strictObject({ code: Code, id: Id });

export const stocktakes = {
  list: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/stocktakes',
    summary: "The location's counts, newest first (the last 50)",
    params: z.strictObject({ code: Code }),
    ...counting,
    response: z.array(StocktakeSummary),
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/stocktake',
    summary: 'Start a count of the location or of one rack (by position): its active containers are expected',
    params: z.strictObject({ code: Code }),
    ...counting,
    body: StartStocktake,
    status: 201,
    response: Stocktake,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/stocktake/:id',
    summary: 'A count with its progress by rack, its scans and (finished) its reconciliation',
    params: CountParams,
    ...counting,
    response: Stocktake,
  }),
  scan: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/stocktake/:id/scan',
    summary:
      'Record a scan; the same idempotency key again answers the first scan and is not counted twice. 409 stocktake_finished',
    params: CountParams,
    ...counting,
    conflicts: ['stocktake_finished'],
    body: ScanRequest,
    response: StocktakeScan,
  }),
  undo: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/stocktake/:id/scan/:key/undo',
    summary: 'Undo a scan (again: the same answer). 409 stocktake_finished',
    params: z.strictObject({ code: Code, id: Id, key: ScanKey }),
    ...counting,
    conflicts: ['stocktake_finished'],
    response: StocktakeScan,
  }),
  finish: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/stocktake/:id/finish',
    summary:
      'Finish the count: the reconciliation (missing, unexpected, scanned twice). 409 stocktake_finished',
    params: CountParams,
    ...counting,
    conflicts: ['stocktake_finished'],
    response: Stocktake,
  }),
  handOver: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/stocktake/:id/inventorylist',
    summary:
      'Hand a finished count over as an inventory list (then transferred and reviewed like an uploaded one). 409 stocktake_open, stocktake_handed_over',
    params: CountParams,
    ...counting,
    conflicts: ['stocktake_open', 'stocktake_handed_over'],
    status: 201,
    response: InventoryListDetail,
  }),
};
