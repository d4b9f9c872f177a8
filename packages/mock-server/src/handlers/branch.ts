import { protocolEntry } from '@falcon/api-client';
import type { DatasetBranch } from '@falcon/demo-data';
import type { HttpHandler } from 'msw';
import type { Auth, MockDb } from '../db';
import { invalid, notFound } from '../errors';
import { createExport } from './exports';
import { fileResponse, type HandlerContext, route } from './route';
import { runSearch } from './search';
import { branchView } from './views';

const branchFor = (db: MockDb, auth: Auth, code: string): DatasetBranch => {
  const branch = db.branches.get(code);
  if (!branch || !db.canSeeBranch(auth.scope, code)) return notFound();
  return branch as DatasetBranch;
};

const containersOfBranch = (db: MockDb, auth: Auth, code: string) =>
  db
    .locationsOfBranch(code)
    .filter((l) => db.canSeeLocation(auth.scope, l.code))
    .flatMap((l) => db.containersByLocation.get(l.code) ?? []);

export const branchHandlers = (ctx: HandlerContext): HttpHandler[] => [
  route(ctx, 'branch', 'get', ({ db, auth, params }) => branchView(db, auth, params.code)),

  route(ctx, 'branch', 'map', ({ db, auth, params }) => {
    branchFor(db, auth, params.code);
    const map = db.files.branchMaps.get(params.code);
    return map ? fileResponse(map, true) : notFound();
  }),

  route(ctx, 'branch', 'uploadMap', async ({ db, auth, params, file }) => {
    const branch = branchFor(db, auth, params.code);
    const upload = file as File;
    db.files.branchMaps.set(branch.code, {
      branchCode: branch.code,
      filename: upload.name,
      contentType: upload.type || 'application/octet-stream',
      content: new Uint8Array(await upload.arrayBuffer()),
    });
    db.protocol.log(protocolEntry.branchMapUploaded(auth.user.username, branch.code));
    return { ok: true as const };
  }),

  route(ctx, 'branch', 'locationPositions', ({ db, auth, params }) => {
    branchFor(db, auth, params.code);
    return db.positions.filter(
      (p) => p.branchCode === params.code && db.canSeeLocation(auth.scope, p.locationCode),
    );
  }),

  route(ctx, 'branch', 'saveLocationPosition', ({ db, auth, params, body }) => {
    const branch = branchFor(db, auth, params.branchCode);
    if (body.branchCode !== branch.code) return invalid('branchCode', 'must equal the path');
    const location = db.locations.get(body.locationCode);
    if (!location || location.branchCode !== branch.code || !db.canSeeLocation(auth.scope, location.code))
      return invalid('locationCode', 'no such location in this branch');
    const before = db.positions.find((p) => p.locationCode === body.locationCode) ?? null;
    db.positions = db.positions.filter((p) => p.locationCode !== body.locationCode);
    db.positions.push({ ...body });
    db.protocol.log(protocolEntry.positionSaved(auth.user.username, branch.code, body, before));
    return body;
  }),

  route(ctx, 'branch', 'deleteLocationPosition', ({ db, auth, params, body }) => {
    const branch = branchFor(db, auth, params.branchCode);
    const before = db.positions.length;
    db.positions = db.positions.filter(
      (p) => !(p.branchCode === branch.code && p.locationCode === body.locationCode),
    );
    const deleted = before - db.positions.length;
    if (deleted)
      db.protocol.log(protocolEntry.positionRemoved(auth.user.username, branch.code, body.locationCode));
    return { deleted };
  }),

  route(ctx, 'branch', 'deleteLocationPositions', ({ db, auth, params }) => {
    const branch = branchFor(db, auth, params.code);
    const before = db.positions.length;
    db.positions = db.positions.filter((p) => p.branchCode !== branch.code);
    const deleted = before - db.positions.length;
    db.protocol.log(protocolEntry.positionsCleared(auth.user.username, branch.code, deleted));
    return { deleted };
  }),

  route(ctx, 'branch', 'search', ({ db, auth, params, body }) => {
    branchFor(db, auth, params.code);
    return runSearch(auth, containersOfBranch(db, auth, params.code), body);
  }),

  route(ctx, 'branch', 'exportXlsx', ({ db, auth, params, body, lang }) => {
    const branch = branchFor(db, auth, params.code);
    return createExport(db, auth, 'branch', branch, containersOfBranch(db, auth, params.code), body, lang);
  }),
];
