import type {
  Appointment,
  Container,
  Employee,
  Language,
  LocationPosition,
  ProtocolEntry,
  ProtocolParams,
  ReviewRequest,
  Scope,
} from '@falcon/api-client';

/**
 * The shape of a generated dataset: plain rows, one array per entity, the same for the mock (in
 * memory) and the server's demo seed (inserted into PostgreSQL). Codes are unique per entity.
 */
export type DatasetScale = 'small' | 'demo' | 'large';

export interface DatasetConcern {
  code: string;
  name: string;
  inHouseStaffEmployeeKey: string | null;
  fieldServiceEmployeeKey: string | null;
}

export interface DatasetBranch {
  code: string;
  name: string;
  concernCode: string;
  inHouseStaffEmployeeKey: string | null;
  fieldServiceEmployeeKey: string | null;
}

export interface DatasetLocation {
  code: string;
  name: string;
  branchCode: string;
  concernCode: string;
  /** null: falls back to the branch's keys. */
  inHouseStaffEmployeeKey: string | null;
  fieldServiceEmployeeKey: string | null;
  address: string | null;
}

export interface DatasetRack {
  code: string;
  name: string;
  locationCode: string;
  position: number;
}

export interface DatasetShelf {
  code: string;
  rackCode: string;
  locationCode: string;
  position: number;
  /** Places on the shelf (4-12, by the width of its bins). */
  placeCount: number;
  /** The bin type the shelf holds, e.g. 'Sichtlagerkasten Gr. 4'. */
  containerType: string;
}

export interface DatasetPlace {
  code: string;
  shelfCode: string;
  rackCode: string;
  locationCode: string;
  position: number;
}

export interface DatasetArticle {
  code: string;
  name: string;
  customerPartNumber: string;
  certificate: string | null;
  image: string | null;
  drawing: string | null;
}

/** Every field of spec section 3 present (hidden fields are removed only when serialised for a user). */
/** A stored container: every field of the contract's container (what is pending is derived, not stored). */
export type DatasetContainer = {
  [K in Exclude<keyof Container, 'pendingRequests'>]-?: Exclude<Container[K], undefined>;
} & {
  concernCode: string;
  branchCode: string;
};

export interface DatasetAppointment extends Appointment {
  locationCode: string;
}

export interface DatasetUser {
  id: string;
  username: string;
  /** Demo password in clear: the server hashes it on seeding; never served. */
  password: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  region: string | null;
  useRegion: boolean;
  language: Language;
  roles: string[];
  permissions: string[];
  scope: Scope;
  employeeKey: string | null;
  sessionTimeoutMinutes: number;
  createdAt: string;
  lastLogin: string | null;
  /** False: cannot sign in. */
  active: boolean;
}

export interface DatasetRole {
  id: string;
  rolename: string;
  firstname: string | null;
  lastname: string | null;
  region: string | null;
  permissions: string[];
  builtIn: boolean;
  /** The concern that owns the role; null = global (built-in, or made by internal staff). */
  concernCode: string | null;
  /** Its users must sign in with a second factor (ADR 0063); absent: not required (the demo data). */
  secondFactorRequired?: boolean;
}

export interface DatasetDocument {
  id: string;
  containerId: string | null;
  articleCode: string | null;
  title: string;
  filename: string;
  contentType: string;
  /** File content, small and generated (a minimal PDF or text). */
  content: Uint8Array;
}

/** A gallery image of a location (generated pictures are SVG; uploads are jpeg/png/webp). */
export interface DatasetImage {
  id: string;
  locationCode: string;
  filename: string;
  contentType: string;
  width: number | null;
  height: number | null;
  uploadedAt: string;
  uploadedBy: string;
  content: Uint8Array;
}

/** The uploaded floor plan of a branch, on which location positions are placed. */
export interface DatasetBranchMap {
  branchCode: string;
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * A protocol entry as stored: `summary` is a template (`{reviewType} requested for {container}`)
 * rendered per reader from `params` (domain `renderSummary`); plain text when `params` is null.
 */
export type DatasetProtocolEntry = ProtocolEntry & { params: ProtocolParams | null };

export interface Dataset {
  seed: number;
  scale: DatasetScale;
  /** The fixed moment the data is generated around (dates of scans, deliveries, appointments). */
  now: string;
  concerns: DatasetConcern[];
  branches: DatasetBranch[];
  locations: DatasetLocation[];
  racks: DatasetRack[];
  shelves: DatasetShelf[];
  /** Every place for `small` and `demo`; empty for `large` (use `placeBatches`). */
  places: DatasetPlace[];
  /** Streams every place (occupied or not) in batches, in tree order. */
  placeBatches: (batchSize: number) => Iterable<DatasetPlace[]>;
  placeCount: number;
  articles: DatasetArticle[];
  /** All containers for `small` and `demo`; empty for `large` (use `containerBatches`). */
  containers: DatasetContainer[];
  /** Streams every container in batches (the only way for `large`, >= 1,000,000 containers). */
  containerBatches: (batchSize: number) => Iterable<DatasetContainer[]>;
  containerCount: number;
  appointments: DatasetAppointment[];
  employees: Employee[];
  users: DatasetUser[];
  roles: DatasetRole[];
  documents: DatasetDocument[];
  locationPositions: LocationPosition[];
  reviewRequests: ReviewRequest[];
  /** Audit history before the first start: the requests above, sign-ins, a few changes. */
  protocol: DatasetProtocolEntry[];
  images: DatasetImage[];
  branchMaps: DatasetBranchMap[];
  footerLinks: Record<string, string>;
}
