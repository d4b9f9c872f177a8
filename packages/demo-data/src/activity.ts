import {
  containerRef,
  type Employee,
  type LocationPosition,
  type ReviewRequest,
  type ReviewType,
} from '@falcon/api-client';
import type { ArticleSpec } from './catalog';
import {
  containerCode,
  containerDocumentId,
  containerDocumentName,
  hasContainerDocument,
} from './containers';
import { floorPlanSvg, rackPhotoSvg, tinyPdf } from './files';
import type { LocationLayout } from './layout';
import type { Org } from './org';
import { type DateTools, pad, type Rng } from './random';
import type {
  DatasetAppointment,
  DatasetBranchMap,
  DatasetContainer,
  DatasetDocument,
  DatasetImage,
  DatasetLocation,
  DatasetProtocolEntry,
  DatasetUser,
} from './types';

const APPOINTMENTS = [
  ['delivery', 'Anlieferung C-Teile'],
  ['delivery', 'Sammellieferung Kanban'],
  ['inventory', 'Inventur'],
  ['inventory', 'Stichprobeninventur'],
  ['visit', 'Besuch Außendienst'],
  ['visit', 'Kanban-Audit'],
  ['maintenance', 'Regalprüfung nach DIN EN 15635'],
  ['maintenance', 'Wartung Kanban-Scanner'],
] as const;

export const createAppointments = (
  rng: Rng,
  dates: DateTools,
  layouts: readonly LocationLayout[],
  range: readonly [number, number],
): DatasetAppointment[] => {
  const out: DatasetAppointment[] = [];
  for (const { location } of layouts) {
    const count = rng.int(...range);
    for (let n = 1; n <= count; n++) {
      const [appointmentType, title] = rng.pick(APPOINTMENTS);
      const startDay = rng.int(-30, 60);
      const allDay = appointmentType === 'inventory';
      const startHour = allDay ? 6 : rng.int(6, 14);
      const start = Math.floor(startDay) + startHour / 24 - 8 / 24;
      const hours = allDay ? 10 : rng.int(1, 3);
      out.push({
        id: `AP-${location.code}-${pad(n, 2)}`,
        locationCode: location.code,
        title: appointmentType === 'inventory' ? `${title} ${location.name}` : title,
        startDate: dates.at(start),
        endDate: dates.at(start + hours / 24),
        appointmentType,
      });
    }
  }
  return out.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id));
};

/** Documents: a data sheet per article, a drawing where the article has one, delivery notes of some containers. */
export const createDocuments = (
  articles: readonly ArticleSpec[],
  containerSeqs: Iterable<number>,
  documentEvery: number,
): DatasetDocument[] => {
  const out: DatasetDocument[] = [];
  for (const a of articles) {
    out.push({
      id: `DOC-${a.code}-DB`,
      containerId: null,
      articleCode: a.code,
      title: `Datenblatt ${a.name}`,
      filename: `Datenblatt_${a.code}.pdf`,
      contentType: 'application/pdf',
      content: tinyPdf(`Datenblatt ${a.code}`, [a.name, `Zertifikat: ${a.certificate ?? '-'}`]),
    });
    if (a.drawing)
      out.push({
        id: `DOC-${a.code}-ZG`,
        containerId: null,
        articleCode: a.code,
        title: `Zeichnung ${a.name}`,
        filename: a.drawing,
        contentType: 'application/pdf',
        content: tinyPdf(`Zeichnung ${a.code}`, [a.name]),
      });
  }
  for (const seq of containerSeqs) {
    if (!hasContainerDocument(seq, documentEvery)) continue;
    out.push({
      id: containerDocumentId(seq),
      containerId: `K${pad(seq, 7)}`,
      articleCode: null,
      title: `Lieferschein ${containerCode(seq)}`,
      filename: containerDocumentName(seq),
      contentType: 'application/pdf',
      content: tinyPdf(`Lieferschein ${containerCode(seq)}`, ['Kanban-Nachlieferung']),
    });
  }
  return out;
};

/** Branch maps (floor plans with one hall per location) and the markers placed on them. */
export const createMaps = (
  rng: Rng,
  org: Org,
): { branchMaps: DatasetBranchMap[]; locationPositions: LocationPosition[] } => {
  const branchMaps: DatasetBranchMap[] = [];
  const locationPositions: LocationPosition[] = [];
  org.branches.forEach((branch, i) => {
    if (i > 0 && !rng.chance(0.7)) return;
    const locations = org.locations
      .filter((l) => l.location.branchCode === branch.code)
      .map((l) => l.location);
    branchMaps.push({
      branchCode: branch.code,
      filename: `Lageplan_${branch.code}.svg`,
      contentType: 'image/svg+xml',
      content: floorPlanSvg(
        branch.name,
        locations.map((l) => l.name),
      ),
    });
    // The same grid as the floor plan: a marker in the middle of each location's hall.
    const cols = Math.min(3, Math.max(1, locations.length));
    const rows = Math.ceil(locations.length / cols) || 1;
    const cw = (1200 - 80) / cols;
    const ch = (800 - 140) / rows;
    locations.forEach((l, k) => {
      if (k > 0 && !rng.chance(0.8)) return;
      locationPositions.push({
        branchCode: branch.code,
        locationCode: l.code,
        x: Math.round(((40 + (k % cols) * cw + cw / 2) / 1200) * 1000) / 1000,
        y: Math.round(((100 + Math.floor(k / cols) * ch + ch / 2) / 800) * 1000) / 1000,
      });
    });
  });
  return { branchMaps, locationPositions };
};

export const createImages = (
  rng: Rng,
  dates: DateTools,
  locations: readonly DatasetLocation[],
  range: readonly [number, number],
  uploaders: readonly string[],
): DatasetImage[] => {
  const out: DatasetImage[] = [];
  for (const location of locations) {
    const count = rng.int(...range);
    for (let n = 1; n <= count; n++)
      out.push({
        id: `IMG-${location.code}-${pad(n, 2)}`,
        locationCode: location.code,
        filename: `${location.name.replace(/[^\p{L}\p{N}]+/gu, '_')}_${pad(n, 2)}.svg`,
        contentType: 'image/svg+xml',
        width: 800,
        height: 600,
        uploadedAt: dates.at(-rng.float(1, 200, 3)),
        uploadedBy: rng.pick(uploaders),
        content: rackPhotoSvg(`${location.name} – ${n}`, rng.int(0, 359)),
      });
  }
  return out;
};

export interface ActivityInput {
  rng: Rng;
  dates: DateTools;
  org: Org;
  users: readonly DatasetUser[];
  /** Locations that get requests, with their containers. */
  samples: readonly { location: DatasetLocation; containers: readonly DatasetContainer[] }[];
}

/** The employee who reviews a location's requests: its own key, else its branch's, else its concern's. */
const responsibleInHouse = (org: Org, location: DatasetLocation): string | null => {
  const branch = org.branches.find((b) => b.code === location.branchCode);
  const concern = org.concerns.find((c) => c.code === location.concernCode);
  return (
    location.inHouseStaffEmployeeKey ??
    branch?.inHouseStaffEmployeeKey ??
    concern?.inHouseStaffEmployeeKey ??
    null
  );
};

const REQUEST_TYPES: readonly ReviewType[] = ['scan', 'changequantity', 'additionalorder', 'deactivate'];

/**
 * Review requests (pending ones for the back office, a few decided) and the protocol of what happened
 * so far: demo sign-ins, the requests and their decisions.
 */
export const createActivity = ({ rng, dates, org, users, samples }: ActivityInput) => {
  const reviewRequests: ReviewRequest[] = [];
  const protocol: DatasetProtocolEntry[] = [];
  const requesterFor = (location: DatasetLocation) => {
    const local = users.filter(
      (u) =>
        u.roles.some((r) => r === 'KD_USER' || r === 'KD_ADMIN') &&
        (u.scope.concerns.includes(location.concernCode) ||
          u.scope.branches.includes(location.branchCode) ||
          u.scope.locations.includes(location.code)),
    );
    return local.length ? rng.pick(local).username : 'admin';
  };
  const reviewerOf = (key: string | null) =>
    (org.employees.find((e: Employee) => e.key === key)?.username ?? 'admin') as string;

  for (const { location, containers } of samples) {
    const active = containers.filter((c) => c.active);
    const count = Math.min(active.length, rng.int(2, 4));
    for (let i = 0; i < count; i++) {
      const container = active[(i * 7 + rng.int(0, 6)) % active.length] as DatasetContainer;
      if (reviewRequests.some((r) => r.containerId === container.id)) continue;
      const type = REQUEST_TYPES[(reviewRequests.length + i) % REQUEST_TYPES.length] as ReviewType;
      const decided = rng.chance(0.3);
      const requestedAt = dates.at(-rng.float(0.2, 10, 3));
      const assigneeKey = responsibleInHouse(org, location);
      const payload: ReviewRequest['payload'] =
        type === 'changequantity'
          ? {
              fillingQuantity: container.fillingQuantity * 2,
              previousFillingQuantity: container.fillingQuantity,
            }
          : type === 'additionalorder'
            ? { factor: rng.int(1, 3), additionalOrderDate: dates.day(rng.int(2, 14)) }
            : {};
      const request: ReviewRequest = {
        id: `RQ${pad(reviewRequests.length + 1, 5)}`,
        type,
        // Only scans are shown approved: their effect (a refill) leaves no trace in the container's data.
        state: decided ? (type === 'scan' ? 'approved' : 'rejected') : 'pending',
        containerId: container.id,
        containerCode: container.code,
        articleName: container.articleName,
        locationCode: location.code,
        locationName: location.name,
        requestedBy: requesterFor(location),
        requestedAt,
        assigneeKey,
        assigneeName: org.employees.find((e: Employee) => e.key === assigneeKey)?.fullName ?? null,
        payload,
        reviewedBy: null,
        reviewedAt: null,
        comment: null,
      };
      if (decided) {
        request.reviewedBy = reviewerOf(assigneeKey);
        request.reviewedAt = new Date(Date.parse(requestedAt) + 3_600_000).toISOString();
        request.comment = request.state === 'rejected' ? 'Bestand ausreichend, keine Aktion nötig' : null;
      }
      reviewRequests.push(request);
    }
  }

  const entries: Omit<DatasetProtocolEntry, 'id'>[] = [];
  for (const u of users)
    if (u.lastLogin)
      entries.push({
        at: u.lastLogin,
        username: u.username,
        type: 'signin',
        objectType: 'user',
        objectId: u.id,
        locationCode: null,
        summary: `${u.username} signed in`,
        params: { event: 'signedIn', values: { username: u.username } },
        before: null,
        after: null,
      });
  const byId = new Map(samples.flatMap((s) => s.containers.map((c) => [c.id, c] as const)));
  for (const r of reviewRequests) {
    const container = byId.get(r.containerId as string) as DatasetContainer;
    entries.push({
      at: r.requestedAt,
      username: r.requestedBy,
      type: 'request',
      objectType: 'container',
      objectId: r.containerId,
      locationCode: r.locationCode,
      summary: '{reviewType} requested for {container}',
      params: {
        event: 'reviewRequested',
        values: { reviewType: r.type, location: r.locationCode },
        container: containerRef(container),
      },
      before: null,
      after: { requestId: r.id, type: r.type, ...r.payload },
    });
    if (r.reviewedAt)
      entries.push({
        at: r.reviewedAt,
        username: r.reviewedBy,
        type: r.state === 'approved' ? 'review_approved' : 'review_rejected',
        objectType: 'review',
        objectId: r.id,
        locationCode: r.locationCode,
        summary: '{reviewType} for {container} {state}',
        params: {
          event: 'reviewDecided',
          values: { reviewType: r.type, state: r.state, location: r.locationCode },
          container: containerRef(container),
        },
        before: { state: 'pending' },
        after: { state: r.state },
      });
  }
  entries.sort((a, b) => a.at.localeCompare(b.at));
  entries.forEach((e, i) => {
    protocol.push({ id: `P${pad(i + 1, 7)}`, ...e });
  });
  return { reviewRequests, protocol };
};
