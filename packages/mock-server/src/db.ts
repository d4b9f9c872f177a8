import {
  branchVisible,
  concernVisible,
  type Employee,
  type LocationPath,
  type LocationPosition,
  locationInScope,
  type RackHandled,
  type Scope,
  type SsoSettings,
} from '@falcon/api-client';
import type {
  Dataset,
  DatasetArticle,
  DatasetBranch,
  DatasetConcern,
  DatasetContainer,
  DatasetLocation,
  DatasetRack,
  DatasetShelf,
} from '@falcon/demo-data';
import { createDataset, type DatasetOptions } from '@falcon/demo-data';
import { FileStore } from './store/files';
import { GrantStore } from './store/grants';
import { HistoryStore } from './store/history';
import { Ids } from './store/ids';
import { ProtocolLog } from './store/protocol';
import { ReviewStore } from './store/reviews';
import { SecondFactorStore } from './store/second-factors';
import { type Auth, SessionStore } from './store/sessions';

export type { StoredBarcodeList, StoredExport, StoredInventoryList } from './store/files';
export type { Auth } from './store/sessions';

/** A count as the mock keeps it: its expected containers fixed at start, its scans in order of arrival. */
export interface StoredStocktake {
  id: string;
  locationCode: string;
  rackCode: string | null;
  state: 'open' | 'finished';
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
  inventoryListId: string | null;
  expected: string[];
  scans: import('@falcon/api-client').ScanFact[];
}

const byCode = <T extends { code: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.code, r]));
const groupBy = <T>(rows: readonly T[], key: (row: T) => string) => {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
};

/**
 * The mock's in-memory database over a dataset: stateful (created users exist afterwards, uploads
 * appear, requests wait for review, approvals apply, everything is protocolled). It holds the tree
 * and its scope queries; users and roles, sessions, review requests, the protocol and the files are
 * stores of their own (`store/`). The rules are api-client's; the handlers wire both together.
 * `reset()` returns to the dataset's state; the dataset itself is never changed.
 */
export class MockDb {
  readonly dataset: Dataset;
  readonly startedAt = new Date().toISOString();

  concerns!: Map<string, DatasetConcern>;
  branches!: Map<string, DatasetBranch>;
  locations!: Map<string, DatasetLocation>;
  racksByLocation!: Map<string, DatasetRack[]>;
  shelvesByRack!: Map<string, DatasetShelf[]>;
  containers!: Map<string, DatasetContainer>;
  containersByLocation!: Map<string, DatasetContainer[]>;
  containersByBarcode!: Map<string, DatasetContainer>;
  containersByPlace!: Map<string, DatasetContainer>;
  articles!: Map<string, DatasetArticle>;
  employees!: Map<string, Employee>;
  positions!: LocationPosition[];
  /** The concerns' single sign-on settings (handlers/sso.ts). */
  ssoSettings!: Map<string, SsoSettings>;
  ids!: Ids;
  grants!: GrantStore;
  sessions!: SessionStore;
  reviews!: ReviewStore;
  protocol!: ProtocolLog;
  files!: FileStore;
  /** Container history, forecasts and lead/safety times (issue 16). */
  history!: HistoryStore;
  /** "Handle rack": when and by whom a rack was last serviced, per rack code. */
  rackHandled!: Map<string, RackHandled>;
  /** Counts (stocktake) started on /app. */
  stocktakes!: StoredStocktake[];
  /** TOTP, passkeys, recovery codes and pending sign-ins (issue 18). */
  secondFactors!: SecondFactorStore;

  constructor(dataset: Dataset) {
    this.dataset = dataset;
    this.reset();
  }

  /** Back to the dataset's state: every change, upload and session is dropped. */
  reset(): void {
    const d = this.dataset;
    this.ssoSettings = new Map();
    this.concerns = byCode(d.concerns.map((c) => ({ ...c })));
    this.branches = byCode(d.branches.map((b) => ({ ...b })));
    this.locations = byCode(d.locations.map((l) => ({ ...l })));
    this.racksByLocation = groupBy(
      d.racks.map((r) => ({ ...r })),
      (r) => r.locationCode,
    );
    this.shelvesByRack = groupBy(d.shelves, (s) => s.rackCode);
    const containers: DatasetContainer[] = [];
    if (d.containers.length || d.containerCount === 0)
      for (const c of d.containers) containers.push({ ...c });
    else for (const batch of d.containerBatches(10_000)) containers.push(...batch);
    this.containers = new Map(containers.map((c) => [c.id, c]));
    this.containersByLocation = groupBy(containers, (c) => c.locationCode);
    this.containersByBarcode = new Map(containers.map((c) => [c.barcode, c]));
    this.containersByPlace = new Map(containers.map((c) => [c.placeCode, c]));
    this.articles = byCode(d.articles);
    this.employees = new Map(d.employees.map((e) => [e.key, { ...e }]));
    this.positions = d.locationPositions.map((p) => ({ ...p }));
    this.ids = new Ids();
    this.grants = new GrantStore(d);
    this.sessions = new SessionStore(this.grants);
    this.reviews = new ReviewStore(d);
    this.protocol = new ProtocolLog(d.protocol, this.ids);
    this.files = new FileStore(d);
    this.history = new HistoryStore(d);
    this.rackHandled = new Map();
    this.stocktakes = [];
    this.secondFactors = new SecondFactorStore();
  }

  /** A new id with a prefix, unique within this database. */
  nextId(prefix: string): string {
    return this.ids.next(prefix);
  }

  now(): string {
    return this.ids.now();
  }

  // --- the tree and scope -----------------------------------------------------------------

  pathOf(locationCode: string): LocationPath | undefined {
    const l = this.locations.get(locationCode);
    return l && { concernCode: l.concernCode, branchCode: l.branchCode, locationCode: l.code };
  }

  branchConcern = (branchCode: string): string | undefined => this.branches.get(branchCode)?.concernCode;
  locationPath = (locationCode: string): LocationPath | undefined => this.pathOf(locationCode);

  locationsOfBranch(branchCode: string): DatasetLocation[] {
    return [...this.locations.values()].filter((l) => l.branchCode === branchCode);
  }

  branchesOfConcern(concernCode: string): DatasetBranch[] {
    return [...this.branches.values()].filter((b) => b.concernCode === concernCode);
  }

  canSeeLocation(scope: Scope, code: string): boolean {
    const path = this.pathOf(code);
    return path !== undefined && locationInScope(scope, path);
  }

  canSeeBranch(scope: Scope, code: string): boolean {
    const b = this.branches.get(code);
    if (!b) return false;
    return branchVisible(scope, {
      concernCode: b.concernCode,
      branchCode: b.code,
      locationCodes: this.locationsOfBranch(code).map((l) => l.code),
    });
  }

  canSeeConcern(scope: Scope, code: string): boolean {
    if (!this.concerns.has(code)) return false;
    if (scope.all || scope.concerns.includes(code)) return true;
    const branches = this.branchesOfConcern(code);
    return concernVisible(scope, {
      concernCode: code,
      branchCodes: branches.map((b) => b.code),
      locationCodes: branches.flatMap((b) => this.locationsOfBranch(b.code).map((l) => l.code)),
    });
  }

  visibleLocations(scope: Scope): DatasetLocation[] {
    return [...this.locations.values()].filter((l) =>
      locationInScope(scope, this.pathOf(l.code) as LocationPath),
    );
  }

  /** Employee keys of a location: its own, else its branch's. */
  employeeKeysOf(location: DatasetLocation): {
    inHouseStaffEmployeeKey: string | null;
    fieldServiceEmployeeKey: string | null;
  } {
    const branch = this.branches.get(location.branchCode);
    const concern = this.concerns.get(location.concernCode);
    return {
      inHouseStaffEmployeeKey:
        location.inHouseStaffEmployeeKey ??
        branch?.inHouseStaffEmployeeKey ??
        concern?.inHouseStaffEmployeeKey ??
        null,
      fieldServiceEmployeeKey:
        location.fieldServiceEmployeeKey ??
        branch?.fieldServiceEmployeeKey ??
        concern?.fieldServiceEmployeeKey ??
        null,
    };
  }

  /** Employees a user may see: all for an unrestricted scope, else those serving its data, and its own. */
  canSeeEmployee(auth: Auth, key: string): boolean {
    if (!this.employees.has(key)) return false;
    if (auth.scope.all || auth.user.employeeKey === key) return true;
    for (const c of this.concerns.values())
      if (
        (c.inHouseStaffEmployeeKey === key || c.fieldServiceEmployeeKey === key) &&
        this.canSeeConcern(auth.scope, c.code)
      )
        return true;
    for (const b of this.branches.values())
      if (
        (b.inHouseStaffEmployeeKey === key || b.fieldServiceEmployeeKey === key) &&
        this.canSeeBranch(auth.scope, b.code)
      )
        return true;
    for (const l of this.locations.values())
      if (
        (l.inHouseStaffEmployeeKey === key || l.fieldServiceEmployeeKey === key) &&
        this.canSeeLocation(auth.scope, l.code)
      )
        return true;
    return false;
  }

  containerCounts(locationCode: string): { containerCount: number; alarmingCount: number } {
    const list = this.containersByLocation.get(locationCode) ?? [];
    let alarmingCount = 0;
    for (const c of list) if (c.alarming) alarmingCount++;
    return { containerCount: list.length, alarmingCount };
  }

  /** Containers whose article a user may see (articles are visible through the containers holding them). */
  articleVisible(scope: Scope, articleCode: string): boolean {
    if (!this.articles.has(articleCode)) return false;
    for (const [locationCode, list] of this.containersByLocation)
      if (this.canSeeLocation(scope, locationCode) && list.some((c) => c.articleCode === articleCode))
        return true;
    return false;
  }

  /** What a rack says about its actions: last handled and whether a scan of it waits for review. */
  rackActionState(rackCode: string): { lastHandled: RackHandled | null; scanPending: boolean } {
    return {
      lastHandled: this.rackHandled.get(rackCode) ?? null,
      scanPending: this.reviews.rackScanPending(rackCode),
    };
  }
}

export type MockDbSource = MockDb | Dataset | DatasetOptions;

/** A database over a dataset, or over a dataset created from options (default: seed 1, small). */
export const createDb = (source: MockDbSource = {}): MockDb => {
  if (source instanceof MockDb) return source;
  if ('containerBatches' in source) return new MockDb(source);
  return new MockDb(createDataset(source));
};
