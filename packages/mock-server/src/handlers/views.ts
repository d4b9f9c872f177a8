import {
  type Article,
  type Branch,
  type Concern,
  type Container,
  containerCell,
  type Document,
  type Location,
  type Rack,
  visibleContainer,
} from '@falcon/api-client';
import type { DatasetContainer, DatasetDocument, DatasetLocation } from '@falcon/demo-data';
import type { Auth, MockDb } from '../db';
import { notFound } from '../errors';

/** The container as the contract knows it (without the dataset's tree codes). */
export const toContainer = ({ concernCode: _c, branchCode: _b, ...container }: DatasetContainer): Container =>
  container;

/** Only the fields the caller may see, for what does not leave through the route (the export). */
export const containerFor = (auth: Auth, c: DatasetContainer): Container =>
  visibleContainer(toContainer(c), auth.permissions);

export const locationFor = (db: MockDb, auth: Auth, code: string): DatasetLocation => {
  const location = db.locations.get(code);
  if (!location || !db.canSeeLocation(auth.scope, code)) return notFound('location_not_found');
  return location as DatasetLocation;
};

export const containerById = (db: MockDb, auth: Auth, id: string): DatasetContainer => {
  const container = db.containers.get(id);
  if (!container || !db.canSeeLocation(auth.scope, container.locationCode))
    return notFound('container_not_found');
  return container as DatasetContainer;
};

export const concernView = (db: MockDb, auth: Auth, code: string): Concern => {
  const concern = db.concerns.get(code);
  if (!concern || !db.canSeeConcern(auth.scope, code)) return notFound();
  const c = concern as NonNullable<typeof concern>;
  return {
    code: c.code,
    name: c.name,
    inHouseStaffEmployeeKey: c.inHouseStaffEmployeeKey,
    fieldServiceEmployeeKey: c.fieldServiceEmployeeKey,
    branches: db
      .branchesOfConcern(code)
      .filter((b) => db.canSeeBranch(auth.scope, b.code))
      .map((b) => ({
        code: b.code,
        name: b.name,
        locationCount: db.locationsOfBranch(b.code).filter((l) => db.canSeeLocation(auth.scope, l.code))
          .length,
      })),
  };
};

export const branchView = (db: MockDb, auth: Auth, code: string): Branch => {
  const branch = db.branches.get(code);
  if (!branch || !db.canSeeBranch(auth.scope, code)) return notFound();
  const b = branch as NonNullable<typeof branch>;
  const concern = db.concerns.get(b.concernCode);
  return {
    code: b.code,
    name: b.name,
    parentConcern: { code: b.concernCode, name: concern?.name ?? '' },
    inHouseStaffEmployeeKey: b.inHouseStaffEmployeeKey,
    fieldServiceEmployeeKey: b.fieldServiceEmployeeKey,
    hasMap: db.files.branchMaps.has(code),
    locations: db
      .locationsOfBranch(code)
      .filter((l) => db.canSeeLocation(auth.scope, l.code))
      .map((l) => ({ code: l.code, name: l.name, ...db.containerCounts(l.code) })),
  };
};

export const locationView = (db: MockDb, location: DatasetLocation): Location => {
  const branch = db.branches.get(location.branchCode);
  const concern = db.concerns.get(location.concernCode);
  const racks = [...(db.racksByLocation.get(location.code) ?? [])].sort((a, b) => a.position - b.position);
  const rackSummaries = racks.map((r) => ({
    code: r.code,
    name: r.name,
    position: r.position,
    shelfCount: db.shelvesByRack.get(r.code)?.length ?? 0,
    ...db.rackActionState(r.code),
  }));
  return {
    code: location.code,
    name: location.name,
    parentBranch: {
      code: location.branchCode,
      name: branch?.name ?? '',
      parentConcern: { code: location.concernCode, name: concern?.name ?? '' },
      inHouseStaffEmployeeKey: branch?.inHouseStaffEmployeeKey ?? null,
      fieldServiceEmployeeKey: branch?.fieldServiceEmployeeKey ?? null,
    },
    ...db.employeeKeysOf(location),
    address: location.address,
    racks: rackSummaries,
    maxShelves: rackSummaries.reduce((max, r) => Math.max(max, r.shelfCount), 0),
    ...db.containerCounts(location.code),
  };
};

export const racksView = (db: MockDb, location: DatasetLocation): Rack[] => {
  const racks = [...(db.racksByLocation.get(location.code) ?? [])].sort((a, b) => a.position - b.position);
  return racks.map((rack) => ({
    code: rack.code,
    name: rack.name,
    position: rack.position,
    ...db.rackActionState(rack.code),
    shelves: (db.shelvesByRack.get(rack.code) ?? []).map((shelf) => ({
      code: shelf.code,
      position: shelf.position,
      places: Array.from({ length: shelf.placeCount }, (_, i) => {
        const code = `${shelf.code}-P${String(i + 1).padStart(2, '0')}`;
        const container = db.containersByPlace.get(code);
        return { code, position: i + 1, container: container ? containerCell(container) : null };
      }),
    })),
  }));
};

export const documentView = (apiUrl: (path: string) => string, d: DatasetDocument): Document => ({
  id: d.id,
  title: d.title,
  filename: d.filename,
  contentType: d.contentType,
  size: d.content.byteLength,
  url: apiUrl(`/rest/v2/document/${encodeURIComponent(d.id)}`),
});

/** An article with statistics over the containers the caller may see (the route filters its fields). */
export const articleView = (
  db: MockDb,
  auth: Auth,
  code: string,
  apiUrl: (path: string) => string,
): Article => {
  const article = db.articles.get(code);
  if (!article || !db.articleVisible(auth.scope, code)) return notFound();
  const a = article as NonNullable<typeof article>;
  const held: DatasetContainer[] = [];
  for (const [locationCode, list] of db.containersByLocation)
    if (db.canSeeLocation(auth.scope, locationCode))
      for (const c of list) if (c.articleCode === code) held.push(c);
  const sum = (f: (c: DatasetContainer) => number) => held.reduce((s, c) => s + f(c), 0);
  const lastScans = held.map((c) => c.lastScannedDate).filter((d): d is string => d !== null);
  const annualConsumption = sum((c) => c.annualConsumption);
  const stock = sum((c) => c.fillingQuantity);
  const full: Article = {
    code: a.code,
    name: a.name,
    customerPartNumber: held[0]?.customerPartNumber ?? a.customerPartNumber,
    certificate: a.certificate,
    image: a.image,
    documents: [...db.files.documents.values()]
      .filter((d) => d.articleCode === code)
      .map((d) => documentView(apiUrl, d)),
    drawing: a.drawing,
    reachInWeeks: held.length ? Math.min(...held.map((c) => c.reachInWeeks)) : 0,
    lastScannedDate: lastScans.length ? (lastScans.sort().at(-1) as string) : null,
    numberOfScans: sum((c) => c.numberOfScans),
    consumption: sum((c) => c.consumption),
    annualConsumption,
    stockTurnRate: stock ? Math.round((annualConsumption / stock) * 100) / 100 : 0,
  };
  return full;
};
