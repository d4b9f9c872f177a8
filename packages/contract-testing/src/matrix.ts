import {
  type AnyEndpoint,
  contract,
  type EndpointName,
  ErrorBody,
  endpoints,
  hasAll,
  MAX_PAGE_SIZE,
  type Scope,
  scopeWithin,
} from '@falcon/api-client';
import { exampleOf } from './example';
import {
  endpointUrl,
  type HttpRequest,
  type HttpResponse,
  type Target,
  type TargetSession,
  type UploadFile,
} from './http';
import { pngOf } from './png';
import { type Caller, MATRIX_USERS, type MatrixUser, World } from './world';

/**
 * The authorization matrix: every endpoint of the contract x each demo user x an object of the
 * caller's own concern and one of a foreign concern (and, where the issue names more kinds, a
 * global role, the caller itself, an empty scope, a permission it does not hold). The expected
 * answer is computed from the rules, never read from a backend:
 * 1. the endpoint's required permissions (contract) against the default roles (api-client);
 * 2. the object against the caller's scope (api-client's scope rules over the dataset's tree) and
 *    the ownership rules of issue 11 (roles owned by a concern, global roles read-only for
 *    customer admins, users administered only inside the caller's scope, empty scopes refused);
 * 3. otherwise the endpoint's success status.
 * Every 2xx answer must also match the contract's response schema, carry no data of a concern
 * outside the caller's scope, and no container or article field the caller may not see; every
 * error answer must match the error schema.
 */

type Variant = 'own' | 'foreign' | 'global' | 'self' | 'empty' | 'ungranted' | 'none';

/** An object a row is about, with what the rules need to decide who may see it. */
type MatrixObject =
  | { kind: 'concern' | 'branch' | 'location'; code: string }
  | { kind: 'container'; id: string; locationCode: string; barcode: string }
  | { kind: 'article'; code: string }
  | { kind: 'document'; id: string; containerId: string; locationCode: string }
  | { kind: 'review' | 'barcodeList' | 'inventoryList' | 'image'; id: string; locationCode: string }
  | { kind: 'stocktake'; id: string; locationCode: string; key: string }
  | { kind: 'rack'; locationCode: string; position: number }
  | { kind: 'employee'; key: string }
  | { kind: 'export'; id: string; owner: string }
  | { kind: 'user'; id: string; username: string; scope: Scope; body: Record<string, unknown> }
  | { kind: 'role'; id: string; rolename: string; owner: string | null; permissions: string[] }
  | { kind: 'scope'; scope: Scope };

interface Expectation {
  status: number;
  reason: string;
}

interface RowContext {
  w: World;
  caller: Caller;
  variant: Variant;
  obj: MatrixObject | undefined;
  /** A number unique to the row, for names that must not clash. */
  n: number;
}

interface Spec {
  variants: readonly Variant[];
  /** The row's object: picked from the dataset or made through the API beforehand. */
  object?: (prep: Prep, caller: Caller, variant: Variant) => Promise<MatrixObject> | MatrixObject;
  /** Whether the object is the endpoint's tenant (out of scope answers 404). Default: yes. */
  tenant?: boolean;
  request: (ctx: RowContext) => HttpRequest;
  /** `none`: sent signed out (sign-in would end the caller's session); `fresh`: a new session the call may end. */
  session?: 'caller' | 'none' | 'fresh';
  /** A rule that applies before the scope check (a permission the handler checks itself). */
  guard?: (ctx: RowContext) => Expectation | undefined;
  /** Rules after permission and scope: ownership, grants, the scope of new users. */
  rule?: (ctx: RowContext) => Expectation | undefined;
  skip?: (caller: Caller, variant: Variant) => boolean;
  /** Runs after every other row (it ends the caller's other sessions). */
  last?: boolean;
}

const OWN_FOREIGN = ['own', 'foreign'] as const;
const NONE = ['none'] as const;

// --- object visibility: the scope and ownership rules -----------------------------------------------

const visible = (w: World, caller: Caller, obj: MatrixObject): boolean => {
  const s = caller.scope;
  switch (obj.kind) {
    case 'concern':
      return w.concernSeen(s, obj.code);
    case 'branch':
      return w.branchSeen(s, obj.code);
    case 'location':
      return w.locationSeen(s, obj.code);
    case 'container':
    case 'review':
    case 'barcodeList':
    case 'inventoryList':
    case 'image':
    case 'rack':
    case 'stocktake':
      return w.locationSeen(s, obj.locationCode);
    case 'document':
      return caller.permissions.has('PERM_FIELD_DOCUMENT') && w.locationSeen(s, obj.locationCode);
    case 'article':
      return w.articleSeen(s, obj.code);
    case 'employee':
      return w.employeeSeen(caller, obj.key);
    case 'export':
      return obj.owner === caller.username;
    case 'user':
      return obj.id === caller.id || w.administers(caller, obj);
    case 'role':
      // A concern's role belongs to it; a global one is seen (read-only) by whoever could assign it.
      if (s.all) return true;
      return obj.owner !== null
        ? w.concernSeen(s, obj.owner)
        : obj.permissions.every((p) => caller.permissions.has(p));
    case 'scope':
      return true;
  }
};

const describe = (obj: MatrixObject | undefined): string => {
  if (!obj) return '';
  switch (obj.kind) {
    case 'concern':
    case 'branch':
    case 'location':
    case 'article':
      return `${obj.kind} ${obj.code}`;
    case 'employee':
      return `employee ${obj.key}`;
    case 'user':
      return `user ${obj.username}`;
    case 'role':
      return `role ${obj.rolename} (${obj.owner ?? 'global'})`;
    case 'export':
      return `export of ${obj.owner}`;
    case 'scope':
      return `scope ${JSON.stringify(obj.scope)}`;
    case 'rack':
      return `rack ${obj.position} of ${obj.locationCode}`;
    default:
      return `${obj.kind} ${obj.id} in ${obj.locationCode}`;
  }
};

// --- requests ----------------------------------------------------------------------------------------

const REALISTIC: Record<string, string> = { language: 'de' };
/** The smallest valid body, with the largest page where it pages: more of each answer is searched for leaks. */
const example = (schema: unknown, overrides: Record<string, unknown> = {}) => {
  const base = exampleOf(schema, (key) => (key ? REALISTIC[key] : undefined)) as Record<string, unknown>;
  if (base && typeof base === 'object' && 'size' in base)
    base.size = schema === contract.location.images.body ? 100 : MAX_PAGE_SIZE;
  return { ...base, ...overrides };
};

const req = (
  endpoint: AnyEndpoint,
  params: Record<string, string> = {},
  body?: unknown,
  query?: Record<string, string>,
): HttpRequest => {
  const url = endpointUrl(endpoint, params, query);
  if (endpoint.method === 'GET') return { method: 'GET', url };
  const json = body !== undefined ? body : endpoint.body ? example(endpoint.body) : undefined;
  return { method: endpoint.method, url, ...(json === undefined ? {} : { json }) };
};

const upload = (
  endpoint: AnyEndpoint,
  params: Record<string, string>,
  fields: Record<string, string>,
  file: UploadFile,
): HttpRequest => ({ method: 'POST', url: endpointUrl(endpoint, params), multipart: { fields, file } });

const csv = (lines: string[]) => new TextEncoder().encode(`${lines.join('\n')}\n`);

const code = (ctx: RowContext) => {
  const o = ctx.obj as { code?: string; locationCode?: string };
  return o.code ?? o.locationCode ?? '';
};
const id = (ctx: RowContext) => (ctx.obj as { id: string }).id;
const rackParams = (ctx: RowContext) => {
  const r = ctx.obj as { locationCode: string; position: number };
  return { code: r.locationCode, rack: String(r.position) };
};

/** Requests the matrix makes are the ADMIN's: only the ADMIN may withdraw them or add a photo. */
const requesterRule = ({ caller }: RowContext): Expectation | undefined =>
  caller.username === 'admin'
    ? undefined
    : { status: 409, reason: 'only the requester changes a request (request_not_applicable)' };

const objectFor =
  (kind: 'concern' | 'branch' | 'location') => (prep: Prep, caller: Caller, variant: Variant) =>
    prep.org(kind, prep.concernFor(caller, variant));

const C = contract;

const futureDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A well-formed passkey answer no authenticator gave (the second step's endpoints refuse it). */
const UNKNOWN_PASSKEY = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
const ATTESTATION = { clientDataJSON: 'AAAA', attestationObject: 'AAAA' };

/** Every endpoint of the contract: a new endpoint without a row plan does not compile. */
const MATRIX_SPECS: Record<EndpointName, Spec> = {
  'auth.signin': {
    variants: NONE,
    session: 'none',
    request: ({ caller }) => req(C.auth.signin, {}, { username: caller.username, password: 'demo1234' }),
  },
  'auth.impersonate': {
    variants: OWN_FOREIGN,
    tenant: false,
    session: 'fresh',
    object: (p, c, v) => p.customer(p.concernFor(c, v)),
    request: (ctx) => req(C.auth.impersonate, {}, { username: (ctx.obj as { username: string }).username }),
  },
  'auth.signout': { variants: NONE, session: 'fresh', request: () => req(C.auth.signout) },
  'auth.session': { variants: NONE, request: () => req(C.auth.session) },
  'sso.start': {
    variants: NONE,
    session: 'none',
    request: () => req(C.sso.start, {}, { email: 'someone@nowhere.example' }),
    rule: () => ({ status: 404, reason: 'no concern signs in with that e-mail domain (sso_not_available)' }),
  },
  'sso.callback': {
    variants: NONE,
    session: 'none',
    request: () => req(C.sso.callback, {}, { state: 'never-issued', code: 'made-up' }),
    rule: () => ({ status: 401, reason: 'a state no sign-in started (sso_failed)' }),
  },
  'sso.settings': {
    variants: OWN_FOREIGN,
    object: objectFor('concern'),
    request: (ctx) => req(C.sso.settings, { code: code(ctx) }),
  },
  'sso.saveSettings': {
    variants: OWN_FOREIGN,
    object: objectFor('concern'),
    // A plain-http provider off this machine: refused before anything is stored or fetched.
    request: (ctx) =>
      req(
        C.sso.saveSettings,
        { code: code(ctx) },
        {
          issuer: 'http://idp.example.com',
          clientId: 'falcon',
          clientSecret: 'secret',
          emailDomains: [`matrix-${ctx.n}.example`],
          roleClaim: 'groups',
          roleMapping: [],
          defaultRole: null,
          passwordSignIn: true,
        },
      ),
    rule: () => ({ status: 400, reason: 'an http issuer that is not on this machine' }),
  },
  'sso.removeSettings': {
    variants: OWN_FOREIGN,
    object: objectFor('concern'),
    request: (ctx) => req(C.sso.removeSettings, { code: code(ctx) }),
  },
  'concerns.list': { variants: NONE, request: () => req(C.concerns.list) },
  'concerns.inHouseStaff': { variants: NONE, request: () => req(C.concerns.inHouseStaff) },
  'concerns.fieldService': { variants: NONE, request: () => req(C.concerns.fieldService) },
  'concern.get': {
    variants: OWN_FOREIGN,
    object: objectFor('concern'),
    request: (ctx) => req(C.concern.get, { code: code(ctx) }),
  },
  'concern.search': {
    variants: OWN_FOREIGN,
    object: objectFor('concern'),
    request: (ctx) =>
      req(C.concern.search, { code: code(ctx) }, example(C.concern.search.body, { query: '' })),
  },
  'concern.exportXlsx': {
    variants: OWN_FOREIGN,
    object: objectFor('concern'),
    request: (ctx) => req(C.concern.exportXlsx, { code: code(ctx) }),
  },
  'employee.get': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.employee(c, v),
    request: (ctx) => req(C.employee.get, { key: (ctx.obj as { key: string }).key }),
  },
  'employee.list': { variants: NONE, request: () => req(C.employee.list) },
  'cbl.tree': { variants: NONE, request: () => req(C.cbl.tree) },
  'cbl.suggest': { variants: NONE, request: () => req(C.cbl.suggest, {}, { query: 'C00' }) },
  'cbl.suggestGet': { variants: NONE, request: () => req(C.cbl.suggestGet, {}, undefined, { query: 'C00' }) },
  'content.supportedLanguages': { variants: NONE, request: () => req(C.content.supportedLanguages) },
  'content.footer': { variants: NONE, request: () => req(C.content.footer) },
  'content.version': { variants: NONE, request: () => req(C.content.version) },
  'branch.get': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) => req(C.branch.get, { code: code(x) }),
  },
  'branch.map': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) => req(C.branch.map, { code: code(x) }),
  },
  'branch.uploadMap': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) =>
      upload(
        C.branch.uploadMap,
        { code: code(x) },
        {},
        { filename: 'map.png', contentType: 'image/png', bytes: pngOf(48, 32) },
      ),
  },
  'branch.locationPositions': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) => req(C.branch.locationPositions, { code: code(x) }),
  },
  'branch.saveLocationPosition': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) =>
      req(
        C.branch.saveLocationPosition,
        { branchCode: code(x) },
        { branchCode: code(x), locationCode: x.w.locationsOfBranch(code(x))[0], x: 0.25, y: 0.75 },
      ),
  },
  'branch.deleteLocationPosition': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) =>
      req(
        C.branch.deleteLocationPosition,
        { branchCode: code(x) },
        { locationCode: x.w.locationsOfBranch(code(x))[0] },
      ),
  },
  'branch.deleteLocationPositions': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) => req(C.branch.deleteLocationPositions, { code: code(x) }),
  },
  'branch.search': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) => req(C.branch.search, { code: code(x) }),
  },
  'branch.exportXlsx': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) => req(C.branch.exportXlsx, { code: code(x) }),
  },
  'location.get': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.get, { code: code(x) }),
  },
  'location.getPa': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.getPa, { code: code(x) }),
  },
  'location.racks': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.racks, { code: code(x) }),
  },
  'location.saveRackOrder': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.saveRackOrder, { code: code(x) }, { rackCodes: x.w.racksOf(code(x)) }),
  },
  'location.appointments': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.appointments, { code: code(x) }),
  },
  'location.admins': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.admins, { code: code(x) }),
  },
  'location.search': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.search, { code: code(x) }),
  },
  'location.suggestContainer': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.suggestContainer, { code: code(x) }, { query: 'KB-0' }),
  },
  'location.scanRack': {
    variants: OWN_FOREIGN,
    // A rack per row: a pending scan of a rack answers the next one with 409.
    object: (p, c, v) => p.freshRack(c, p.concernFor(c, v)),
    request: (x) => req(C.location.scanRack, rackParams(x)),
  },
  'location.handleRack': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.rack(p.concernFor(c, v)),
    request: (x) => req(C.location.handleRack, rackParams(x)),
  },
  'location.rackMessage': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.rack(p.concernFor(c, v)),
    request: (x) => req(C.location.rackMessage, rackParams(x), { message: 'Regal wackelt' }),
  },
  'location.shelfMessage': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.rack(p.concernFor(c, v)),
    request: (x) =>
      req(C.location.shelfMessage, { ...rackParams(x), shelf: '1' }, { message: 'Fach verbogen' }),
  },
  'location.images': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.images, { code: code(x) }),
  },
  'location.image': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.datasetImage(p.concernFor(c, v)),
    request: (x) => req(C.location.image, { code: code(x), imageId: id(x) }),
  },
  'location.imageThumbnail': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.datasetImage(p.concernFor(c, v)),
    request: (x) => req(C.location.imageThumbnail, { code: code(x), imageId: id(x) }),
  },
  'location.uploadImage': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) =>
      upload(
        C.location.uploadImage,
        { code: code(x) },
        {},
        { filename: 'rack.png', contentType: 'image/png', bytes: pngOf(40, 20) },
      ),
  },
  'location.deleteImage': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.image(p.concernFor(c, v)),
    request: (x) => req(C.location.deleteImage, { code: code(x), imageId: id(x) }),
  },
  'location.exportXlsx': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.location.exportXlsx, { code: code(x) }),
  },
  'location.labels': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    // Rack labels on thermal stock: the smallest PDF (the label tests read the layouts back).
    request: (x) => req(C.location.labels, { code: code(x) }, { kind: 'rack', layout: 'thermal-100x50' }),
  },
  'container.get': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.documentedContainer(p.concernFor(c, v)),
    request: (x) => req(C.container.get, { id: id(x) }),
  },
  'container.documents': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.documentedContainer(p.concernFor(c, v)),
    request: (x) => req(C.container.documents, { id: id(x) }),
  },
  'container.requests': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.containerWithRequests(p.concernFor(c, v)),
    request: (x) => req(C.container.requests, { id: id(x) }),
  },
  'container.deactivate': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.freshContainer(p.concernFor(c, v)),
    request: (x) => req(C.container.deactivate, { id: id(x) }),
  },
  'container.scan': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.freshContainer(p.concernFor(c, v)),
    request: (x) => req(C.container.scan, { id: id(x) }),
  },
  'container.additionalOrder': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.freshContainer(p.concernFor(c, v)),
    request: (x) =>
      req(C.container.additionalOrder, { id: id(x) }, { factor: 2, additionalOrderDate: futureDate(30) }),
  },
  'container.changeQuantity': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.freshContainer(p.concernFor(c, v)),
    request: (x) => req(C.container.changeQuantity, { id: id(x) }, { factor: 5 }),
  },
  'container.message': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.documentedContainer(p.concernFor(c, v)),
    request: (x) => req(C.container.message, { id: id(x) }, { message: 'Etikett fehlt' }),
  },
  'container.byBarcode': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.documentedContainer(p.concernFor(c, v)),
    request: (x) => req(C.container.byBarcode, { barcode: (x.obj as { barcode: string }).barcode }),
  },
  'article.get': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.article(c, v),
    request: (x) => req(C.article.get, { code: code(x) }),
  },
  'document.download': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.document(p.concernFor(c, v)),
    request: (x) => req(C.document.download, { id: id(x) }),
  },
  'barcodeLists.list': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.barcodeLists.list, { code: code(x) }),
  },
  'barcodeLists.upload': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) =>
      upload(
        C.barcodeLists.upload,
        { code: code(x) },
        { again: 'true' },
        { filename: 'codes.csv', contentType: 'text/csv', bytes: csv(x.w.barcodesOf(code(x), 3)) },
      ),
  },
  'barcodeLists.get': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.list('barcodeList', p.concernFor(c, v), false),
    request: (x) => req(C.barcodeLists.get, { id: id(x) }),
  },
  'barcodeLists.file': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.list('barcodeList', p.concernFor(c, v), false),
    request: (x) => req(C.barcodeLists.file, { id: id(x) }),
  },
  'barcodeLists.remove': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.list('barcodeList', p.concernFor(c, v), true),
    request: (x) => req(C.barcodeLists.remove, { id: id(x) }),
  },
  'barcodeLists.download': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.barcodeLists.download, { code: code(x) }),
  },
  'inventoryLists.list': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.inventoryLists.list, { code: code(x) }),
  },
  'inventoryLists.upload': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) =>
      upload(
        C.inventoryLists.upload,
        { code: code(x) },
        { again: 'true' },
        {
          filename: 'count.csv',
          contentType: 'text/csv',
          bytes: csv(x.w.barcodesOf(code(x), 3).map((b) => `${b};7`)),
        },
      ),
  },
  'inventoryLists.get': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.list('inventoryList', p.concernFor(c, v), false),
    request: (x) => req(C.inventoryLists.get, { id: id(x) }),
  },
  'inventoryLists.transfer': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.list('inventoryList', p.concernFor(c, v), true),
    request: (x) => req(C.inventoryLists.transfer, { id: id(x) }),
  },
  'inventoryLists.remove': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.list('inventoryList', p.concernFor(c, v), true),
    request: (x) => req(C.inventoryLists.remove, { id: id(x) }),
  },
  'stocktakes.list': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.stocktakes.list, { code: code(x) }),
  },
  'stocktakes.start': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.stocktakes.start, { code: code(x) }, {}),
  },
  'stocktakes.get': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.count(p.concernFor(c, v), 'open', false),
    request: (x) => req(C.stocktakes.get, { code: code(x), id: id(x) }),
  },
  'stocktakes.scan': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.count(p.concernFor(c, v), 'open', false),
    request: (x) =>
      req(
        C.stocktakes.scan,
        { code: code(x), id: id(x) },
        { key: `row-${x.n}-scan`, code: x.w.barcodesOf(code(x), 1)[0] ?? '1' },
      ),
  },
  'stocktakes.undo': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.count(p.concernFor(c, v), 'open', true),
    request: (x) => req(C.stocktakes.undo, { code: code(x), id: id(x), key: (x.obj as { key: string }).key }),
  },
  'stocktakes.finish': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.count(p.concernFor(c, v), 'open', true),
    request: (x) => req(C.stocktakes.finish, { code: code(x), id: id(x) }),
  },
  'stocktakes.handOver': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.count(p.concernFor(c, v), 'finished', true),
    request: (x) => req(C.stocktakes.handOver, { code: code(x), id: id(x) }),
  },
  'protocol.list': {
    variants: NONE,
    request: () =>
      req(C.protocol.list, {}, example(C.protocol.list.body, { filterMap: { type: 'request' } })),
  },
  'protocol.location': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    // Requests are what carry container codes in their summaries (issue 11, case 3).
    request: (x) =>
      req(
        C.protocol.location,
        { code: code(x) },
        example(C.protocol.location.body, { filterMap: { type: 'request' } }),
      ),
  },
  'replenishment.containerHistory': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.documentedContainer(p.concernFor(c, v)),
    request: (x) => req(C.replenishment.containerHistory, { id: id(x) }),
  },
  'replenishment.containerSizing': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.documentedContainer(p.concernFor(c, v)),
    request: (x) => req(C.replenishment.containerSizing, { id: id(x) }, { windowWeeks: 12 }),
  },
  'replenishment.locationSizing': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.replenishment.locationSizing, { code: code(x) }, { size: 20 }),
  },
  'replenishment.locationSettings': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.replenishment.locationSettings, { code: code(x) }),
  },
  'replenishment.saveLocationSettings': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) =>
      req(C.replenishment.saveLocationSettings, { code: code(x) }, { leadTimeDays: 10, safetyTimeDays: 5 }),
  },
  'replenishment.branchSettings': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) => req(C.replenishment.branchSettings, { code: code(x) }),
  },
  'replenishment.saveBranchSettings': {
    variants: OWN_FOREIGN,
    object: objectFor('branch'),
    request: (x) =>
      req(
        C.replenishment.saveBranchSettings,
        { code: code(x) },
        { leadTimeDays: null, safetyTimeDays: null },
      ),
  },
  // The worklist's filter names a concern: one out of scope answers 404 like a missing one.
  'replenishment.worklist': {
    variants: OWN_FOREIGN,
    object: objectFor('concern'),
    request: (x) => req(C.replenishment.worklist, {}, { concernCode: code(x), size: 20 }),
  },
  'replenishment.worklistCount': { variants: NONE, request: () => req(C.replenishment.worklistCount) },
  'replenishment.exportWorklist': {
    variants: OWN_FOREIGN,
    object: objectFor('concern'),
    request: (x) => req(C.replenishment.exportWorklist, {}, { concernCode: code(x) }),
  },
  'replenishment.reachBands': {
    variants: OWN_FOREIGN,
    object: objectFor('location'),
    request: (x) => req(C.replenishment.reachBands, { code: code(x) }),
  },
  'exports.list': { variants: NONE, request: () => req(C.exports.list) },
  'exports.download': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.exportOf(c, v),
    request: (x) => req(C.exports.download, { id: id(x) }),
  },
  'reviews.list': {
    variants: NONE,
    request: () => req(C.reviews.list, {}, example(C.reviews.list.body, { filterMap: { state: 'all' } })),
  },
  'reviews.mine': { variants: NONE, request: () => req(C.reviews.mine) },
  'reviews.approve': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.review(p.concernFor(c, v)),
    request: (x) => req(C.reviews.approve, { id: id(x) }, {}),
  },
  'reviews.reject': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.review(p.concernFor(c, v)),
    request: (x) => req(C.reviews.reject, { id: id(x) }, { comment: 'not needed' }),
  },
  'reviews.answer': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.message(p.concernFor(c, v)),
    request: (x) => req(C.reviews.answer, { id: id(x) }, { comment: 'Wird erledigt' }),
  },
  'reviews.close': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.message(p.concernFor(c, v)),
    request: (x) => req(C.reviews.close, { id: id(x) }, {}),
  },
  'reviews.withdraw': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.review(p.concernFor(c, v)),
    request: (x) => req(C.reviews.withdraw, { id: id(x) }),
    rule: requesterRule,
  },
  'reviews.uploadPhoto': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.message(p.concernFor(c, v)),
    request: (x) =>
      upload(
        C.reviews.uploadPhoto,
        { id: id(x) },
        {},
        { filename: 'shelf.png', contentType: 'image/png', bytes: pngOf(32, 24) },
      ),
    rule: requesterRule,
  },
  'reviews.photo': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.messageWithPhoto(p.concernFor(c, v)),
    request: (x) => req(C.reviews.photo, { id: id(x) }),
  },
  'users.list': { variants: NONE, request: () => req(C.users.list) },
  'users.create': {
    variants: ['own', 'foreign', 'empty', 'ungranted'],
    tenant: false,
    // Whether an ADMIN may make a customer user without scope the issue leaves open.
    skip: (c, v) => v === 'empty' && c.scope.all,
    object: (_prep, c, v) => ({
      kind: 'scope',
      scope:
        v === 'empty'
          ? { all: false, concerns: [], branches: [], locations: [] }
          : {
              all: false,
              concerns: [v === 'foreign' ? c.foreignConcern : c.ownConcern],
              branches: [],
              locations: [],
            },
    }),
    request: (x) =>
      req(
        C.users.create,
        {},
        example(C.users.create.body, {
          username: `mx-new-${x.n}`,
          firstname: 'Matrix',
          lastname: `Row ${x.n}`,
          roles: ['KD_USER'],
          permissions: x.variant === 'ungranted' ? ['PERM_SYSADMIN'] : [],
          scope: (x.obj as { scope: Scope }).scope,
          password: 'matrix-pass-1',
          passwordRepeat: 'matrix-pass-1',
        }),
      ),
    rule: ({ w, caller, variant, obj }) => {
      const scope = (obj as { scope: Scope }).scope;
      if (variant === 'ungranted' && !caller.permissions.has('PERM_SYSADMIN')) return UNHELD;
      if (variant === 'empty') return { status: 400, reason: 'a customer user needs a non-empty scope' };
      if (!caller.scope.all && !scopeWithin(scope, caller.scope, w.resolver))
        return { status: 403, reason: 'the new user lies outside the caller’s scope' };
      return undefined;
    },
  },
  'users.getByUsername': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.customer(p.concernFor(c, v)),
    request: (x) => req(C.users.getByUsername, { username: (x.obj as { username: string }).username }),
  },
  'users.getById': {
    variants: ['own', 'foreign', 'self'],
    object: (p, c, v) => (v === 'self' ? p.self(c) : p.customer(p.concernFor(c, v))),
    request: (x) => req(C.users.getById, { id: id(x) }),
    guard: ({ caller, obj }) =>
      (obj as { id: string }).id !== caller.id && !caller.permissions.has('PERM_CREATEUSER')
        ? { status: 403, reason: 'another user’s profile needs PERM_CREATEUSER' }
        : undefined,
  },
  'users.update': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.customer(p.concernFor(c, v)),
    request: (x) => {
      const u = x.obj as { username: string; body: Record<string, unknown> };
      return req(C.users.update, { username: u.username }, u.body);
    },
  },
  'users.remove': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.newUser(p.concernFor(c, v)),
    request: (x) => req(C.users.remove, { username: (x.obj as { username: string }).username }),
  },
  'users.permissions': { variants: NONE, request: () => req(C.users.permissions) },
  'roles.list': { variants: NONE, request: () => req(C.roles.list) },
  'roles.all': { variants: NONE, request: () => req(C.roles.all) },
  'roles.create': {
    variants: ['own', 'ungranted'],
    tenant: false,
    request: (x) =>
      req(
        C.roles.create,
        {},
        {
          rolename: `MX new ${x.n}`,
          permissions: x.variant === 'ungranted' ? ['PERM_SYSADMIN'] : ['PERM_FIELD_ARTICLENAME'],
        },
      ),
    rule: ({ caller, variant }) =>
      variant === 'ungranted' && !caller.permissions.has('PERM_SYSADMIN') ? UNHELD : undefined,
  },
  'roles.getById': {
    variants: ['own', 'foreign', 'global'],
    object: (p, c, v) => p.role(c, v, false),
    request: (x) => req(C.roles.getById, { id: id(x) }),
  },
  'roles.update': {
    variants: ['own', 'foreign', 'global'],
    object: (p, c, v) => p.role(c, v, false),
    request: (x) => {
      const r = x.obj as { rolename: string; permissions: string[] };
      return req(
        C.roles.update,
        { rolename: r.rolename },
        { rolename: r.rolename, permissions: r.permissions },
      );
    },
    rule: globalRoleRule,
  },
  'roles.remove': {
    variants: ['own', 'foreign', 'global'],
    object: (p, c, v) => p.role(c, v, true),
    request: (x) => req(C.roles.remove, { rolename: (x.obj as { rolename: string }).rolename }),
    rule: globalRoleRule,
  },
  'profile.changePassword': {
    variants: NONE,
    session: 'fresh',
    last: true,
    request: () =>
      req(
        C.profile.changePassword,
        {},
        { oldPassword: 'demo1234', newPassword: 'demo1234', newPasswordRepeat: 'demo1234' },
      ),
  },
  'profile.update': {
    variants: NONE,
    request: ({ caller }) =>
      req(
        C.profile.update,
        {},
        { firstname: caller.username, lastname: 'Matrix', email: null, phone: null, language: 'de' },
      ),
  },
  'profile.setLanguage': {
    variants: NONE,
    request: () => req(C.profile.setLanguage, {}, { language: 'de' }),
  },
  'notifications.get': { variants: NONE, request: () => req(C.notifications.get) },
  'notifications.update': {
    variants: NONE,
    request: () =>
      req(C.notifications.update, {}, { requestArrived: true, requestDecided: true, dailyDigest: true }),
  },
  'admin.overview': { variants: NONE, request: () => req(C.admin.overview) },
  'admin.dashboard': { variants: NONE, request: () => req(C.admin.dashboard) },
  // Second factor (issue 18): the demo users have none, so the second step has no sign-in waiting.
  'mfa.verify': {
    variants: NONE,
    session: 'none',
    request: () => req(C.mfa.verify, {}, { method: 'totp', code: '000000' }),
    rule: () => ({ status: 401, reason: 'no sign-in waits for a second factor' }),
  },
  'mfa.passkeyOptions': {
    variants: NONE,
    session: 'none',
    request: () => req(C.mfa.passkeyOptions, {}, { purpose: 'sign-in' }),
  },
  'mfa.passkeySignIn': {
    variants: NONE,
    session: 'none',
    request: () => req(C.mfa.passkeySignIn, {}, { credential: UNKNOWN_PASSKEY }),
    rule: () => ({ status: 401, reason: 'no passkey challenge was handed out' }),
  },
  'mfa.enrolTotp': {
    variants: NONE,
    session: 'none',
    request: () => req(C.mfa.enrolTotp),
    rule: () => ({ status: 401, reason: 'no sign-in waits for an enrolment' }),
  },
  'mfa.enrolTotpConfirm': {
    variants: NONE,
    session: 'none',
    request: () => req(C.mfa.enrolTotpConfirm, {}, { code: '000000' }),
    rule: () => ({ status: 401, reason: 'no sign-in waits for an enrolment' }),
  },
  'mfa.status': { variants: NONE, request: () => req(C.mfa.status) },
  'mfa.totpSetup': { variants: NONE, request: () => req(C.mfa.totpSetup) },
  'mfa.totpConfirm': {
    variants: NONE,
    request: () => req(C.mfa.totpConfirm, {}, { code: '000000' }),
    rule: () => ({ status: 400, reason: 'not a code of the new secret (second_factor_failed)' }),
  },
  'mfa.totpRemove': {
    variants: NONE,
    request: () => req(C.mfa.totpRemove),
    rule: () => ({ status: 404, reason: 'no TOTP is set up' }),
  },
  'mfa.passkeyRegisterOptions': { variants: NONE, request: () => req(C.mfa.passkeyRegisterOptions) },
  'mfa.passkeyRegister': {
    variants: NONE,
    request: () =>
      req(
        C.mfa.passkeyRegister,
        {},
        { name: 'Key', credential: { ...UNKNOWN_PASSKEY, response: ATTESTATION } },
      ),
    rule: () => ({ status: 400, reason: 'the attestation does not verify' }),
  },
  'mfa.passkeyRemove': {
    variants: NONE,
    request: () => req(C.mfa.passkeyRemove, { id: 'none' }),
    rule: () => ({ status: 404, reason: 'none of the caller’s passkeys' }),
  },
  'mfa.recoveryCodes': {
    variants: NONE,
    request: () => req(C.mfa.recoveryCodes),
    rule: () => ({ status: 409, reason: 'no second factor to stand in for (second_factor_missing)' }),
  },
  'mfa.reset': {
    variants: OWN_FOREIGN,
    object: (p, c, v) => p.customer(p.concernFor(c, v)),
    request: (x) => req(C.mfa.reset, { username: (x.obj as { username: string }).username }),
  },
};

/**
 * A caller grants only permissions it holds itself. The issue names no status; the owner branch's
 * domain rule (checkHeld) answers 400 permission_not_held, so the form stays open with the message
 * (a 403 sends the web app to its error page).
 */
const UNHELD: Expectation = { status: 400, reason: 'grants a permission the caller does not hold' };

/** Built-in roles and roles made by internal staff are global: only internal administrators change them. */
function globalRoleRule({ caller, obj }: RowContext): Expectation | undefined {
  const role = obj as { owner: string | null };
  return role.owner === null && !caller.internal
    ? { status: 403, reason: 'a global role is read-only for a customer admin' }
    : undefined;
}

// --- the oracle ---------------------------------------------------------------------------------------

const expectationFor = (endpoint: AnyEndpoint, spec: Spec, ctx: RowContext): Expectation => {
  const missing = (endpoint.permissions ?? []).filter((p) => !ctx.caller.permissions.has(p));
  if (!hasAll(ctx.caller.permissions, endpoint.permissions))
    return { status: 403, reason: `lacks ${missing.join(', ')}` };
  const guarded = spec.guard?.(ctx);
  if (guarded) return guarded;
  if (ctx.obj && spec.tenant !== false && !visible(ctx.w, ctx.caller, ctx.obj))
    return { status: 404, reason: `${describe(ctx.obj)} is outside the caller’s reach` };
  const ruled = spec.rule?.(ctx);
  if (ruled) return ruled;
  return { status: endpoint.status ?? 200, reason: 'allowed' };
};

// --- preparation: objects made through the API as administrators -------------------------------------

class SetupError extends Error {}

/** Makes and picks the rows' objects; counts its own requests apart from the matrix's. */
class Prep {
  requests = 0;
  private readonly sessions = new Map<string, TargetSession>();
  private readonly pools = new Map<string, string[]>();
  private readonly cache = new Map<string, MatrixObject>();
  private counter = 0;

  constructor(
    readonly w: World,
    readonly target: Target,
  ) {}

  next() {
    this.counter += 1;
    return this.counter;
  }

  /** The concern a row's object belongs to. */
  concernFor(caller: Caller, variant: Variant) {
    return variant === 'foreign' ? caller.foreignConcern : caller.ownConcern;
  }

  async session(username: string): Promise<TargetSession> {
    const known = this.sessions.get(username);
    if (known) return known;
    const res = await this.send(null, {
      method: 'POST',
      url: '/api/rest/v2/auth/signin',
      json: { username, password: 'demo1234' },
    });
    if (res.status !== 200 || !res.sessionCookie)
      throw new SetupError(`sign-in of ${username}: ${res.status} ${res.text.slice(0, 200)}`);
    const session = { username, cookie: res.sessionCookie };
    this.sessions.set(username, session);
    return session;
  }

  async send(session: TargetSession | null, request: HttpRequest): Promise<HttpResponse> {
    this.requests += 1;
    return this.target.send(session, request);
  }

  /** A call that must succeed for the matrix to go on. */
  async call(username: string, request: HttpRequest, what: string): Promise<Record<string, unknown>> {
    const res = await this.send(await this.session(username), request);
    if (res.status >= 300) throw new SetupError(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
    return (res.json ?? {}) as Record<string, unknown>;
  }

  private once(key: string, make: () => Promise<MatrixObject> | MatrixObject): Promise<MatrixObject> {
    const known = this.cache.get(key);
    if (known) return Promise.resolve(known);
    return Promise.resolve(make()).then((obj) => {
      this.cache.set(key, obj);
      return obj;
    });
  }

  org(kind: 'concern' | 'branch' | 'location', concern: string): MatrixObject {
    if (kind === 'concern') return { kind, code: concern };
    if (kind === 'branch') return { kind, code: this.w.branchesOf(concern)[0] as string };
    return { kind, code: this.w.locationsOf(concern)[0] as string };
  }

  /** A container with a document, in the concern's first location. */
  documentedContainer(concern: string): MatrixObject {
    const d = this.w.dataset;
    const doc = d.documents.find(
      (x) => x.containerId && this.w.containers.get(x.containerId)?.concernCode === concern,
    );
    const c = this.w.containers.get(doc?.containerId ?? '');
    if (!c) throw new SetupError(`no container with a document in ${concern}`);
    return { kind: 'container', id: c.id, locationCode: c.locationCode, barcode: c.barcode };
  }

  /** A container with requests in the dataset (so the answer has rows to leak from). */
  containerWithRequests(concern: string): MatrixObject {
    const r = this.w.dataset.reviewRequests.find(
      (x) => x.containerId && this.w.containers.get(x.containerId)?.concernCode === concern,
    );
    const c =
      this.w.containers.get(r?.containerId ?? '') ??
      this.w.dataset.containers.find((x) => x.concernCode === concern);
    if (!c) throw new SetupError(`no container in ${concern}`);
    return { kind: 'container', id: c.id, locationCode: c.locationCode, barcode: c.barcode };
  }

  /** An active container no request has touched yet: one per row, so a pending request never blocks the next. */
  freshContainer(concern: string): MatrixObject {
    let pool = this.pools.get(concern);
    if (!pool) {
      const touched = new Set(this.w.dataset.reviewRequests.map((r) => r.containerId));
      const documented = new Set(this.w.dataset.documents.map((x) => x.containerId));
      pool = this.w.dataset.containers
        .filter((c) => c.concernCode === concern && c.active && !touched.has(c.id) && !documented.has(c.id))
        .map((c) => c.id);
      this.pools.set(concern, pool);
    }
    const next = pool.shift();
    const c = this.w.containers.get(next ?? '');
    if (!c) throw new SetupError(`no fresh container left in ${concern}`);
    return { kind: 'container', id: c.id, locationCode: c.locationCode, barcode: c.barcode };
  }

  document(concern: string): MatrixObject {
    const doc = this.w.dataset.documents.find(
      (x) => x.containerId && this.w.containers.get(x.containerId)?.concernCode === concern,
    );
    const c = this.w.containers.get(doc?.containerId ?? '');
    if (!doc || !c) throw new SetupError(`no container document in ${concern}`);
    return { kind: 'document', id: doc.id, containerId: c.id, locationCode: c.locationCode };
  }

  /** An article held in the caller's concern, or one held only outside the caller's scope. */
  article(caller: Caller, variant: Variant): MatrixObject {
    const concern = this.concernFor(caller, variant);
    const held = this.w.dataset.containers.filter((c) => c.concernCode === concern).map((c) => c.articleCode);
    const code =
      variant === 'own' || caller.scope.all
        ? held[0]
        : held.find((a) => !this.w.articleSeen(caller.scope, a));
    if (!code) throw new SetupError(`no article of ${concern} outside ${caller.username}'s scope`);
    return { kind: 'article', code };
  }

  /** The in-house employee of the caller's concern, or one serving only outside its scope. */
  employee(caller: Caller, variant: Variant): MatrixObject {
    const concern = this.w.dataset.concerns.find((c) => c.code === this.concernFor(caller, variant));
    if (variant === 'own') return { kind: 'employee', key: concern?.inHouseStaffEmployeeKey ?? 'IH01' };
    const key = this.w.dataset.employees.find((e) =>
      caller.scope.all ? e.key !== 'IH01' : !this.w.employeeSeen(caller, e.key),
    )?.key;
    if (!key) throw new SetupError(`no employee outside ${caller.username}'s scope`);
    return { kind: 'employee', key };
  }

  datasetImage(concern: string): MatrixObject {
    const location = this.w.locationsOf(concern)[0] as string;
    const image = this.w.dataset.images.find((i) => i.locationCode === location);
    if (!image) throw new SetupError(`no image in ${location}`);
    return { kind: 'image', id: image.id, locationCode: location };
  }

  /** A gallery image uploaded by the ADMIN for this row. */
  async image(concern: string): Promise<MatrixObject> {
    const location = this.w.locationsOf(concern)[0] as string;
    const image = await this.call(
      'admin',
      upload(
        contract.location.uploadImage,
        { code: location },
        {},
        {
          filename: `row-${this.next()}.png`,
          contentType: 'image/png',
          bytes: pngOf(24, 16),
        },
      ),
      `image upload to ${location}`,
    );
    return { kind: 'image', id: String(image.id), locationCode: location };
  }

  /** A barcode or inventory list of the concern's first location, uploaded by the ADMIN (one per row when `fresh`). */
  list(kind: 'barcodeList' | 'inventoryList', concern: string, fresh: boolean): Promise<MatrixObject> {
    const make = async (): Promise<MatrixObject> => {
      const location = this.w.locationsOf(concern)[0] as string;
      const n = this.next();
      // Different quantities per upload: every list is new content (no upload_again_required).
      const lines = this.w.barcodesOf(location, 3).map((b) => (kind === 'inventoryList' ? `${b};${n}` : b));
      const endpoint = kind === 'barcodeList' ? contract.barcodeLists.upload : contract.inventoryLists.upload;
      const list = await this.call(
        'admin',
        upload(
          endpoint,
          { code: location },
          { again: 'true' },
          {
            filename: `${kind}-${n}.csv`,
            contentType: 'text/csv',
            bytes: csv(lines),
          },
        ),
        `${kind} upload to ${location}`,
      );
      this.w.made(String(list.id), concern);
      return { kind, id: String(list.id), locationCode: location };
    };
    return fresh ? make() : this.once(`${kind}:${concern}`, make);
  }

  /** A count (stocktake) of the concern's first location with one scan, made by the ADMIN; finished if asked. */
  count(concern: string, state: 'open' | 'finished', fresh: boolean): Promise<MatrixObject> {
    const make = async (): Promise<MatrixObject> => {
      const location = this.w.locationsOf(concern)[0] as string;
      const made = await this.call(
        'admin',
        req(contract.stocktakes.start, { code: location }, {}),
        `count of ${location}`,
      );
      const id = String(made.id);
      const key = `matrix-${this.next()}-scan`;
      const [barcode = '1'] = this.w.barcodesOf(location, 1);
      await this.call(
        'admin',
        req(contract.stocktakes.scan, { code: location, id }, { key, code: barcode }),
        `scan in count ${id}`,
      );
      if (state === 'finished')
        await this.call('admin', req(contract.stocktakes.finish, { code: location, id }), `finish ${id}`);
      return { kind: 'stocktake', id, locationCode: location, key };
    };
    return fresh ? make() : this.once(`count:${state}:${concern}`, make);
  }

  /** A pending request on a fresh container, made by the ADMIN. */
  async review(concern: string): Promise<MatrixObject> {
    const c = this.freshContainer(concern) as { id: string; locationCode: string };
    const r = await this.call(
      'admin',
      req(contract.container.scan, { id: c.id }),
      `scan request for ${c.id}`,
    );
    return { kind: 'review', id: String(r.id), locationCode: c.locationCode };
  }

  /** Racks of the concern's locations that hold an active container, in dataset order. */
  private racksOf(concern: string) {
    const locations = new Set(this.w.locationsOf(concern));
    const held = new Set(this.w.dataset.containers.filter((c) => c.active).map((c) => c.rackCode));
    return this.w.dataset.racks.filter((r) => locations.has(r.locationCode) && held.has(r.code));
  }

  /** A rack of the concern (by position, as the web addresses it). */
  rack(concern: string): MatrixObject {
    const r = this.racksOf(concern)[0];
    if (!r) throw new SetupError(`no rack in ${concern}`);
    return { kind: 'rack', locationCode: r.locationCode, position: r.position };
  }

  /**
   * A rack no row has asked to scan yet (scans of a rack wait one at a time); any rack for a caller whose
   * request cannot reach it (no PERM_SCANRACK, or the rack outside its scope).
   */
  freshRack(caller: Caller, concern: string): MatrixObject {
    const any = this.rack(concern) as { locationCode: string };
    if (!caller.permissions.has('PERM_SCANRACK') || !this.w.locationSeen(caller.scope, any.locationCode))
      return any as MatrixObject;
    const key = `rack:${concern}`;
    let pool = this.pools.get(key);
    if (!pool) {
      // Unique positions only: a location's racks are addressed by position.
      const seen = new Set<string>();
      pool = this.racksOf(concern)
        .filter((r) => {
          const k = `${r.locationCode}#${r.position}`;
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        })
        .map((r) => `${r.locationCode}#${r.position}`);
      this.pools.set(key, pool);
    }
    const [locationCode, position] = (pool.shift() ?? '').split('#');
    if (!locationCode) throw new SetupError(`no fresh rack left in ${concern}`);
    return { kind: 'rack', locationCode, position: Number(position) };
  }

  /** A pending message about a container, sent by the ADMIN for this row. */
  async message(concern: string): Promise<MatrixObject> {
    const c = this.documentedContainer(concern) as { id: string; locationCode: string };
    const r = await this.call(
      'admin',
      req(contract.container.message, { id: c.id }, { message: `matrix ${this.next()}` }),
      `message about ${c.id}`,
    );
    return { kind: 'review', id: String(r.id), locationCode: c.locationCode };
  }

  /** A message with a photo, sent by the ADMIN (one per concern). */
  messageWithPhoto(concern: string): Promise<MatrixObject> {
    return this.once(`photo:${concern}`, async () => {
      const m = (await this.message(concern)) as { id: string; locationCode: string };
      await this.call(
        'admin',
        upload(
          contract.reviews.uploadPhoto,
          { id: m.id },
          {},
          { filename: 'photo.png', contentType: 'image/png', bytes: pngOf(24, 16) },
        ),
        `photo for ${m.id}`,
      );
      return { kind: 'review', id: m.id, locationCode: m.locationCode };
    });
  }

  /** A customer user of the concern (a KD_USER the concern's admin administers), as the dataset has it. */
  customer(concern: string): MatrixObject {
    const u = this.w.customerUser(concern, 'KD_USER');
    return {
      kind: 'user',
      id: u.id,
      username: u.username,
      scope: u.scope,
      body: {
        username: u.username,
        firstname: u.firstname,
        lastname: u.lastname,
        email: u.email,
        phone: u.phone,
        region: u.region,
        useRegion: u.useRegion,
        language: u.language,
        sessionTimeoutMinutes: u.sessionTimeoutMinutes,
        roles: u.roles,
        permissions: u.permissions,
        scope: u.scope,
        employeeKey: u.employeeKey,
      },
    };
  }

  self(caller: Caller): MatrixObject {
    const u = this.w.user(caller.username);
    return { kind: 'user', id: u.id, username: u.username, scope: u.scope, body: {} };
  }

  /** A KD_USER of the concern, made by the ADMIN for this row (to be deleted). */
  async newUser(concern: string): Promise<MatrixObject> {
    const username = `mx-del-${this.next()}`;
    const scope = { all: false, concerns: [concern], branches: [], locations: [] };
    const u = await this.call(
      'admin',
      req(
        contract.users.create,
        {},
        example(contract.users.create.body, {
          username,
          roles: ['KD_USER'],
          scope,
          password: 'matrix-pass-1',
          passwordRepeat: 'matrix-pass-1',
        }),
      ),
      `user ${username}`,
    );
    this.w.made(username, concern);
    return { kind: 'user', id: String(u.id), username, scope, body: {} };
  }

  /**
   * A role owned by a concern (made by that concern's customer admin), or a global one: the
   * built-in KD_USER to read and change, a role made by the ADMIN to delete. `fresh` makes one per row.
   */
  role(caller: Caller, variant: Variant, fresh: boolean): Promise<MatrixObject> {
    const owner = variant === 'global' ? null : this.concernFor(caller, variant);
    if (owner === null && !fresh) {
      const r = this.w.dataset.roles.find((x) => x.rolename === 'KD_USER');
      if (!r) throw new SetupError('no KD_USER role');
      return Promise.resolve({
        kind: 'role',
        id: r.id,
        rolename: r.rolename,
        owner: null,
        permissions: [...r.permissions],
      });
    }
    const make = async (): Promise<MatrixObject> => {
      const maker =
        owner === null
          ? 'admin'
          : owner === 'C001'
            ? 'kdadmin'
            : this.w.customerUser(owner, 'KD_ADMIN').username;
      const rolename = `MX ${owner ?? 'GLOBAL'} ${this.next()}`;
      const permissions = ['PERM_FIELD_ARTICLENAME'];
      const r = await this.call(
        maker,
        req(contract.roles.create, {}, { rolename, permissions }),
        `role ${rolename}`,
      );
      if (owner) {
        this.w.made(rolename, owner);
        this.w.made(String(r.id), owner);
      }
      return { kind: 'role', id: String(r.id), rolename, owner, permissions };
    };
    return fresh ? make() : this.once(`role:${owner}`, make);
  }

  /** An export of the caller's own (made by it), or someone else's (the ADMIN's of a foreign location, or kdadmin's). */
  exportOf(caller: Caller, variant: Variant): Promise<MatrixObject> {
    const mayExport = caller.permissions.has('PERM_EXPORTSEARCHRESULTTOEXCEL');
    const owner =
      variant === 'own' && mayExport ? caller.username : caller.username === 'admin' ? 'kdadmin' : 'admin';
    const location =
      owner === 'admin'
        ? (this.w.locationsOf('C002')[0] as string)
        : (this.w.locationsOf('C001')[0] as string);
    return this.once(`export:${owner}`, async () => {
      const job = await this.call(
        owner,
        req(contract.location.exportXlsx, { code: location }),
        `export by ${owner}`,
      );
      const jobId = String(job.id);
      // The server writes exports in the background: wait until it is done.
      const end = Date.now() + 30_000;
      for (;;) {
        const page = await this.call(owner, req(contract.exports.list), 'export list');
        const found = (page.items as { id: string; state: string }[]).find((j) => j.id === jobId);
        if (found?.state === 'done') break;
        if (found?.state === 'failed' || Date.now() > end)
          throw new SetupError(`export ${jobId}: ${found?.state}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { kind: 'export', id: jobId, owner };
    });
  }
}

// --- the run -----------------------------------------------------------------------------------------

interface MatrixRow {
  key: string;
  endpoint: EndpointName;
  user: MatrixUser;
  variant: Variant;
  object: string;
  expected: number;
  reason: string;
  actual: number;
  errorKey?: string;
  problems: string[];
}

interface MatrixResult {
  target: string;
  /** Requests of the matrix itself: one per row. */
  requests: number;
  /** Requests that made the rows' objects and sessions. */
  setupRequests: number;
  rows: MatrixRow[];
  mismatches: MatrixRow[];
  ms: number;
}

const responseProblems = (w: World, caller: Caller, endpoint: AnyEndpoint, res: HttpResponse): string[] => {
  const problems: string[] = [];
  if (res.status >= 200 && res.status < 300) {
    if (!endpoint.responseKind || endpoint.responseKind === 'json') {
      const parsed = endpoint.response.safeParse(res.json);
      if (!parsed.success)
        problems.push(
          `answer does not match the contract: ${parsed.error.issues
            .slice(0, 2)
            .map((i) => `${i.path.join('.')} ${i.message}`)
            .join('; ')}`,
        );
      problems.push(...w.leaks(caller, res.json), ...w.hiddenFields(caller, endpoint.response, res.json));
    } else if (res.text) problems.push(...w.leaks(caller, res.text));
  } else if (!ErrorBody.safeParse(res.json).success)
    problems.push(`error answer does not match ErrorBody: ${res.text.slice(0, 120)}`);
  return problems;
};

interface MatrixOptions {
  /** Only these endpoints (for a quick look at one). */
  only?: (name: EndpointName) => boolean;
}

/** Runs every row against `target` (a fresh copy of the seeded small dataset) and compares with the rules. */
export const runMatrix = async (target: Target, options: MatrixOptions = {}): Promise<MatrixResult> => {
  const started = Date.now();
  const w = new World();
  const prep = new Prep(w, target);
  for (const u of MATRIX_USERS) await prep.session(u);
  const rows: MatrixRow[] = [];
  const named = endpoints.filter((e) => !options.only || options.only(e.name));
  const ordered = [
    ...named.filter((e) => !MATRIX_SPECS[e.name].last),
    ...named.filter((e) => MATRIX_SPECS[e.name].last),
  ];
  // First every row's object (made through the API now, so lists of roles, users and lists
  // already hold other concerns' objects when they are read), then the rows themselves.
  const planned: { row: MatrixRow; endpoint: AnyEndpoint; spec: Spec; ctx?: RowContext }[] = [];
  for (const { name, endpoint } of ordered) {
    const spec = MATRIX_SPECS[name];
    for (const username of MATRIX_USERS) {
      const caller = w.callers[username];
      for (const variant of spec.variants) {
        if (spec.skip?.(caller, variant)) continue;
        const row: MatrixRow = {
          key: `${name} ${username} ${variant}`,
          endpoint: name,
          user: username,
          variant,
          object: '',
          expected: 0,
          reason: '',
          actual: 0,
          problems: [],
        };
        rows.push(row);
        try {
          const obj = spec.object ? await spec.object(prep, caller, variant) : undefined;
          const ctx: RowContext = { w, caller, variant, obj, n: rows.length };
          row.object = describe(obj);
          const expected = expectationFor(endpoint, spec, ctx);
          row.expected = expected.status;
          row.reason = expected.reason;
          planned.push({ row, endpoint, spec, ctx });
        } catch (error) {
          if (!(error instanceof SetupError)) throw error;
          row.problems.push(`setup failed: ${error.message}`);
        }
      }
    }
  }
  for (const { row, endpoint, spec, ctx } of planned) {
    if (!ctx) continue;
    try {
      const session =
        spec.session === 'none'
          ? null
          : spec.session === 'fresh'
            ? await freshSession(prep, row.user)
            : await prep.session(row.user);
      const res = await target.send(session, spec.request(ctx));
      row.actual = res.status;
      const key = (res.json as { error?: unknown } | undefined)?.error;
      if (typeof key === 'string') row.errorKey = key;
      if (res.status !== row.expected)
        row.problems.push(
          `expected ${row.expected} (${row.reason}), got ${res.status}${row.errorKey ? ` ${row.errorKey}` : ''}`,
        );
      row.problems.push(...responseProblems(w, ctx.caller, endpoint, res));
    } catch (error) {
      if (!(error instanceof SetupError)) throw error;
      row.problems.push(`setup failed: ${error.message}`);
    }
  }
  return {
    target: target.name,
    requests: rows.filter((r) => r.actual !== 0).length,
    setupRequests: prep.requests,
    rows,
    mismatches: rows.filter((r) => r.problems.length > 0),
    ms: Date.now() - started,
  };
};

const freshSession = async (prep: Prep, username: string): Promise<TargetSession> => {
  const res = await prep.send(null, {
    method: 'POST',
    url: '/api/rest/v2/auth/signin',
    json: { username, password: 'demo1234' },
  });
  if (!res.sessionCookie) throw new SetupError(`fresh sign-in of ${username}: ${res.status}`);
  return { username, cookie: res.sessionCookie };
};

/** A readable account of a run: its size, time, and every mismatch with the rule it broke. */
export const formatMatrix = (result: MatrixResult, known: ReadonlySet<string> = new Set()): string => {
  const byStatus = new Map<number, number>();
  for (const row of result.rows) byStatus.set(row.expected, (byStatus.get(row.expected) ?? 0) + 1);
  const lines = [
    `authorization matrix on ${result.target}: ${result.requests} requests (${result.rows.length} rows, ` +
      `${result.setupRequests} setup requests), ${(result.ms / 1000).toFixed(1)} s, ${result.mismatches.length} mismatches`,
    `  expected answers: ${[...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} x ${count}`)
      .join(', ')}`,
  ];
  for (const row of result.mismatches)
    lines.push(
      `  ${known.has(row.key) ? '[known] ' : ''}${row.key}${row.object ? ` [${row.object}]` : ''}: ${row.problems
        .slice(0, 4)
        .join(' | ')}${row.problems.length > 4 ? ` | (+${row.problems.length - 4} more)` : ''}`,
    );
  return lines.join('\n');
};
