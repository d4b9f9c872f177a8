import { z } from 'zod';
import { Code, CodeParams, IdParams, IsoDate, IsoDateTime, MAX_PAGE_SIZE, pageOf } from './common';
import { defineEndpoint } from './define';
import { ExportJob } from './exports';
import { fieldOf } from './fields';

/**
 * Consumption history, Kanban sizing and the reorder worklist (issue 16, ADR 0051/0059). The rules are
 * `domain/replenishment.ts`; these are the answers both backends give. Every number that tells how much
 * a container holds or consumes goes through the field filter: a consumption series needs the
 * consumption field, a stock series and a suggested quantity the filling quantity field, a reach the
 * reach field. A caller without them gets the answer without those series (and draws no chart of them).
 */

/** What happened to a container (`container_events.kind`). */
export const CONTAINER_EVENT_KINDS = [
  /** Something was taken out (a scan empties a bin: one filling quantity). */
  'consumption',
  /** A delivery / refill arrived. */
  'delivery',
  /** The filling quantity was changed (`quantity` new, `previousQuantity` old). */
  'quantity_change',
  'deactivation',
  'activation',
] as const;
export const ContainerEventKind = z.enum(CONTAINER_EVENT_KINDS);
export type ContainerEventKind = z.infer<typeof ContainerEventKind>;

export const ContainerEvent = z.object({
  at: IsoDateTime,
  kind: ContainerEventKind,
  /** Consumed or delivered quantity; the new filling quantity for `quantity_change`; null otherwise. */
  quantity: z.number().nullable(),
  /** The filling quantity before a `quantity_change`; null otherwise. */
  previousQuantity: z.number().nullable(),
  /** The stock after the event where it is known. */
  stockAfter: z.number().nullable(),
});
export type ContainerEvent = z.infer<typeof ContainerEvent>;

/** A container's last 12 months, week by week (the container panel's charts and their table view). */
export const ContainerHistory = z.object({
  containerId: z.string(),
  /** Monday of each week (UTC) of the last 12 months, oldest first; the series below align with it. */
  weeks: z.array(IsoDate),
  /** Consumption per week. */
  consumption: fieldOf('consumption', z.array(z.number())),
  /** Stock at the end of each week; null before the first known stock. */
  stock: fieldOf('fillingQuantity', z.array(z.number().nullable())),
  /** Reach in weeks at the end of each week (stock / average of the 12 weeks before); null without consumption. */
  reach: fieldOf('reachInWeeks', z.array(z.number().nullable())),
  /** Today's reach in weeks (the forecast's); null when nothing is consumed. */
  reachInWeeks: fieldOf('reachInWeeks', z.number().nullable()),
  /** The alarm threshold as a reach in weeks (`ALARMING_REACH_WEEKS`): always shown, it is the product's rule. */
  alarmReachWeeks: z.number(),
  /** The alarm threshold as a stock (alarm reach x average weekly consumption): the stock chart's line. */
  alarmStock: fieldOf('consumption', z.number().nullable()),
  /** Average weekly consumption over the forecast's window (outliers as the median). */
  averageWeekly: fieldOf('consumption', z.number()),
  fillingQuantity: fieldOf('fillingQuantity', z.number()),
  /** The day the stock runs out following the trend; null when not within a year. */
  stockOutDate: fieldOf('reachInWeeks', IsoDate.nullable()),
  /** The newest events (at most 50), newest first: they show quantities consumed. */
  events: fieldOf('consumption', z.array(ContainerEvent)),
});
export type ContainerHistory = z.infer<typeof ContainerHistory>;

/** Weeks the sizing average may be taken over (the screens offer 4, 8, 12, 26, 52). */
export const SIZING_WINDOW = { min: 1, max: 52, default: 12 } as const;
const WindowWeeks = z
  .number()
  .int()
  .min(SIZING_WINDOW.min)
  .max(SIZING_WINDOW.max)
  .default(SIZING_WINDOW.default);

export const SizingReasonKey = z.enum(['no_consumption', 'increase', 'decrease', 'keep']);

/** Lead and safety time in days (ADR 0059: 0 to 365). */
export const REPLENISHMENT_DAYS = { min: 0, max: 365 } as const;
/** Lead and safety time when neither the location nor its branch sets one. */
export const DEFAULT_REPLENISHMENT_TIMES = { leadTimeDays: 10, safetyTimeDays: 5 } as const;
const Days = z.number().int().min(REPLENISHMENT_DAYS.min).max(REPLENISHMENT_DAYS.max);

/**
 * A suggested filling quantity with its reasoning: `suggestFillingQuantity` of the domain over the
 * container's weeks. The numbers in words: "average {averageWeekly} a week x ({leadTimeDays} + {safetyTimeDays})
 * days = {needed}, rounded up to {packagingUnit} = {suggested}".
 */
export const ContainerSizing = z.object({
  containerId: z.string(),
  windowWeeks: z.number().int(),
  leadTimeDays: z.number().int(),
  safetyTimeDays: z.number().int(),
  coverDays: z.number().int(),
  reason: SizingReasonKey,
  outliersIgnored: z.number().int(),
  /** Pieces per packaging unit (the suggestion is a multiple of it). */
  packagingUnit: fieldOf('packagingUnit', z.number()),
  fillingQuantity: fieldOf('fillingQuantity', z.number()),
  suggested: fieldOf('fillingQuantity', z.number()),
  averageWeekly: fieldOf('consumption', z.number()),
  /** Before rounding up to the packaging unit. */
  needed: fieldOf('consumption', z.number()),
});
export type ContainerSizing = z.infer<typeof ContainerSizing>;

export const SizingRequest = z.strictObject({ windowWeeks: WindowWeeks });

/** One row of a location's bulk suggestions: the container as far as the caller may see it, and its sizing. */
export const LocationSizingItem = ContainerSizing.extend({
  code: fieldOf('code', z.string()),
  articleName: fieldOf('articleName', z.string()),
  articleCode: fieldOf('articleCode', z.string()),
  placeCode: fieldOf('placeCode', z.string()),
});
export type LocationSizingItem = z.infer<typeof LocationSizingItem>;

export const LocationSizingRequest = z.strictObject({
  windowWeeks: WindowWeeks,
  page: z.number().int().min(0).max(1_000_000).default(0),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  /** Only containers whose suggestion differs from their filling quantity (`increase`, `decrease`). */
  changesOnly: z.boolean().default(true),
});
export type LocationSizingRequest = z.input<typeof LocationSizingRequest>;

export const LocationSizing = pageOf(LocationSizingItem).extend({
  locationCode: z.string(),
  windowWeeks: z.number().int(),
  leadTimeDays: z.number().int(),
  safetyTimeDays: z.number().int(),
});
export type LocationSizing = z.infer<typeof LocationSizing>;

export const ReplenishmentTimeSource = z.enum(['location', 'branch', 'default']);

/** Lead and safety time as set (null: inherited) and as in effect, with where the effective value comes from. */
export const ReplenishmentSettings = z.object({
  /** The location's or branch's code. */
  code: z.string(),
  leadTimeDays: z.number().int().nullable(),
  safetyTimeDays: z.number().int().nullable(),
  effective: z.object({ leadTimeDays: z.number().int(), safetyTimeDays: z.number().int() }),
  /** What a null inherits: the branch's values for a location, the product's defaults for a branch. */
  inherited: z.object({ leadTimeDays: z.number().int(), safetyTimeDays: z.number().int() }),
  /** Where each value in effect comes from: set here (`location` / `branch`), the branch's default, the product's. */
  source: z.object({ leadTimeDays: ReplenishmentTimeSource, safetyTimeDays: ReplenishmentTimeSource }),
  /** The caller may change them (PERM_EDITRACKLAYOUT: whoever edits the location). */
  editable: z.boolean(),
});
export type ReplenishmentSettings = z.infer<typeof ReplenishmentSettings>;

/** Null takes the inherited value back. */
export const ReplenishmentSettingsRequest = z.strictObject({
  leadTimeDays: Days.nullable(),
  safetyTimeDays: Days.nullable(),
});
export type ReplenishmentSettingsRequest = z.input<typeof ReplenishmentSettingsRequest>;

export const WorklistReason = z.enum(['below_alarm', 'stock_out_before_delivery']);
export type WorklistReason = z.infer<typeof WorklistReason>;

/** Narrows the worklist; every code must be in the caller's scope (404 otherwise, as a missing one). */
export const WorklistFilter = z.strictObject({
  concernCode: Code.optional(),
  branchCode: Code.optional(),
  locationCode: Code.optional(),
});
export type WorklistFilter = z.input<typeof WorklistFilter>;

export const WorklistRequest = WorklistFilter.extend({
  page: z.number().int().min(0).max(1_000_000).default(0),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});
export type WorklistRequest = z.input<typeof WorklistRequest>;

export const WorklistItem = z.object({
  containerId: z.string(),
  concernCode: z.string(),
  branchCode: z.string(),
  locationCode: z.string(),
  locationName: z.string(),
  why: z.array(WorklistReason),
  /** The day the next delivery can arrive (the expected delivery, else today + lead time). */
  nextDeliveryDate: IsoDate,
  /** Days of margin before the next delivery (the order; negative: it runs dry first). */
  marginDays: fieldOf('reachInWeeks', z.number().int()),
  stockOutDate: fieldOf('reachInWeeks', IsoDate.nullable()),
  reachInWeeks: fieldOf('reachInWeeks', z.number().nullable()),
  stock: fieldOf('fillingQuantity', z.number()),
  fillingQuantity: fieldOf('fillingQuantity', z.number()),
  averageWeekly: fieldOf('consumption', z.number()),
  code: fieldOf('code', z.string()),
  articleName: fieldOf('articleName', z.string()),
  articleCode: fieldOf('articleCode', z.string()),
  placeCode: fieldOf('placeCode', z.string()),
});
export type WorklistItem = z.infer<typeof WorklistItem>;

/**
 * The worklist is counted up to a limit (ADR 0067): at a million containers a full count reads every due
 * row's index entry (over 100,000) on each request, while a user needs "1,000+", not the exact number.
 */
export const WORKLIST_COUNT_LIMIT = 1_000;

export const WorklistCount = z.object({
  /** Due containers in scope, counted up to `WORKLIST_COUNT_LIMIT`. */
  count: z.number().int().min(0),
  /** There are more than `count` (shown as "1,000+"). */
  more: z.boolean(),
});
export type WorklistCount = z.infer<typeof WorklistCount>;

/**
 * A page of the worklist. `total` is counted up to `WORKLIST_COUNT_LIMIT`, or to the end of the page after
 * the requested one when that is further (so the pager can always go on); `more`: there are more than `total`.
 */
export const WorklistPage = pageOf(WorklistItem).extend({ more: z.boolean() });
export type WorklistPage = z.infer<typeof WorklistPage>;

/** Containers of a location by reach band, week by week (the location's summary chart). */
export const REACH_BANDS = ['empty', 'alarm', 'low', 'ok', 'high', 'no_consumption'] as const;
export const ReachBand = z.enum(REACH_BANDS);
export type ReachBand = z.infer<typeof ReachBand>;
/** Band limits in weeks of reach: empty (stock 0), alarm (<= 1), low (<= 2), ok (<= 8), high (> 8). */
export const REACH_BAND_LIMITS = { alarm: 1, low: 2, ok: 8 } as const;

export const ReachBandSummary = z.object({
  locationCode: z.string(),
  bands: z.array(ReachBand),
  weeks: z.array(IsoDate),
  /** Per week (aligned with `weeks`), the count of active containers in each band (aligned with `bands`). */
  counts: fieldOf('reachInWeeks', z.array(z.array(z.number().int()))),
});
export type ReachBandSummary = z.infer<typeof ReachBandSummary>;

const containerById = { params: IdParams, tenant: { kind: 'container', param: 'id' } } as const;
const locationByCode = { params: CodeParams, tenant: { kind: 'location', param: 'code' } } as const;
const branchByCode = { params: CodeParams, tenant: { kind: 'branch', param: 'code' } } as const;

export const replenishment = {
  containerHistory: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/container/:id/history',
    summary:
      "The container's consumption per week and stock over the last 12 months, reach and alarm threshold",
    ...containerById,
    response: ContainerHistory,
  }),
  containerSizing: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/container/:id/sizing',
    summary: 'The suggested filling quantity over a chosen window, with its reason and numbers',
    ...containerById,
    body: SizingRequest,
    response: ContainerSizing,
  }),
  locationSizing: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/sizing',
    summary: "Suggested filling quantities for a location's active containers (paged, in rack order)",
    ...locationByCode,
    body: LocationSizingRequest,
    response: LocationSizing,
  }),
  locationSettings: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/replenishment',
    summary: "The location's lead and safety time (null: the branch's)",
    ...locationByCode,
    response: ReplenishmentSettings,
  }),
  saveLocationSettings: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/replenishment',
    summary: "Set the location's lead and safety time (null: the branch's); protocolled",
    ...locationByCode,
    permissions: ['PERM_EDITRACKLAYOUT'],
    body: ReplenishmentSettingsRequest,
    response: ReplenishmentSettings,
  }),
  branchSettings: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/branch/:code/replenishment',
    summary: "The branch's default lead and safety time for its locations (null: the product's)",
    ...branchByCode,
    response: ReplenishmentSettings,
  }),
  saveBranchSettings: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/branch/:code/replenishment',
    summary: "Set the branch's default lead and safety time (null: the product's); protocolled",
    ...branchByCode,
    permissions: ['PERM_EDITRACKLAYOUT'],
    body: ReplenishmentSettingsRequest,
    response: ReplenishmentSettings,
  }),
  worklist: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/replenishment/worklist',
    summary:
      'Containers in scope below their alarm reach or running dry before the next delivery, most urgent first (paged)',
    body: WorklistRequest,
    notFound: 'concernCode, branchCode or locationCode',
    response: WorklistPage,
  }),
  worklistCount: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/replenishment/worklist/count',
    summary: 'How many containers in scope are on the reorder worklist (the dashboard)',
    response: WorklistCount,
  }),
  exportWorklist: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/replenishment/worklist/export/xlsx',
    summary: 'Queue an Excel export of the reorder worklist (the visible columns)',
    body: WorklistFilter,
    notFound: 'concernCode, branchCode or locationCode',
    permissions: ['PERM_EXPORTSEARCHRESULTTOEXCEL'],
    status: 202,
    response: ExportJob,
  }),
  reachBands: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/reachbands',
    summary: "The location's active containers by reach band, week by week over the last 12 months",
    ...locationByCode,
    response: ReachBandSummary,
  }),
};
