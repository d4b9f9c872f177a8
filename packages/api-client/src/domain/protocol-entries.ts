import type { LabelKind, LabelLayout } from '../contract/label-sheets';
import type { ContainerRef, ProtocolEvent, ProtocolParams, ProtocolType } from '../contract/protocol';
import type { ReviewRequest, ReviewType } from '../contract/review';
import { containerRef } from './protocol';

/**
 * What each action writes to the protocol, the same on the server and in the mock: the type, the
 * object it names, the summary template and its parameters, and the before/after values. The
 * backends add the id, the time and (the server) the concern and branch of the location.
 */
export interface ProtocolEntryInput {
  username: string | null;
  type: ProtocolType;
  objectType: string | null;
  objectId: string | null;
  locationCode: string | null;
  /**
   * The summary's template: `{name}` is filled from `params` when read, for the reader. A container
   * goes in `params.container` (a ContainerRef), never into the text: the reader may not see its code.
   */
  summary: string;
  params?: ProtocolParams | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

interface Named {
  id: string;
  username: string;
}

type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';
/** Names of the methods as every language writes them. */
const SECOND_FACTOR_NAMES: Record<Exclude<SecondFactorMethod, 'recovery'>, string> = {
  totp: 'TOTP',
  passkey: 'Passkey',
};

interface SecondFactorCounts {
  totp: boolean;
  passkeys: number;
  recoveryCodes: number;
}

interface RoleState {
  rolename: string;
  permissions: readonly string[];
  /** The role's second-factor policy; absent where an older caller does not tell it. */
  secondFactorRequired?: boolean;
}

/** The kept values of a role: name, permissions and, where told, the second-factor policy. */
const roleStateOf = (r: RoleState) => ({
  rolename: r.rolename,
  permissions: [...r.permissions],
  ...(r.secondFactorRequired === undefined ? {} : { secondFactorRequired: r.secondFactorRequired }),
});

interface UserState {
  username: string;
  roles: readonly string[];
  scope: unknown;
}

/** A user's own personal data, as the profile edits it. */
export interface PersonalData {
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  language: string;
}

const stateOf = (u: UserState) => ({ username: u.username, roles: [...u.roles], scope: u.scope });

type ListKind = 'barcodeList' | 'inventoryList';
const LIST_NAME: Record<ListKind, string> = { barcodeList: 'barcode', inventoryList: 'inventory' };

interface RequestedContainer {
  id: string;
  code: string;
  articleName: string;
  articleCode: string;
}

/** The event and its plain values, for the reader's language (`ProtocolEntry.words`). */
const said = (
  event: ProtocolEvent,
  values: Record<string, string | number> = {},
  container?: ContainerRef,
): ProtocolParams => ({ event, values, ...(container ? { container } : {}) });

const userEntry = (
  username: string | null,
  type: ProtocolType,
  objectId: string | null,
  summary: string,
  extra: Partial<ProtocolEntryInput> = {},
): ProtocolEntryInput => ({
  username,
  type,
  objectType: 'user',
  objectId,
  locationCode: null,
  summary,
  ...extra,
});

export const protocolEntry = {
  /**
   * A failed sign-in (unknown user and wrong password alike); with the back-off the next attempt
   * from that address waits, when one applies.
   */
  signInFailed: (
    username: string,
    userId: string | null,
    backoff?: { address: string; seconds: number },
  ): ProtocolEntryInput =>
    userEntry(
      username,
      'signin_failed',
      userId,
      `sign-in failed for ${username}${backoff ? `; further attempts from ${backoff.address} wait ${backoff.seconds} s` : ''}`,
      {
        params: said(
          'signInFailed',
          backoff ? { username, address: backoff.address, seconds: backoff.seconds } : { username },
        ),
        ...(backoff ? { after: { address: backoff.address, backoffSeconds: backoff.seconds } } : {}),
      },
    ),

  signedIn: (u: Named): ProtocolEntryInput =>
    userEntry(u.username, 'signin', u.id, `${u.username} signed in`, {
      params: said('signedIn', { username: u.username }),
    }),

  signedOut: (u: Named): ProtocolEntryInput =>
    userEntry(u.username, 'signout', u.id, `${u.username} signed out`, {
      params: said('signedOut', { username: u.username }),
    }),

  /** An ADMIN continues as another user (`impersonatedBy`: the ADMIN behind the whole chain). */
  impersonated: (actor: string, target: Named, impersonatedBy: string): ProtocolEntryInput =>
    userEntry(actor, 'impersonate', target.id, `${actor} continues as ${target.username}`, {
      params: said('impersonated', { actor, username: target.username }),
      after: { impersonatedBy, username: target.username },
    }),

  passwordChanged: (u: Named): ProtocolEntryInput =>
    userEntry(u.username, 'update', u.id, `${u.username} changed the password`, {
      params: said('passwordChanged', { username: u.username }),
    }),

  /** A wrong TOTP or recovery code, or a passkey that did not verify, in the second step of a sign-in. */
  secondFactorFailed: (u: Named, method: SecondFactorMethod): ProtocolEntryInput =>
    userEntry(u.username, 'signin_failed', u.id, `second factor (${method}) failed for ${u.username}`, {
      params:
        method === 'recovery'
          ? said('recoveryCodeFailed', { username: u.username })
          : said('secondFactorFailed', { username: u.username, method: SECOND_FACTOR_NAMES[method] }),
      after: { method },
    }),

  /** The user enrolled a factor (a confirmed TOTP, a passkey) on the profile or at sign-in. */
  secondFactorEnrolled: (u: Named, method: 'totp' | 'passkey'): ProtocolEntryInput =>
    userEntry(u.username, 'update', u.id, `${u.username} enrolled a second factor (${method})`, {
      params: said('secondFactorEnrolled', { username: u.username, method: SECOND_FACTOR_NAMES[method] }),
      after: { method },
    }),

  secondFactorRemoved: (u: Named, method: 'totp' | 'passkey'): ProtocolEntryInput =>
    userEntry(u.username, 'update', u.id, `${u.username} removed a second factor (${method})`, {
      params: said('secondFactorRemoved', { username: u.username, method: SECOND_FACTOR_NAMES[method] }),
      before: { method },
    }),

  /** An administrator removed every factor of a user (lost phone or key): the user enrols anew. */
  secondFactorReset: (actor: string, target: Named, before: SecondFactorCounts): ProtocolEntryInput =>
    userEntry(actor, 'update', target.id, `second factors of ${target.username} reset by ${actor}`, {
      params: said('secondFactorReset', { actor, username: target.username }),
      before: { ...before },
      after: { totp: false, passkeys: 0, recoveryCodes: 0 },
    }),

  recoveryCodesRenewed: (u: Named): ProtocolEntryInput =>
    userEntry(u.username, 'update', u.id, `${u.username} made new recovery codes`, {
      params: said('recoveryCodesRenewed', { username: u.username }),
    }),

  /** The user changed their own personal data on the profile (name, e-mail, phone, language). */
  profileUpdated: (u: Named, before: PersonalData, after: PersonalData): ProtocolEntryInput =>
    userEntry(u.username, 'update', u.id, `${u.username} changed the personal data`, {
      params: said('profileUpdated', { username: u.username }),
      before: { ...before },
      after: { ...after },
    }),

  /** A call refused for lack of permissions (403), with the codes that were missing. */
  permissionDenied: (
    username: string,
    endpoint: { name: string; method: string; path: string },
    missing: readonly string[],
  ): ProtocolEntryInput => ({
    username,
    type: 'permission_denied',
    objectType: 'endpoint',
    objectId: endpoint.name,
    locationCode: null,
    summary: `${endpoint.method} ${endpoint.path} denied`,
    params: said('permissionDenied', {
      username,
      area: endpoint.name.split('.')[0] ?? endpoint.name,
      permissions: missing.join(', '),
    }),
    after: { missing: [...missing] },
  }),

  userCreated: (actor: string, id: string, after: UserState): ProtocolEntryInput =>
    userEntry(actor, 'create', id, `user ${after.username} created`, {
      params: said('userCreated', { username: after.username }),
      after: stateOf(after),
    }),

  userUpdated: (actor: string, id: string, before: UserState, after: UserState): ProtocolEntryInput =>
    userEntry(actor, 'update', id, `user ${after.username} updated`, {
      params: said('userUpdated', { username: after.username }),
      before: stateOf(before),
      after: stateOf(after),
    }),

  userDeleted: (actor: string, id: string, before: UserState): ProtocolEntryInput =>
    userEntry(actor, 'delete', id, `user ${before.username} deleted`, {
      params: said('userDeleted', { username: before.username }),
      before: stateOf(before),
    }),

  roleCreated: (
    actor: string,
    id: string,
    after: RoleState & { concernCode: string | null },
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'create',
    objectType: 'role',
    objectId: id,
    locationCode: null,
    summary: `role ${after.rolename} created`,
    params: said('roleCreated', { rolename: after.rolename }),
    after: { ...roleStateOf(after), concernCode: after.concernCode },
  }),

  roleUpdated: (actor: string, id: string, before: RoleState, after: RoleState): ProtocolEntryInput => ({
    username: actor,
    type: 'update',
    objectType: 'role',
    objectId: id,
    locationCode: null,
    summary: `role ${after.rolename} updated`,
    params: said('roleUpdated', { rolename: after.rolename }),
    before: roleStateOf(before),
    after: roleStateOf(after),
  }),

  /**
   * The role's second-factor policy set (on create: only when required) or changed, an entry of its own
   * beside `roleCreated` / `roleUpdated` so that the protocol says it in words.
   */
  roleSecondFactorPolicy: (
    actor: string,
    id: string,
    rolename: string,
    required: boolean,
    before: boolean | null,
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'update',
    objectType: 'role',
    objectId: id,
    locationCode: null,
    summary: required
      ? `second factor required for role ${rolename}`
      : `second factor no longer required for role ${rolename}`,
    params: said(required ? 'roleSecondFactorRequired' : 'roleSecondFactorOptional', { rolename }),
    before: before === null ? null : { secondFactorRequired: before },
    after: { secondFactorRequired: required },
  }),

  roleDeleted: (actor: string, id: string, before: RoleState): ProtocolEntryInput => ({
    username: actor,
    type: 'delete',
    objectType: 'role',
    objectId: id,
    locationCode: null,
    summary: `role ${before.rolename} deleted`,
    params: said('roleDeleted', { rolename: before.rolename }),
    before: roleStateOf(before),
  }),

  /** The racks of a location reordered; the order as lists under `rackCodes` (readers without the rack code field see no codes). */
  rackOrderChanged: (
    actor: string,
    locationCode: string,
    before: readonly { code: string }[],
    after: string[],
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'update',
    objectType: 'rackLayout',
    objectId: locationCode,
    locationCode,
    summary: `rack order of ${locationCode} changed`,
    params: said('rackOrderChanged', { location: locationCode }),
    before: { rackCodes: before.map((r) => r.code) },
    after: { rackCodes: after },
  }),

  imageUploaded: (
    actor: string,
    locationCode: string,
    image: { id: string; filename: string },
    after?: Record<string, unknown>,
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'upload',
    objectType: 'image',
    objectId: image.id,
    locationCode,
    summary: `image ${image.filename} uploaded`,
    params: said('imageUploaded', { filename: image.filename, location: locationCode }),
    ...(after ? { after } : {}),
  }),

  imageDeleted: (
    actor: string,
    locationCode: string,
    image: { id: string; filename: string },
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'delete',
    objectType: 'image',
    objectId: image.id,
    locationCode,
    summary: `image ${image.filename} deleted`,
    params: said('imageDeleted', { filename: image.filename, location: locationCode }),
  }),

  branchMapUploaded: (
    actor: string,
    branchCode: string,
    after?: Record<string, unknown>,
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'upload',
    objectType: 'branchMap',
    objectId: branchCode,
    locationCode: null,
    summary: `map of ${branchCode} uploaded`,
    params: said('branchMapUploaded', { branch: branchCode }),
    ...(after ? { after } : {}),
  }),

  positionSaved: (
    actor: string,
    branchCode: string,
    position: { locationCode: string; x: number; y: number },
    before: { x: number; y: number } | null,
  ): ProtocolEntryInput => ({
    username: actor,
    type: before ? 'update' : 'create',
    objectType: 'locationPosition',
    objectId: position.locationCode,
    locationCode: position.locationCode,
    summary: `position of ${position.locationCode} on the map of ${branchCode} saved`,
    params: said('positionSaved', { location: position.locationCode, branch: branchCode }),
    before: before ? { x: before.x, y: before.y } : null,
    after: { x: position.x, y: position.y },
  }),

  positionRemoved: (actor: string, branchCode: string, locationCode: string): ProtocolEntryInput => ({
    username: actor,
    type: 'delete',
    objectType: 'locationPosition',
    objectId: locationCode,
    locationCode,
    summary: `position of ${locationCode} removed from the map of ${branchCode}`,
    params: said('positionRemoved', { location: locationCode, branch: branchCode }),
  }),

  positionsCleared: (actor: string, branchCode: string, deleted: number): ProtocolEntryInput => ({
    username: actor,
    type: 'delete',
    objectType: 'locationPosition',
    objectId: branchCode,
    locationCode: null,
    summary: `${deleted} positions removed from the map of ${branchCode}`,
    params: said('positionsCleared', { count: deleted, branch: branchCode }),
  }),

  /** An uploaded barcode or inventory list, with its row counts (rows that failed the check). */
  listUploaded: (
    actor: string,
    kind: ListKind,
    list: { id: string; filename: string; locationCode: string },
    counts: { rowCount: number; failed: number },
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'upload',
    objectType: kind,
    objectId: list.id,
    locationCode: list.locationCode,
    summary: `${LIST_NAME[kind]} list ${list.filename} uploaded (${counts.rowCount} rows, ${counts.failed} ${kind === 'barcodeList' ? 'invalid' : 'with errors'})`,
    params: said('listUploaded', {
      kind,
      filename: list.filename,
      location: list.locationCode,
      rows: counts.rowCount,
      failed: counts.failed,
    }),
  }),

  listRemoved: (
    actor: string,
    kind: ListKind,
    list: { id: string; filename: string; locationCode: string },
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'delete',
    objectType: kind,
    objectId: list.id,
    locationCode: list.locationCode,
    summary: `${LIST_NAME[kind]} list ${list.filename} removed`,
    params: said('listRemoved', { kind, filename: list.filename, location: list.locationCode }),
  }),

  exportQueued: (
    actor: string,
    kind: 'location' | 'branch' | 'concern' | 'worklist',
    code: string,
    jobId: string,
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'export',
    objectType: kind,
    objectId: code,
    locationCode: kind === 'location' ? code : null,
    summary: `export of ${code} queued`,
    params: said('exportQueued', { kind, code }),
    after: { jobId },
  }),

  /**
   * Labels printed (a PDF downloaded): what kind, for which part of the location (`scope`: chosen
   * containers, a rack by its name, the whole location), how many, on which stock. Like an export.
   */
  labelsPrinted: (
    actor: string,
    locationCode: string,
    what: {
      kind: LabelKind;
      layout: LabelLayout;
      count: number;
      scope: 'selection' | 'rack' | 'location';
      rackName?: string;
    },
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'export',
    objectType: 'labels',
    objectId: locationCode,
    locationCode,
    summary: `${what.count} ${what.kind} labels (${what.layout}) of ${what.rackName !== undefined ? `rack ${what.rackName} of ` : ''}${locationCode} printed`,
    params: said('labelsPrinted', {
      kind: what.kind,
      layout: what.layout,
      count: what.count,
      scope: what.scope,
      location: locationCode,
      ...(what.rackName !== undefined ? { rackName: what.rackName } : {}),
    }),
  }),

  /**
   * A review request (a container action, an inventory transfer, a message, a rack scan); the container
   * as a snapshot. A rack is named by its name in the summary (always shown); its and a shelf's code stay
   * in `after`, filtered per reader.
   */
  reviewRequested: (
    actor: string,
    request: Pick<ReviewRequest, 'id' | 'type' | 'locationCode' | 'payload'>,
    container: RequestedContainer | null,
    rack?: { name: string },
  ): ProtocolEntryInput => {
    const { rackCode: _rackCode, shelfCode: _shelfCode, ...shown } = request.payload;
    const shelf = request.payload.shelfPosition;
    return {
      username: actor,
      type: 'request',
      objectType: container ? 'container' : rack ? 'review' : 'inventoryList',
      objectId: container?.id ?? (rack ? request.id : (request.payload.inventoryListId ?? null)),
      locationCode: request.locationCode,
      summary: container
        ? '{reviewType} requested for {container}'
        : rack
          ? shelf !== undefined
            ? '{reviewType} requested for shelf {shelfPosition} of rack {rackName}'
            : '{reviewType} requested for rack {rackName}'
          : '{reviewType} requested',
      params: said(
        'reviewRequested',
        {
          reviewType: request.type,
          location: request.locationCode,
          ...(rack ? { rackName: rack.name } : {}),
          ...(shelf !== undefined ? { shelfPosition: String(shelf) } : {}),
        },
        container ? containerRef(container) : undefined,
      ),
      after: { requestId: request.id, type: request.type, ...shown },
    };
  },

  /** A request approved or rejected (the container as it is now, else the request's snapshot); what an approval changed (a rejection changes nothing). */
  reviewDecided: (
    actor: string,
    request: { id: string; type: ReviewType; containerId: string | null; locationCode: string },
    state: ReviewDecisionState,
    container: ContainerRef | null,
    change: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
  ): ProtocolEntryInput => ({
    username: actor,
    type: DECIDED_TYPE[state],
    objectType: request.containerId ? 'container' : 'review',
    objectId: request.containerId ?? request.id,
    locationCode: request.locationCode,
    summary: container ? '{reviewType} for {container} {state}' : '{reviewType} {state}',
    params: said(
      'reviewDecided',
      { reviewType: request.type, state, location: request.locationCode },
      container ?? undefined,
    ),
    before: state === 'approved' ? change.before : null,
    after: state === 'approved' ? change.after : null,
  }),

  /** The requester withdrew their own pending request; nothing about the data changes. */
  reviewWithdrawn: (
    actor: string,
    request: { id: string; type: ReviewType; containerId: string | null; locationCode: string },
    container: ContainerRef | null,
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'review_withdrawn',
    objectType: request.containerId ? 'container' : 'review',
    objectId: request.containerId ?? request.id,
    locationCode: request.locationCode,
    summary: container ? '{reviewType} for {container} withdrawn' : '{reviewType} withdrawn',
    params: said(
      'reviewWithdrawn',
      { reviewType: request.type, location: request.locationCode },
      container ?? undefined,
    ),
    after: { requestId: request.id, state: 'withdrawn' },
  }),

  /** A photo attached to the requester's own pending message. */
  reviewPhotoAdded: (
    actor: string,
    request: { id: string; type: ReviewType; locationCode: string },
    filename: string,
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'upload',
    objectType: 'review',
    objectId: request.id,
    locationCode: request.locationCode,
    summary: 'photo added to {reviewType}',
    params: said('reviewPhotoAdded', {
      reviewType: request.type,
      filename,
      location: request.locationCode,
    }),
    after: { requestId: request.id, filename },
  }),

  /** "Handle rack": the clerk recorded that the rack was serviced (times as ISO strings). */
  rackHandled: (
    actor: string,
    locationCode: string,
    rackName: string,
    lastHandledBefore: string | null,
    now: string,
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'rack_handled',
    objectType: 'rack',
    objectId: null,
    locationCode,
    summary: 'rack {rackName} handled',
    params: said('rackHandled', { rackName, location: locationCode }),
    before: lastHandledBefore ? { lastHandledAt: lastHandledBefore } : null,
    after: { lastHandledAt: now },
  }),

  /** Lead and safety time of a location or a branch set (null: inherited), issue 16. */
  replenishmentTimesChanged: (
    actor: string,
    kind: 'location' | 'branch',
    code: string,
    locationCode: string | null,
    before: { leadTimeDays: number | null; safetyTimeDays: number | null },
    after: { leadTimeDays: number | null; safetyTimeDays: number | null },
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'update',
    objectType: kind === 'location' ? 'locationReplenishment' : 'branchReplenishment',
    objectId: code,
    locationCode,
    summary: `lead and safety time of ${code} changed`,
    params: said('replenishmentTimesChanged', {
      [kind]: code,
      leadTimeDays: after.leadTimeDays ?? '-',
      safetyTimeDays: after.safetyTimeDays ?? '-',
    }),
    before: { leadTimeDays: before.leadTimeDays, safetyTimeDays: before.safetyTimeDays },
    after: { leadTimeDays: after.leadTimeDays, safetyTimeDays: after.safetyTimeDays },
  }),

  /** A count (stocktake) of a location or one rack started on /app; the rack by its name (always shown). */
  stocktakeStarted: (
    actor: string,
    count: { id: string; locationCode: string; rackName: string | null; expected: number },
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'create',
    objectType: 'stocktake',
    objectId: count.id,
    locationCode: count.locationCode,
    summary: `count of ${count.rackName === null ? 'location' : 'rack {rackName}'} started (${count.expected} containers expected)`,
    params: said('stocktakeStarted', {
      location: count.locationCode,
      expected: count.expected,
      ...(count.rackName === null ? {} : { rackName: count.rackName }),
    }),
  }),

  /** A count finished: its reconciliation in numbers. */
  stocktakeFinished: (
    actor: string,
    count: { id: string; locationCode: string },
    numbers: { expected: number; scanned: number; missing: number; unexpected: number; twice: number },
  ): ProtocolEntryInput => ({
    username: actor,
    type: 'update',
    objectType: 'stocktake',
    objectId: count.id,
    locationCode: count.locationCode,
    summary: `count finished: ${numbers.scanned} of ${numbers.expected} found, ${numbers.missing} missing, ${numbers.unexpected} unexpected, ${numbers.twice} scanned twice`,
    params: said('stocktakeFinished', { location: count.locationCode, ...numbers }),
    after: { state: 'finished' },
  }),

  /** A concern's single sign-on set or changed (issue 18): the provider, domains and mapping; never the secret. */
  ssoConfigured: (
    actor: string,
    concernCode: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ): ProtocolEntryInput => ({
    username: actor,
    type: before ? 'update' : 'create',
    objectType: 'concernSso',
    objectId: concernCode,
    locationCode: null,
    summary: `single sign-on of concern ${concernCode} set`,
    params: said('ssoConfigured', { concern: concernCode }),
    before,
    after,
  }),

  ssoRemoved: (actor: string, concernCode: string, before: Record<string, unknown>): ProtocolEntryInput => ({
    username: actor,
    type: 'delete',
    objectType: 'concernSso',
    objectId: concernCode,
    locationCode: null,
    summary: `single sign-on of concern ${concernCode} removed`,
    params: said('ssoRemoved', { concern: concernCode }),
    before,
  }),

  /** A user created on the first sign-in through the concern's identity provider, with the mapped roles. */
  ssoProvisioned: (id: string, after: UserState, issuer: string): ProtocolEntryInput =>
    userEntry(
      after.username,
      'create',
      id,
      `user ${after.username} created on first sign-in through ${issuer}`,
      {
        params: said('ssoProvisioned', { username: after.username }),
        after: { ...stateOf(after), issuer },
      },
    ),

  /**
   * A refused single sign-on: the concern (null when the state names none), why, the address, and who
   * the provider said it was when its answer got that far (e-mail or subject). Never a code, state,
   * token or secret.
   */
  ssoFailed: (
    concernCode: string | null,
    reason: SsoFailureReason,
    address: string,
    who: string | null = null,
  ): ProtocolEntryInput => ({
    username: who,
    type: 'signin_failed',
    objectType: 'concernSso',
    objectId: concernCode,
    locationCode: null,
    summary: `single sign-on${concernCode ? ` of concern ${concernCode}` : ''}${who ? ` for ${who}` : ''} refused (${reason}) from ${address}`,
    params: said('ssoFailed', {
      reason,
      address,
      ...(concernCode ? { concern: concernCode } : {}),
      ...(who ? { username: who } : {}),
    }),
    after: { reason, address, ...(who ? { identity: who } : {}) },
  }),
};

/**
 * Why a single sign-on was refused (issue 18), as the protocol names it: `state` an unknown or used
 * state (no concern known), `browser` a state started in another browser, `expired` older than its 10
 * minutes, `provider` the provider answered an error or no code, `removed` the concern no longer signs
 * in with a provider, `checks` the provider's answer failed a check (PKCE, nonce, issuer, audience,
 * signature), `unmapped` no claim value maps to a role, `foreign` the subject or username belongs
 * outside the concern, `inactive` the user is deactivated, `parallel` two first sign-ins raced.
 */
export const SSO_FAILURE_REASONS = [
  'state',
  'browser',
  'expired',
  'provider',
  'removed',
  'checks',
  'unmapped',
  'foreign',
  'inactive',
  'parallel',
] as const;
export type SsoFailureReason = (typeof SSO_FAILURE_REASONS)[number];

/** How a review request is decided: approve/reject an action, answer/close a message. */
export type ReviewDecisionState = 'approved' | 'rejected' | 'answered' | 'closed';

const DECIDED_TYPE = {
  approved: 'review_approved',
  rejected: 'review_rejected',
  answered: 'review_answered',
  closed: 'review_closed',
} as const satisfies Record<ReviewDecisionState, ProtocolType>;
