import type { ProtocolParams } from '@falcon/api-client';
import type { Language } from '@falcon/locales';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Binary content (files are stored in the database so every server instance sees them). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const employeeKeys = {
  inHouseStaffEmployeeKey: text('in_house_staff_employee_key'),
  fieldServiceEmployeeKey: text('field_service_employee_key'),
};

/** Lead and safety time in days (issue 16): null inherits (a location its branch's, a branch the product's). */
const replenishmentTimes = {
  leadTimeDays: integer('lead_time_days'),
  safetyTimeDays: integer('safety_time_days'),
};

// --- the tree --------------------------------------------------------------------------------

export const concerns = pgTable('concerns', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  ...employeeKeys,
});

export const branches = pgTable(
  'branches',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    concernCode: text('concern_code')
      .notNull()
      .references(() => concerns.code),
    ...employeeKeys,
    ...replenishmentTimes,
  },
  (t) => [index('branches_concern_idx').on(t.concernCode)],
);

export const locations = pgTable(
  'locations',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    concernCode: text('concern_code')
      .notNull()
      .references(() => concerns.code),
    ...employeeKeys,
    address: text('address'),
    ...replenishmentTimes,
  },
  (t) => [index('locations_branch_idx').on(t.branchCode), index('locations_concern_idx').on(t.concernCode)],
);

export const racks = pgTable(
  'racks',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    position: integer('position').notNull(),
    /** "Handle rack": when and by whom (username) the rack was last serviced. */
    lastHandledAt: ts('last_handled_at'),
    lastHandledBy: text('last_handled_by'),
  },
  (t) => [index('racks_location_idx').on(t.locationCode, t.position)],
);

export const shelves = pgTable(
  'shelves',
  {
    code: text('code').primaryKey(),
    rackCode: text('rack_code')
      .notNull()
      .references(() => racks.code),
    locationCode: text('location_code').notNull(),
    position: integer('position').notNull(),
    placeCount: integer('place_count').notNull(),
    containerType: text('container_type').notNull(),
  },
  (t) => [
    index('shelves_rack_idx').on(t.rackCode, t.position),
    index('shelves_location_idx').on(t.locationCode),
  ],
);

export const places = pgTable(
  'places',
  {
    code: text('code').primaryKey(),
    shelfCode: text('shelf_code')
      .notNull()
      .references(() => shelves.code),
    rackCode: text('rack_code').notNull(),
    locationCode: text('location_code').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('places_shelf_idx').on(t.shelfCode, t.position),
    index('places_location_idx').on(t.locationCode),
  ],
);

export const articles = pgTable(
  'articles',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    customerPartNumber: text('customer_part_number').notNull(),
    certificate: text('certificate'),
    image: text('image'),
    drawing: text('drawing'),
  },
  (t) => [
    index('articles_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('articles_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
  ],
);

/** A Kanban bin with every labelled field; the tree codes are denormalised for scope filtering. */
export const containers = pgTable(
  'containers',
  {
    id: text('id').primaryKey(),
    concernCode: text('concern_code').notNull(),
    branchCode: text('branch_code').notNull(),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    active: boolean('active').notNull(),
    alarming: boolean('alarming').notNull(),
    code: text('code').notNull(),
    placeCode: text('place_code').notNull(),
    shelfCode: text('shelf_code').notNull(),
    rackCode: text('rack_code').notNull(),
    error: text('error'),
    weight: doublePrecision('weight').notNull(),
    deliveryStatus: text('delivery_status', { enum: ['inaccess', 'indelivery', 'backorder'] }).notNull(),
    reachInWeeks: doublePrecision('reach_in_weeks').notNull(),
    consumption: doublePrecision('consumption').notNull(),
    annualConsumption: doublePrecision('annual_consumption').notNull(),
    stockTurnRate: doublePrecision('stock_turn_rate').notNull(),
    customerPartNumber: text('customer_part_number').notNull(),
    position: integer('position').notNull(),
    numberOfScans: integer('number_of_scans').notNull(),
    obligatory: boolean('obligatory').notNull(),
    deliveryNoteDate: date('delivery_note_date', { mode: 'string' }),
    deliveryNoteNumber: text('delivery_note_number'),
    picture: text('picture'),
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    fillingQuantity: doublePrecision('filling_quantity').notNull(),
    price: doublePrecision('price').notNull(),
    packagingUnit: text('packaging_unit').notNull(),
    lastScannedDate: ts('last_scanned_date'),
    containerType: text('container_type').notNull(),
    width: doublePrecision('width').notNull(),
    charge: text('charge'),
    orderNumber: text('order_number'),
    articleCertificate: text('article_certificate'),
    articleName: text('article_name').notNull(),
    articleCode: text('article_code').notNull(),
    sticker: text('sticker'),
    document: text('document'),
    storageCoordinate: text('storage_coordinate'),
    storageDescription: text('storage_description'),
    barcode: text('barcode').notNull(),
  },
  (t) => [
    index('containers_location_idx').on(t.locationCode, t.placeCode),
    // A location's containers by price (the search's price sort), with the columns of the common
    // filters (delivery state, reach) and the id: a deep page is an index-only scan in order.
    index('containers_location_price_idx').on(
      t.locationCode,
      t.price,
      t.placeCode,
      t.deliveryStatus,
      t.reachInWeeks,
      t.id,
    ),
    // Branch and concern searches page in place order: these serve both the filter and the order.
    index('containers_branch_idx').on(t.branchCode, t.placeCode),
    index('containers_concern_idx').on(t.concernCode, t.placeCode),
    index('containers_article_idx').on(t.articleCode),
    uniqueIndex('containers_barcode_idx').on(t.barcode),
    uniqueIndex('containers_place_idx').on(t.placeCode),
    index('containers_article_name_trgm').using('gin', t.articleName.op('gin_trgm_ops')),
    index('containers_article_code_trgm').using('gin', t.articleCode.op('gin_trgm_ops')),
    index('containers_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('containers_barcode_trgm').using('gin', t.barcode.op('gin_trgm_ops')),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    containerId: text('container_id'),
    articleCode: text('article_code'),
    title: text('title').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
  },
  (t) => [
    index('documents_container_idx').on(t.containerId),
    index('documents_article_idx').on(t.articleCode),
  ],
);

// --- people, roles, permissions, scope ----------------------------------------------------------

export const employees = pgTable('employees', {
  key: text('key').primaryKey(),
  kind: text('kind', { enum: ['inhousestaff', 'fieldservice'] }).notNull(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  fullName: text('full_name').notNull(),
  email: text('email'),
  phone: text('phone'),
  username: text('username'),
});

export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    rolename: text('rolename').notNull(),
    firstname: text('firstname'),
    lastname: text('lastname'),
    region: text('region'),
    builtIn: boolean('built_in').notNull().default(false),
    /** Its users need a second factor (issue 18): led to enrol one right after the password. */
    secondFactorRequired: boolean('second_factor_required').notNull().default(false),
    /** The concern that owns the role; null = global (built-in, or made by internal staff). */
    concernCode: text('concern_code').references(() => concerns.code),
  },
  (t) => [
    uniqueIndex('roles_rolename_idx').on(sql`lower(${t.rolename})`),
    index('roles_concern_idx').on(t.concernCode),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.code] })],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email'),
    phone: text('phone'),
    region: text('region'),
    useRegion: boolean('use_region').notNull().default(false),
    // Typed, not a drizzle enum: drizzle-kit loads this file with require, @falcon/locales is ESM only.
    language: text('language').$type<Language>().notNull().default('de'),
    sessionTimeoutMinutes: integer('session_timeout_minutes').notNull().default(60),
    employeeKey: text('employee_key'),
    /** Unrestricted scope (ADMIN and internal staff); otherwise `user_scope` rows name the data. */
    scopeAll: boolean('scope_all').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    lastLogin: ts('last_login'),
    /** False: cannot sign in (migration 0005 deactivated customer users it could not give a scope). */
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('users_username_idx').on(sql`lower(${t.username})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

export const userScope = pgTable(
  'user_scope',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['concern', 'branch', 'location'] }).notNull(),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.code] })],
);

/** Server-side sessions; the cookie carries a random token, the row only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed password checks per (address, username) (`pair:<addr>|<name>`) and per address (`addr:<addr>`),
 * shared by all instances: the back-off of src/auth/throttle.ts.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    /** Failures of the current streak. */
    failures: integer('failures').notNull(),
    /** First failure of the current streak. */
    windowStart: ts('window_start').notNull(),
    lastFailureAt: ts('last_failure_at').notNull(),
    /** End of the running back-off. */
    lockedUntil: ts('locked_until'),
    /** Attempts refused during back-offs of this streak (counted here, not protocolled one by one). */
    refused: integer('refused').notNull().default(0),
  },
  (t) => [index('login_attempts_last_failure_idx').on(t.lastFailureAt)],
);

// --- second factor (issue 18, ADR 0063) -----------------------------------------------------------

/**
 * A user's TOTP. A secret must be readable to compute codes (it cannot be hashed). `secret`: the confirmed
 * one (null: none, the row only holds a secret being set up); `pendingSecret`: a new one waiting for its
 * first code. `lastTimeStep`: the time step of the last accepted code, so a code is accepted once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: ts('created_at').notNull(),
});

/** WebAuthn credentials (passkeys); the id is the credential id (base64url), the key its COSE public key. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** One-time recovery codes, only their SHA-256 (ten random base32 characters: 50 bits each). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * Sign-ins between the password and the second factor, and passkey challenges: the cookie carries a
 * random token, the row its SHA-256. `stage`: `verify` (a factor is due), `enrol` (the role requires one
 * and the user has none), `passkey` (a password-less sign-in: no user until the passkey names one),
 * `register` (a passkey being added on the profile; the id is derived from the session).
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['verify', 'enrol', 'passkey', 'register'] }).notNull(),
    /** The WebAuthn challenge last handed out (base64url), or null. */
    challenge: text('challenge'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('auth_challenges_expires_idx').on(t.expiresAt)],
);

// --- requests, protocol ------------------------------------------------------------------------

export const reviewRequests = pgTable(
  'review_requests',
  {
    id: text('id').primaryKey(),
    type: text('type', {
      enum: [
        'scan',
        'deactivate',
        'changequantity',
        'additionalorder',
        'inventorytransfer',
        'message',
        'rackscan',
      ],
    }).notNull(),
    state: text('state', {
      enum: ['pending', 'approved', 'rejected', 'answered', 'closed', 'withdrawn'],
    }).notNull(),
    containerId: text('container_id'),
    /** A rack scan, or a message about a rack or shelf: the rack. */
    rackCode: text('rack_code'),
    /** A message's photo (re-encoded WebP in `files`). */
    photoFileId: text('photo_file_id').references(() => files.id),
    containerCode: text('container_code'),
    /** The container's article when the request was made (shown to callers without the code field). */
    articleName: text('article_name'),
    locationCode: text('location_code').notNull(),
    locationName: text('location_name').notNull(),
    /** Denormalised tree codes of the location, for scope filters. */
    concernCode: text('concern_code').notNull(),
    branchCode: text('branch_code').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: ts('requested_at').notNull(),
    assigneeKey: text('assignee_key'),
    payload: jsonb('payload')
      .$type<{
        factor?: number;
        additionalOrderDate?: string;
        inventoryListId?: string;
        fillingQuantity?: number;
        previousFillingQuantity?: number;
        message?: string;
        photo?: boolean;
        rackName?: string;
        rackPosition?: number;
        rackCode?: string;
        shelfPosition?: number;
        shelfCode?: string;
        containerCount?: number;
      }>()
      .notNull(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    comment: text('comment'),
  },
  (t) => [
    index('review_requests_state_idx').on(t.state, t.requestedAt),
    index('review_requests_container_idx').on(t.containerId),
    index('review_requests_rack_idx').on(t.rackCode),
    index('review_requests_location_idx').on(t.locationCode),
    index('review_requests_requested_by_idx').on(t.requestedBy),
  ],
);

/** Append-only audit log: the server only ever inserts. */
export const protocol = pgTable(
  'protocol',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull(),
    at: ts('at').notNull(),
    username: text('username'),
    type: text('type').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    locationCode: text('location_code'),
    concernCode: text('concern_code'),
    branchCode: text('branch_code'),
    /** A template (`{reviewType} requested for {container}`) rendered per reader from `params`. */
    summary: text('summary').notNull(),
    params: jsonb('params').$type<ProtocolParams>(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('protocol_id_idx').on(t.id),
    index('protocol_at_idx').on(t.at),
    index('protocol_location_idx').on(t.locationCode, t.at),
  ],
);

// --- files, uploads, exports --------------------------------------------------------------------

export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** The bytes; null when they are in the object store (`FILES_BACKEND=s3`, key `files/<id>`, ADR 0052). */
    content: bytea('content'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('files_sha256_idx').on(t.sha256)],
);

export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    /** The gallery thumbnail (WebP, longest side 320 px); null for images stored before it existed. */
    thumbnailFileId: text('thumbnail_file_id').references(() => files.id),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    uploadedAt: ts('uploaded_at').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
  },
  (t) => [index('images_location_idx').on(t.locationCode, t.uploadedAt)],
);

export const branchMaps = pgTable('branch_maps', {
  branchCode: text('branch_code')
    .primaryKey()
    .references(() => branches.code),
  fileId: text('file_id')
    .notNull()
    .references(() => files.id),
});

/** Location markers on a branch map (fractions of the image). */
export const locationPositions = pgTable(
  'location_positions',
  {
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchCode, t.locationCode] })],
);

export const appointments = pgTable(
  'appointments',
  {
    id: text('id').primaryKey(),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    title: text('title').notNull(),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date').notNull(),
    appointmentType: text('appointment_type', {
      enum: ['delivery', 'inventory', 'visit', 'maintenance'],
    }).notNull(),
  },
  (t) => [index('appointments_location_idx').on(t.locationCode, t.startDate)],
);

export const barcodeLists = pgTable(
  'barcode_lists',
  {
    id: text('id').primaryKey(),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    filename: text('filename').notNull(),
    uploadedAt: ts('uploaded_at').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    rowCount: integer('row_count').notNull(),
    invalidCount: integer('invalid_count').notNull(),
    duplicateOf: text('duplicate_of'),
    fingerprint: text('fingerprint').notNull(),
    rows: jsonb('rows')
      .$type<
        {
          line: number;
          barcode: string;
          valid: boolean;
          error: 'invalid_barcode' | null;
          containerId: string | null;
        }[]
      >()
      .notNull(),
  },
  (t) => [
    index('barcode_lists_location_idx').on(t.locationCode, t.uploadedAt),
    index('barcode_lists_fingerprint_idx').on(t.locationCode, t.fingerprint),
  ],
);

export const inventoryLists = pgTable(
  'inventory_lists',
  {
    id: text('id').primaryKey(),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    filename: text('filename').notNull(),
    uploadedAt: ts('uploaded_at').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    rowCount: integer('row_count').notNull(),
    errorCount: integer('error_count').notNull(),
    state: text('state', { enum: ['uploaded', 'transferred'] }).notNull(),
    reviewRequestId: text('review_request_id'),
    fingerprint: text('fingerprint').notNull(),
  },
  (t) => [
    index('inventory_lists_location_idx').on(t.locationCode, t.uploadedAt),
    index('inventory_lists_fingerprint_idx').on(t.locationCode, t.fingerprint),
  ],
);

export const inventoryListRows = pgTable(
  'inventory_list_rows',
  {
    listId: text('list_id')
      .notNull()
      .references(() => inventoryLists.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    barcode: text('barcode').notNull(),
    quantity: doublePrecision('quantity'),
    containerId: text('container_id'),
    errors: jsonb('errors')
      .$type<('invalid_barcode' | 'invalid_quantity' | 'duplicate_barcode')[]>()
      .notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.line] })],
);

export const exportJobs = pgTable(
  'export_jobs',
  {
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['location', 'branch', 'concern', 'worklist'] }).notNull(),
    scopeCode: text('scope_code').notNull(),
    scopeName: text('scope_name').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    filename: text('filename').notNull(),
    /** The owner's interface language when asking (`lang`): headers and values of the xlsx. */
    language: text('language').$type<Language>().notNull().default('de'),
    /** The export request and the permissions it was made with. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    rowCount: integer('row_count'),
    size: integer('size'),
    fileId: text('file_id').references(() => files.id),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    error: text('error'),
  },
  (t) => [
    index('export_jobs_state_idx').on(t.state, t.createdAt),
    index('export_jobs_owner_idx').on(t.ownerUserId, t.createdAt),
  ],
);

/** Small key/value settings (footer links...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// --- history and replenishment (issue 16, ADR 0051/0059) -------------------------------------------

export const CONTAINER_EVENT_KINDS = [
  'consumption',
  'delivery',
  'quantity_change',
  'deactivation',
  'activation',
] as const;

/**
 * Every event that changes what a container holds or how fast it empties, with its time: written where
 * an approval applies its change (services/reviews.ts) and by the data sets (the ERP feed in production).
 * The location and concern are kept for the scope. No foreign key: a year of a million containers is
 * about 60 million rows, seeded in bulk.
 */
export const containerEvents = pgTable(
  'container_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    containerId: text('container_id').notNull(),
    concernCode: text('concern_code').notNull(),
    locationCode: text('location_code').notNull(),
    at: ts('at').notNull(),
    kind: text('kind', { enum: CONTAINER_EVENT_KINDS }).notNull(),
    /** Consumed or delivered; the new filling quantity of a quantity change. */
    quantity: doublePrecision('quantity'),
    /** The filling quantity before a quantity change. */
    previousQuantity: doublePrecision('previous_quantity'),
    stockAfter: doublePrecision('stock_after'),
  },
  (t) => [index('container_events_container_at_idx').on(t.containerId, t.at)],
);

/**
 * Each container's forecast, kept so the worklist never aggregates a year of events per request: the
 * domain's `forecastOf` at `computedOn`, written when an event is written and refreshed by a nightly job.
 * Dates are absolute, so the row stays valid from day to day: the container is on the worklist from
 * `dueDate` on, in the order of `orderDate` (its stock-out date less the lead time: margin = orderDate - today).
 */
export const containerForecasts = pgTable(
  'container_forecasts',
  {
    containerId: text('container_id').primaryKey(),
    concernCode: text('concern_code').notNull(),
    branchCode: text('branch_code').notNull(),
    locationCode: text('location_code').notNull(),
    active: boolean('active').notNull(),
    stock: doublePrecision('stock').notNull(),
    averageWeekly: doublePrecision('average_weekly').notNull(),
    /** Reach in weeks on `computedOn`; null without consumption. */
    reachWeeks: doublePrecision('reach_weeks'),
    computedOn: date('computed_on', { mode: 'string' }).notNull(),
    stockOutDate: date('stock_out_date', { mode: 'string' }),
    leadTimeDays: integer('lead_time_days').notNull(),
    /** The expected date of a delivery on its way (then the next delivery is that, not today + lead time). */
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    /** From this day the reach is below the alarm reach (null: not within the horizon). */
    alarmDate: date('alarm_date', { mode: 'string' }),
    /** From this day it runs dry before the next delivery can arrive (null: not within the horizon). */
    stockOutDueDate: date('stock_out_due_date', { mode: 'string' }),
    /** The earlier of the two: on the worklist from this day on. */
    dueDate: date('due_date', { mode: 'string' }),
    /** The worklist's order (least margin first). */
    orderDate: date('order_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('container_forecasts_order_idx').on(t.orderDate, t.containerId).where(sql`${t.active}`),
    index('container_forecasts_concern_idx')
      .on(t.concernCode, t.orderDate, t.containerId)
      .where(sql`${t.active}`),
    index('container_forecasts_branch_idx')
      .on(t.branchCode, t.orderDate, t.containerId)
      .where(sql`${t.active}`),
    index('container_forecasts_location_idx')
      .on(t.locationCode, t.orderDate, t.containerId)
      .where(sql`${t.active}`),
    index('container_forecasts_due_idx').on(t.dueDate).where(sql`${t.active}`),
    index('container_forecasts_concern_due_idx').on(t.concernCode, t.dueDate).where(sql`${t.active}`),
  ],
);

// --- counts (stocktake, /app) ------------------------------------------------------------------

/** A count of a location or one rack (ADR 0062): its expected containers are fixed when it starts. */
export const stocktakes = pgTable(
  'stocktakes',
  {
    id: text('id').primaryKey(),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    /** The rack counted; null: the whole location. */
    rackCode: text('rack_code'),
    state: text('state', { enum: ['open', 'finished'] }).notNull(),
    startedBy: text('started_by').notNull(),
    startedAt: ts('started_at').notNull(),
    finishedBy: text('finished_by'),
    finishedAt: ts('finished_at'),
    inventoryListId: text('inventory_list_id').references(() => inventoryLists.id, { onDelete: 'set null' }),
  },
  (t) => [index('stocktakes_location_idx').on(t.locationCode, t.startedAt)],
);

export const stocktakeExpected = pgTable(
  'stocktake_expected',
  {
    stocktakeId: text('stocktake_id')
      .notNull()
      .references(() => stocktakes.id, { onDelete: 'cascade' }),
    containerId: text('container_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stocktakeId, t.containerId] })],
);

/**
 * The scans of a count. The client's idempotency key is unique per count: a repeated key is answered
 * from the row the first one wrote (INSERT ... ON CONFLICT DO NOTHING), never counted twice.
 */
export const stocktakeScans = pgTable(
  'stocktake_scans',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    stocktakeId: text('stocktake_id')
      .notNull()
      .references(() => stocktakes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scanned: text('scanned').notNull(),
    containerId: text('container_id'),
    outcome: text('outcome', { enum: ['expected', 'repeat', 'elsewhere', 'unknown'] }).notNull(),
    scannedBy: text('scanned_by').notNull(),
    scannedAt: ts('scanned_at').notNull(),
    receivedAt: ts('received_at').notNull(),
    undoneAt: ts('undone_at'),
  },
  (t) => [uniqueIndex('stocktake_scans_key_idx').on(t.stocktakeId, t.key)],
);

// --- e-mail notifications (issue 18, ADR 0065) ------------------------------------------------------

export const MAIL_KINDS = ['request_arrived', 'request_decided', 'daily_digest'] as const;

/**
 * The outbox: every e-mail, written in the transaction of the event it tells about (a request, a
 * decision, the day's digest) together with the pg-boss job that sends it (jobs/mail.ts), so neither
 * exists without the other and both survive a restart. The text is rendered when written, in the
 * recipient's language; the row is marked sent once the SMTP server took it, and a try finding it sent
 * sends nothing.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** One mail per event and recipient: a second write of the same event is ignored (ON CONFLICT). */
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    language: text('language').$type<Language>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    state: text('state', { enum: ['queued', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    /** The SMTP server's answer, or why the mail could not be sent. */
    result: text('result'),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_idx').on(t.dedupeKey),
    index('mail_outbox_user_idx').on(t.userId, t.createdAt),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

/** Which notifications a user wants by e-mail; no row: all of them (the default). */
export const mailPreferences = pgTable('mail_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestArrived: boolean('request_arrived').notNull().default(true),
  requestDecided: boolean('request_decided').notNull().default(true),
  dailyDigest: boolean('daily_digest').notNull().default(true),
});
// --- single sign-on (issue 18, ADR 0064) ---------------------------------------------------------

/**
 * A concern's OpenID Connect provider. The client secret is stored encrypted (AES-256-GCM with
 * SSO_SECRET_KEY, auth/oidc-secrets.ts) and never returned by the API.
 */
export const concernSso = pgTable('concern_sso', {
  concernCode: text('concern_code')
    .primaryKey()
    .references(() => concerns.code, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  roleClaim: text('role_claim').notNull(),
  roleMapping: jsonb('role_mapping').$type<{ claimValue: string; role: string }[]>().notNull(),
  defaultRole: text('default_role'),
  passwordSignIn: boolean('password_sign_in').notNull().default(true),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: text('updated_by').notNull(),
});

/** One e-mail domain of one concern's provider: the primary key keeps a domain with one concern. */
export const ssoDomains = pgTable('sso_domains', {
  domain: text('domain').primaryKey(),
  concernCode: text('concern_code')
    .notNull()
    .references(() => concernSso.concernCode, { onDelete: 'cascade' }),
});

/** Who a provider's subject is here: (issuer, subject) names one user, of one concern. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    concernCode: text('concern_code')
      .notNull()
      .references(() => concerns.code, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in on its way through the provider: found by the hash of its state, bound to the browser
 * that started it (hash of the `falcon_sso` cookie), used once, valid for ten minutes.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: text('id').primaryKey(),
    concernCode: text('concern_code')
      .notNull()
      .references(() => concerns.code, { onDelete: 'cascade' }),
    browser: text('browser').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    redirect: text('redirect').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sso_logins_created_idx').on(t.createdAt)],
);
