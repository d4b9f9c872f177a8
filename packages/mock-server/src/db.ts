import {
  approvedOrderDate,
  type BarcodeListDetail,
  branchVisible,
  concernVisible,
  containerRef,
  type Employee,
  type ExportJob,
  effectivePermissions,
  fullNameOf,
  type InventoryListDetail,
  initialsOf,
  isAlarming,
  LANGUAGES,
  type LocationPath,
  type LocationPosition,
  locationInScope,
  type RackHandled,
  type ReviewRequest,
  type ReviewType,
  type Scope,
  type Session,
} from '@falcon/api-client';
import type {
  Dataset,
  DatasetArticle,
  DatasetBranch,
  DatasetBranchMap,
  DatasetConcern,
  DatasetContainer,
  DatasetDocument,
  DatasetImage,
  DatasetLocation,
  DatasetProtocolEntry,
  DatasetRack,
  DatasetRole,
  DatasetShelf,
  DatasetUser,
} from '@falcon/demo-data';
import { createDataset, type DatasetOptions } from '@falcon/demo-data';

/** Who is calling: the session's user with its effective permissions. */
export interface Auth {
  token: string;
  user: DatasetUser;
  permissions: ReadonlySet<string>;
  scope: Scope;
  impersonatedBy: string | null;
}

interface StoredFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface StoredBarcodeList extends BarcodeListDetail {
  file: StoredFile;
  fingerprint: string;
}
export interface StoredInventoryList extends InventoryListDetail {
  file: StoredFile;
  fingerprint: string;
}
export interface StoredExport extends ExportJob {
  owner: string;
  file: StoredFile | null;
}

export interface SessionRow {
  userId: string;
  impersonatedBy: string | null;
  lastSeen: number;
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

const randomToken = () => {
  const bytes = new Uint8Array(18);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * The mock's in-memory database over a dataset: stateful (created users exist afterwards, uploads
 * appear, requests wait for review, approvals apply, everything is protocolled). `reset()` returns
 * to the dataset's state; the dataset itself is never changed.
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
  users!: Map<string, DatasetUser>;
  roles!: Map<string, DatasetRole>;
  documents!: Map<string, DatasetDocument>;
  images!: DatasetImage[];
  branchMaps!: Map<string, DatasetBranchMap>;
  positions!: LocationPosition[];
  reviews!: ReviewRequest[];
  /** A message's photo per request id (the server keeps it in `files`). */
  reviewPhotos!: Map<string, { content: Uint8Array; contentType: string; filename: string }>;
  /** "Handle rack": when and by whom a rack was last serviced, per rack code. */
  rackHandled!: Map<string, RackHandled>;
  protocol!: DatasetProtocolEntry[];
  exports!: StoredExport[];
  barcodeLists!: StoredBarcodeList[];
  inventoryLists!: StoredInventoryList[];
  sessions!: Map<string, SessionRow>;
  /** Failed password checks per lower-case username: the back-off of `handlers/throttle.ts`. */
  passwordFailures!: Map<string, { failures: number; lastFailureAt: number; lockedUntil: number }>;
  private counter = 0;

  constructor(dataset: Dataset) {
    this.dataset = dataset;
    this.reset();
  }

  /** Back to the dataset's state: every change, upload and session is dropped. */
  reset(): void {
    const d = this.dataset;
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
    this.users = new Map(d.users.map((u) => [u.id, structuredClone(u)]));
    this.roles = new Map(d.roles.map((r) => [r.id, structuredClone(r)]));
    this.documents = new Map(d.documents.map((doc) => [doc.id, doc]));
    this.images = [...d.images];
    this.branchMaps = new Map(d.branchMaps.map((m) => [m.branchCode, m]));
    this.positions = d.locationPositions.map((p) => ({ ...p }));
    this.reviews = structuredClone(d.reviewRequests);
    this.reviewPhotos = new Map();
    this.rackHandled = new Map();
    this.protocol = structuredClone(d.protocol);
    this.exports = [];
    this.barcodeLists = [];
    this.inventoryLists = [];
    this.sessions = new Map();
    this.passwordFailures = new Map();
    this.counter = 0;
  }

  /** A new id with a prefix, unique within this database. */
  nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}${Date.now().toString(36).toUpperCase()}${this.counter.toString().padStart(4, '0')}`;
  }

  now(): string {
    return new Date().toISOString();
  }

  // --- users, roles, sessions -------------------------------------------------------------

  userByName(username: string): DatasetUser | undefined {
    const wanted = username.trim().toLowerCase();
    for (const u of this.users.values()) if (u.username.toLowerCase() === wanted) return u;
    return undefined;
  }

  roleByName(rolename: string): DatasetRole | undefined {
    const wanted = rolename.trim().toLowerCase();
    for (const r of this.roles.values()) if (r.rolename.toLowerCase() === wanted) return r;
    return undefined;
  }

  rolePermissions = (rolename: string): readonly string[] | undefined =>
    this.roleByName(rolename)?.permissions;

  effectivePermissionsOf(user: DatasetUser): string[] {
    return effectivePermissions(user.permissions, user.roles, this.rolePermissions);
  }

  /** Starts a session; the token goes into the `falcon_session` cookie (or an Authorization header). */
  openSession(user: DatasetUser, impersonatedBy: string | null = null): string {
    const token = randomToken();
    this.sessions.set(token, { userId: user.id, impersonatedBy, lastSeen: Date.now() });
    return token;
  }

  /** The caller of a token, or null when the session is unknown or expired (sliding expiry per user). */
  authOf(token: string | undefined | null): Auth | null {
    if (!token) return null;
    const row = this.sessions.get(token);
    if (!row) return null;
    const user = this.users.get(row.userId);
    if (!user || Date.now() - row.lastSeen > user.sessionTimeoutMinutes * 60_000) {
      this.sessions.delete(token);
      return null;
    }
    row.lastSeen = Date.now();
    return {
      token,
      user,
      permissions: new Set(this.effectivePermissionsOf(user)),
      scope: user.scope,
      impersonatedBy: row.impersonatedBy,
    };
  }

  closeSession(token: string | undefined | null): void {
    if (token) this.sessions.delete(token);
  }

  /** Ends every session of a user (deleted, or password changed elsewhere). */
  closeSessionsOf(userId: string, except?: string): void {
    for (const [token, row] of this.sessions)
      if (row.userId === userId && token !== except) this.sessions.delete(token);
  }

  /** The open sessions, so dev:mock can carry them over a page reload (the data itself starts fresh). */
  sessionEntries(): [string, SessionRow][] {
    return [...this.sessions].map(([token, row]) => [token, { ...row }]);
  }

  /** Takes back sessions saved by `sessionEntries`; those of users this dataset lacks are dropped. */
  restoreSessions(entries: readonly (readonly [string, SessionRow])[]): void {
    for (const [token, row] of entries) if (this.users.has(row.userId)) this.sessions.set(token, { ...row });
  }

  sessionOf(auth: Auth): Session {
    const u = auth.user;
    return {
      id: u.id,
      userId: u.id,
      username: u.username,
      firstname: u.firstname,
      lastname: u.lastname,
      fullName: fullNameOf(u.firstname, u.lastname, u.username),
      initials: initialsOf(u.firstname, u.lastname, u.username),
      language: u.language,
      supportedLanguages: [...LANGUAGES],
      permissions: [...auth.permissions].sort(),
      roles: [...u.roles],
      sessionTimeoutMinutes: u.sessionTimeoutMinutes,
      impersonatedBy: auth.impersonatedBy,
    };
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

  // --- protocol and review requests -------------------------------------------------------

  /**
   * Appends an entry. `summary` is a template filled per reader from `params` (a container goes in
   * `params.container`, never into the text: the reader may not see its code).
   */
  log(
    entry: Omit<DatasetProtocolEntry, 'id' | 'at' | 'before' | 'after' | 'params'> &
      Partial<DatasetProtocolEntry>,
  ): DatasetProtocolEntry {
    const full: DatasetProtocolEntry = {
      id: this.nextId('P'),
      at: this.now(),
      before: null,
      after: null,
      params: null,
      ...entry,
    };
    this.protocol.push(full);
    return full;
  }

  /** What a rack says about its actions: last handled and whether a scan of it waits for review. */
  rackActionState(rackCode: string): { lastHandled: RackHandled | null; scanPending: boolean } {
    return {
      lastHandled: this.rackHandled.get(rackCode) ?? null,
      scanPending: this.reviews.some(
        (r) => r.type === 'rackscan' && r.state === 'pending' && r.payload.rackCode === rackCode,
      ),
    };
  }

  /** The kinds of request waiting for review for a container: its own, and a scan of its rack. */
  pendingRequestsOf(container: DatasetContainer): ReviewType[] {
    const types = new Set<ReviewType>();
    for (const r of this.reviews)
      if (
        r.state === 'pending' &&
        (r.containerId === container.id ||
          (r.type === 'rackscan' && r.payload.rackCode === container.rackCode))
      )
        types.add(r.type);
    return [...types].sort();
  }

  /**
   * A request for review, assigned to the location's in-house employee (its own, else its branch's,
   * else its concern's), and its protocol entry; `rack` for a rack scan or a message about a rack or shelf.
   */
  createReview(
    auth: Auth,
    type: ReviewType,
    location: DatasetLocation,
    container: DatasetContainer | null,
    payload: ReviewRequest['payload'],
    rack?: DatasetRack,
  ): ReviewRequest {
    const assigneeKey = this.employeeKeysOf(location).inHouseStaffEmployeeKey;
    const request: ReviewRequest = {
      id: this.nextId('RQ'),
      type,
      state: 'pending',
      containerId: container?.id ?? null,
      containerCode: container?.code ?? null,
      articleName: container?.articleName ?? null,
      locationCode: location.code,
      locationName: location.name,
      requestedBy: auth.user.username,
      requestedAt: this.now(),
      assigneeKey,
      assigneeName: (assigneeKey && this.employees.get(assigneeKey)?.fullName) || null,
      payload,
      reviewedBy: null,
      reviewedAt: null,
      comment: null,
    };
    this.reviews.push(request);
    const { rackCode: _rackCode, shelfCode: _shelfCode, ...shown } = payload;
    this.log({
      username: auth.user.username,
      type: 'request',
      objectType: container ? 'container' : rack ? 'review' : 'inventoryList',
      objectId: container?.id ?? (rack ? request.id : (payload.inventoryListId ?? null)),
      locationCode: location.code,
      summary: container
        ? '{reviewType} requested for {container}'
        : rack
          ? payload.shelfPosition !== undefined
            ? '{reviewType} requested for shelf {shelfPosition} of rack {rackName}'
            : '{reviewType} requested for rack {rackName}'
          : '{reviewType} requested',
      params: {
        values: {
          reviewType: type,
          ...(rack ? { rackName: rack.name } : {}),
          ...(payload.shelfPosition !== undefined ? { shelfPosition: String(payload.shelfPosition) } : {}),
        },
        ...(container ? { container: containerRef(container) } : {}),
      },
      after: { requestId: request.id, type, ...shown },
    });
    return request;
  }

  /** Applies an approved request to the data; returns the changed fields before and after. */
  applyReview(request: ReviewRequest): { before: Record<string, unknown>; after: Record<string, unknown> } {
    const container = request.containerId ? this.containers.get(request.containerId) : undefined;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set = <K extends keyof DatasetContainer>(
      c: DatasetContainer,
      key: K,
      value: DatasetContainer[K],
    ) => {
      before[`${c.id}.${String(key)}`] = c[key];
      c[key] = value;
      after[`${c.id}.${String(key)}`] = value;
    };
    const today = this.now().slice(0, 10);
    // A scan of an empty bin triggers its refill: it is on its way.
    const scan = (c: DatasetContainer) => {
      set(c, 'numberOfScans', c.numberOfScans + 1);
      set(c, 'lastScannedDate', this.now());
      set(c, 'deliveryStatus', 'indelivery');
      set(c, 'expectedDeliveryDate', new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
    };
    if (request.type === 'rackscan')
      for (const c of this.containersByLocation.get(request.locationCode) ?? [])
        if (c.active && c.rackCode === request.payload.rackCode) {
          scan(c);
          c.alarming = isAlarming(c.reachInWeeks, c.active);
        }
    if (container) {
      switch (request.type) {
        case 'deactivate':
          set(container, 'active', false);
          break;
        case 'scan':
          scan(container);
          break;
        case 'changequantity':
          set(container, 'fillingQuantity', request.payload.fillingQuantity ?? container.fillingQuantity);
          break;
        case 'additionalorder':
          set(container, 'deliveryStatus', 'indelivery');
          set(
            container,
            'expectedDeliveryDate',
            approvedOrderDate(request.payload.additionalOrderDate ?? today, new Date(this.now())),
          );
          break;
        default:
          break;
      }
      container.alarming = isAlarming(container.reachInWeeks, container.active);
    }
    if (request.type === 'inventorytransfer') {
      const list = this.inventoryLists.find((l) => l.id === request.payload.inventoryListId);
      for (const row of list?.rows ?? []) {
        const c = row.containerId ? this.containers.get(row.containerId) : undefined;
        if (c && typeof row.quantity === 'number') set(c, 'fillingQuantity', row.quantity);
      }
    }
    return { before, after };
  }
}

export type MockDbSource = MockDb | Dataset | DatasetOptions;

/** A database over a dataset, or over a dataset created from options (default: seed 1, small). */
export const createDb = (source: MockDbSource = {}): MockDb => {
  if (source instanceof MockDb) return source;
  if ('containerBatches' in source) return new MockDb(source);
  return new MockDb(createDataset(source));
};
