import {
  fullNameOf,
  type Image,
  type LocationAdmin,
  positionOf,
  protocolEntry,
  rackPayload,
  rackScanRefusal,
  slicePage,
  suggestionOf,
  suggestionSearch,
} from '@falcon/api-client';
import type { DatasetImage, DatasetLocation, DatasetRack } from '@falcon/demo-data';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb } from '../db';
import { fail, invalid, notFound } from '../errors';
import { createExport } from './exports';
import { labelHandlers } from './labels';
import { requestReview } from './reviews';
import { fileResponse, type HandlerContext, route } from './route';
import { runSearch } from './search';
import { locationFor, locationView, racksView } from './views';

/** Pixel size of a PNG or JPEG, read from its header; null for anything else. */
const imageSize = (bytes: Uint8Array): { width: number; height: number } | null => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50)
    return { width: view.getUint32(16), height: view.getUint32(20) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length && bytes[i] === 0xff) {
      const marker = bytes[i + 1] as number;
      const length = view.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xc3)
        return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
      i += 2 + length;
    }
  }
  return null;
};

/** A rack of the location by its position (as the grid shows it); 404 naming `rack` when there is none. */
const rackAt = (db: MockDb, location: DatasetLocation, position: string): DatasetRack => {
  const wanted = positionOf(position, 'rack');
  return (
    [...(db.racksByLocation.get(location.code) ?? [])]
      .sort((a, b) => a.code.localeCompare(b.code))
      .find((r) => r.position === wanted) ?? fail(404, 'not_found', 'rack')
  );
};

/** A message about a rack or one of its shelves, to the location's responsible clerk. */
const rackMessage = (
  db: MockDb,
  auth: Auth,
  params: { code: string; rack: string; shelf?: string },
  message: string,
) => {
  const location = locationFor(db, auth, params.code);
  const rack = rackAt(db, location, params.rack);
  const shelfAt = params.shelf === undefined ? undefined : positionOf(params.shelf, 'shelf');
  const shelf =
    shelfAt === undefined
      ? undefined
      : ((db.shelvesByRack.get(rack.code) ?? []).find((s) => s.position === shelfAt) ??
        fail(404, 'not_found', 'shelf'));
  return requestReview(db, auth, 'message', location, null, { message, ...rackPayload(rack, shelf) }, rack);
};

const imageView = (apiUrl: (path: string) => string, img: DatasetImage): Image => ({
  id: img.id,
  filename: img.filename,
  contentType: img.contentType,
  size: img.content.byteLength,
  width: img.width,
  height: img.height,
  uploadedAt: img.uploadedAt,
  uploadedBy: img.uploadedBy,
  url: apiUrl(
    `/rest/v2/location/${encodeURIComponent(img.locationCode)}/image/${encodeURIComponent(img.id)}`,
  ),
  thumbnailUrl: apiUrl(
    `/rest/v2/location/${encodeURIComponent(img.locationCode)}/image/${encodeURIComponent(img.id)}/thumbnail`,
  ),
});

/** Customer admins responsible for a location: KD_ADMIN users whose scope reaches it. */
const adminsOf = (db: MockDb, code: string): ReturnType<(typeof LocationAdmin)['parse']>[] =>
  [...db.grants.users.values()]
    .filter((u) => u.roles.includes('KD_ADMIN') && !u.scope.all && db.canSeeLocation(u.scope, code))
    .map((u) => ({
      userId: u.id,
      username: u.username,
      fullName: fullNameOf(u.firstname, u.lastname, u.username),
      email: u.email,
      phone: u.phone,
    }));

export const locationHandlers = (ctx: HandlerContext): HttpHandler[] => [
  ...labelHandlers(ctx),
  route(ctx, 'location', 'get', ({ db, auth, params }) =>
    locationView(db, locationFor(db, auth, params.code)),
  ),
  route(ctx, 'location', 'getPa', ({ db, auth, params }) =>
    locationView(db, locationFor(db, auth, params.code)),
  ),
  route(ctx, 'location', 'racks', ({ db, auth, params }) =>
    racksView(db, locationFor(db, auth, params.code)),
  ),

  route(ctx, 'location', 'saveRackOrder', ({ db, auth, params, body }) => {
    const location = locationFor(db, auth, params.code);
    const racks = db.racksByLocation.get(location.code) ?? [];
    const codes = new Set(body.rackCodes);
    if (
      codes.size !== body.rackCodes.length ||
      codes.size !== racks.length ||
      racks.some((r) => !codes.has(r.code))
    )
      return invalid('rackCodes', "must list each of the location's racks once");
    const before = [...racks].sort((a, b) => a.position - b.position || a.code.localeCompare(b.code));
    for (const rack of racks) rack.position = body.rackCodes.indexOf(rack.code) + 1;
    db.protocol.log(
      protocolEntry.rackOrderChanged(auth.user.username, location.code, before, body.rackCodes),
    );
    return { ok: true as const };
  }),

  route(ctx, 'location', 'appointments', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    return db.dataset.appointments
      .filter((a) => a.locationCode === location.code)
      .map(({ locationCode: _l, ...a }) => a);
  }),

  route(ctx, 'location', 'admins', ({ db, auth, params }) =>
    adminsOf(db, locationFor(db, auth, params.code).code),
  ),

  route(ctx, 'location', 'search', ({ db, auth, params, body }) => {
    const location = locationFor(db, auth, params.code);
    return runSearch(auth, db.containersByLocation.get(location.code) ?? [], body);
  }),

  route(ctx, 'location', 'suggestContainer', ({ db, auth, params, body }) => {
    const location = locationFor(db, auth, params.code);
    const found = runSearch(
      auth,
      db.containersByLocation.get(location.code) ?? [],
      suggestionSearch(body.query),
    );
    return found.items.map(suggestionOf);
  }),

  route(ctx, 'location', 'images', ({ db, auth, params, body, apiUrl }) => {
    const location = locationFor(db, auth, params.code);
    const dir = body.sortAsc ? 1 : -1;
    const rows = db.files.images
      .filter((i) => i.locationCode === location.code)
      .sort((a, b) =>
        body.sortField === 'filename'
          ? a.filename.localeCompare(b.filename) * dir
          : a.uploadedAt.localeCompare(b.uploadedAt) * dir || a.id.localeCompare(b.id) * dir,
      );
    const page = slicePage(rows, body.page, body.size);
    return { ...page, items: page.items.map((i) => imageView(apiUrl, i)) };
  }),

  route(ctx, 'location', 'image', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    const image = db.files.images.find((i) => i.id === params.imageId && i.locationCode === location.code);
    return image ? fileResponse(image, true) : notFound();
  }),

  // The mock has no image codec in the browser: the thumbnail is the image itself (the browser
  // scales it); the server stores a real 320 px WebP thumbnail.
  route(ctx, 'location', 'imageThumbnail', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    const image = db.files.images.find((i) => i.id === params.imageId && i.locationCode === location.code);
    return image ? fileResponse(image, true) : notFound();
  }),

  route(ctx, 'location', 'uploadImage', async ({ db, auth, params, file, apiUrl }) => {
    const location = locationFor(db, auth, params.code);
    const upload = file as File;
    const content = new Uint8Array(await upload.arrayBuffer());
    const size = imageSize(content);
    const image: DatasetImage = {
      id: db.nextId('IMG-'),
      locationCode: location.code,
      filename: upload.name,
      contentType: upload.type || 'image/jpeg',
      width: size?.width ?? null,
      height: size?.height ?? null,
      uploadedAt: db.now(),
      uploadedBy: auth.user.username,
      content,
    };
    db.files.images.push(image);
    db.protocol.log(protocolEntry.imageUploaded(auth.user.username, location.code, image));
    return imageView(apiUrl, image);
  }),

  route(ctx, 'location', 'deleteImage', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    const image = db.files.images.find((i) => i.id === params.imageId && i.locationCode === location.code);
    if (!image) return notFound();
    db.files.images = db.files.images.filter((i) => i !== image);
    db.protocol.log(protocolEntry.imageDeleted(auth.user.username, location.code, image));
    return { ok: true as const };
  }),

  route(ctx, 'location', 'scanRack', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    const rack = rackAt(db, location, params.rack);
    const containerCount = (db.containersByLocation.get(location.code) ?? []).filter(
      (c) => c.active && c.rackCode === rack.code,
    ).length;
    const refused = rackScanRefusal({
      scanPending: db.rackActionState(rack.code).scanPending,
      activeContainers: containerCount,
    });
    if (refused) fail(409, 'scan_error', undefined, refused);
    return requestReview(
      db,
      auth,
      'rackscan',
      location,
      null,
      { ...rackPayload(rack), containerCount },
      rack,
    );
  }),

  route(ctx, 'location', 'handleRack', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    const rack = rackAt(db, location, params.rack);
    const before = db.rackHandled.get(rack.code);
    const lastHandled = { at: db.now(), by: auth.user.username };
    db.rackHandled.set(rack.code, lastHandled);
    db.protocol.log(
      protocolEntry.rackHandled(
        auth.user.username,
        location.code,
        rack.name,
        before?.at ?? null,
        lastHandled.at,
      ),
    );
    return { rackCode: rack.code, rackName: rack.name, rackPosition: rack.position, lastHandled };
  }),

  route(ctx, 'location', 'rackMessage', ({ db, auth, params, body }) =>
    rackMessage(db, auth, params, body.message),
  ),
  route(ctx, 'location', 'shelfMessage', ({ db, auth, params, body }) =>
    rackMessage(db, auth, params, body.message),
  ),

  route(ctx, 'location', 'exportXlsx', ({ db, auth, params, body, lang }) => {
    const location = locationFor(db, auth, params.code);
    return createExport(
      db,
      auth,
      'location',
      location,
      db.containersByLocation.get(location.code) ?? [],
      body,
      lang,
    );
  }),
];
