import { z } from 'zod';
import { Code, CodeParams, Id, IMAGE_TYPES, IsoDateTime, Ok, pageOf, UPLOAD_LIMITS } from './common';
import { DeliveryState } from './container';
import { defineEndpoint } from './define';
import { ExportJob } from './exports';
import { fieldOf } from './fields';
import { LabelRequest } from './label-sheets';
import { Appointment, Location, LocationAdmin, RackHandled, rackActionState } from './org';
import { MessageRequest, ReviewRequest } from './review';
import { ExportRequest, SEARCH_INPUT_PERMISSIONS, SearchRequest, SearchResult } from './search';

/**
 * What the rack grid needs of a container: the state it is coloured by and what it may be labelled
 * with (domain `cellLabel`: article name, else article code, else container code, else the place's
 * position). Each field goes out only with its visibility code, like the container's own.
 */
export const ContainerCell = z.object({
  id: z.string(),
  active: z.boolean(),
  alarming: z.boolean(),
  articleName: fieldOf('articleName', z.string()),
  articleCode: fieldOf('articleCode', z.string()),
  code: fieldOf('code', z.string()),
  /** The container has an error (needs the error field). */
  hasError: fieldOf('error', z.boolean()),
  deliveryStatus: fieldOf('deliveryStatus', DeliveryState),
});
export type ContainerCell = z.infer<typeof ContainerCell>;

/**
 * The rack/shelf/place grid. Positions (1-based, left to right, bottom to top) and rack names are
 * always shown: the grid's layout shows them anyway. Rack, shelf and place codes need their field
 * codes (PERM_FIELD_RACKCODE, _SHELFCODE, _CONTAINERPLACECODE); without them the grid names racks
 * by name and shelves and places by position.
 */
export const Rack = z.object({
  code: fieldOf('rackCode', z.string()),
  name: z.string(),
  position: z.number().int(),
  ...rackActionState,
  shelves: z.array(
    z.object({
      code: fieldOf('shelfCode', z.string()),
      position: z.number().int(),
      places: z.array(
        z.object({
          code: fieldOf('placeCode', z.string()),
          position: z.number().int(),
          container: ContainerCell.nullable(),
        }),
      ),
    }),
  ),
});
export type Rack = z.infer<typeof Rack>;

export const Image = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploadedAt: IsoDateTime,
  uploadedBy: z.string(),
  url: z.string(),
  /** A small preview for the gallery grid (WebP, longest side at most 320 px). */
  thumbnailUrl: z.string(),
});
export type Image = z.infer<typeof Image>;

export const ImagePageRequest = z.strictObject({
  page: z.number().int().min(0).max(100_000).default(0),
  size: z.number().int().min(1).max(100).default(20),
  sortAsc: z.boolean().default(false),
  sortField: z.enum(['uploadedAt', 'filename']).default('uploadedAt'),
});

/** A quick-search hit: the container as far as the caller may see it (label it with `containerLabel`). */
export const ContainerSuggest = z.object({
  id: z.string(),
  code: fieldOf('code', z.string()),
  articleName: fieldOf('articleName', z.string()),
  articleCode: fieldOf('articleCode', z.string()),
  placeCode: fieldOf('placeCode', z.string()),
});
export type ContainerSuggest = z.infer<typeof ContainerSuggest>;

const locationByCode = { params: CodeParams, tenant: { kind: 'location', param: 'code' } } as const;

/**
 * A rack or shelf is addressed by its position (1-based, as the grid shows it): positions are shown
 * to everyone, rack and shelf codes only with their field codes.
 */
const Position = z
  .string()
  .trim()
  .min(1)
  .max(4)
  .describe('a position, 1 to 9999 (checked with `positionOf`: 400 naming the parameter otherwise)');
const rackByPosition = {
  params: z.strictObject({ code: Code, rack: Position }),
  tenant: { kind: 'location', param: 'code' },
} as const;

/** The answer of "handle rack": the rack and when it was handled. */
export const RackHandledAnswer = z.object({
  rackCode: fieldOf('rackCode', z.string()),
  rackName: z.string(),
  rackPosition: z.number().int(),
  lastHandled: RackHandled,
});
/** A gallery image's file (original or thumbnail), addressed within its location. */
const locationImageFile = {
  params: z.strictObject({ code: Code, imageId: Id }),
  tenant: { kind: 'location', param: 'code' },
  response: z.instanceof(Blob),
  responseKind: 'binary',
} as const;

export const location = {
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code',
    summary: 'One location with its parents, racks and maxShelves',
    ...locationByCode,
    response: Location,
  }),
  getPa: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/pa/:code',
    summary: 'The same location, addressed by the place-assignment route',
    ...locationByCode,
    response: Location,
  }),
  racks: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/racks',
    summary: 'The rack/shelf/place grid with a cell per container',
    ...locationByCode,
    response: z.array(Rack),
  }),
  saveRackOrder: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/racks/order',
    summary: 'Reorder the racks (edit rack layout)',
    ...locationByCode,
    permissions: ['PERM_EDITRACKLAYOUT'],
    body: z.strictObject({ rackCodes: z.array(Code).min(1).max(1000) }),
    response: Ok,
  }),
  appointments: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/appointments',
    summary: "The location's appointments",
    ...locationByCode,
    response: z.array(Appointment),
  }),
  admins: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/admin',
    summary: "The location's admins (customer contacts)",
    ...locationByCode,
    response: z.array(LocationAdmin),
  }),
  search: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/search',
    summary: "Search the location's containers and articles",
    ...locationByCode,
    inputPermissions: SEARCH_INPUT_PERMISSIONS,
    body: SearchRequest,
    response: SearchResult,
  }),
  suggestContainer: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/suggestcontainer/:code/search',
    summary: 'Quick search of containers in a location',
    ...locationByCode,
    body: z.strictObject({ query: z.string().trim().max(200) }),
    response: z.array(ContainerSuggest),
  }),
  images: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/images',
    summary: "A page of the location's image gallery",
    ...locationByCode,
    body: ImagePageRequest,
    response: pageOf(Image),
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/image/:imageId',
    summary: 'One gallery image',
    ...locationImageFile,
  }),
  imageThumbnail: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/location/:code/image/:imageId/thumbnail',
    summary: 'The thumbnail of a gallery image (WebP, longest side at most 320 px)',
    ...locationImageFile,
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/image/upload',
    summary: 'Upload a gallery image (multipart: code, file)',
    ...locationByCode,
    permissions: ['PERM_UPLOADDELETELOCATIONIMAGE'],
    body: z.strictObject({ code: Code.optional() }),
    multipart: { maxBytes: UPLOAD_LIMITS.imageBytes, accept: IMAGE_TYPES },
    status: 201,
    response: Image,
  }),
  deleteImage: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/location/:code/image/:imageId',
    summary: 'Delete a gallery image',
    params: z.strictObject({ code: Code, imageId: Id }),
    tenant: { kind: 'location', param: 'code' },
    permissions: ['PERM_UPLOADDELETELOCATIONIMAGE'],
    response: Ok,
  }),
  scanRack: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/rack/:rack/scan',
    summary:
      'Request a scan of every active container of a rack (one review request); 409 scan_error when one is pending or the rack holds none',
    ...rackByPosition,
    permissions: ['PERM_SCANRACK'],
    conflicts: ['scan_error'],
    status: 201,
    response: ReviewRequest,
  }),
  handleRack: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/rack/:rack/handle',
    summary: 'Record that the rack was serviced now, by the caller (protocolled; the grid shows it)',
    ...rackByPosition,
    permissions: ['PERM_HANDLERACK'],
    response: RackHandledAnswer,
  }),
  rackMessage: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/rack/:rack/message',
    summary: 'Send a message about a rack to the responsible clerk (a review request of type message)',
    ...rackByPosition,
    permissions: ['PERM_SENDMESSAGE_RACK'],
    body: MessageRequest,
    status: 201,
    response: ReviewRequest,
  }),
  shelfMessage: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/rack/:rack/shelf/:shelf/message',
    summary: 'Send a message about a shelf to the responsible clerk (a review request of type message)',
    params: z.strictObject({ code: Code, rack: Position, shelf: Position }),
    tenant: { kind: 'location', param: 'code' },
    permissions: ['PERM_SENDMESSAGE_SHELF'],
    body: MessageRequest,
    status: 201,
    response: ReviewRequest,
  }),
  labels: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/labels',
    summary:
      'Printable labels as PDF (container, shelf or rack labels; A4 sheets or 100 x 50 mm thermal), streamed; only the fields the caller may see; protocolled',
    ...locationByCode,
    body: LabelRequest,
    notFound: 'rack, containerIds',
    response: z.instanceof(Blob),
    responseKind: 'binary',
  }),
  exportXlsx: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/location/:code/export/xlsx',
    summary: 'Queue an Excel export of a location search',
    ...locationByCode,
    inputPermissions: SEARCH_INPUT_PERMISSIONS,
    permissions: ['PERM_EXPORTSEARCHRESULTTOEXCEL'],
    body: ExportRequest,
    status: 202,
    response: ExportJob,
  }),
};

export const concernSearch = {
  exportXlsx: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/concern/:code/export/xlsx',
    summary: 'Queue an Excel export of a concern search',
    params: CodeParams,
    tenant: { kind: 'concern', param: 'code' },
    inputPermissions: SEARCH_INPUT_PERMISSIONS,
    permissions: ['PERM_EXPORTSEARCHRESULTTOEXCEL'],
    body: ExportRequest,
    status: 202,
    response: ExportJob,
  }),
  search: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/concern/:code/search',
    summary: "Search the concern's containers and articles",
    params: CodeParams,
    inputPermissions: SEARCH_INPUT_PERMISSIONS,
    tenant: { kind: 'concern', param: 'code' },
    body: SearchRequest,
    response: SearchResult,
  }),
};
