import {
  type AnyEndpoint,
  buildOpenApiDocument,
  type EndpointName,
  ErrorBody,
  endpoints,
  type TenantKind,
} from '@falcon/api-client';
import fc from 'fast-check';
import { arbitraryOf, HOSTILE_DATES, HOSTILE_STRINGS } from './arbitrary';
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
import { World } from './world';

/**
 * The contract fuzzer: requests generated from the contract's zod schemas (valid ones with real
 * ids of the seeded dataset, hostile ones with NUL, lone surrogates, long and odd unicode, extreme
 * numbers and dates, and plainly invalid ones), sent as ADMIN and as staff. Every answer must be
 * below 500, have a status the OpenAPI document lists for the endpoint, and match the contract's
 * response schema (2xx JSON) or the error schema. Deterministic for a seed.
 */

export const FUZZ_CALLERS = ['admin', 'staff'] as const;
type FuzzCaller = (typeof FUZZ_CALLERS)[number];

interface FuzzOptions {
  /** Generated requests per endpoint and caller. */
  runs: number;
  seed: number;
  /** Also one request per hostile value per field of every endpoint, as ADMIN (the sweep). */
  sweep?: boolean;
  only?: (name: EndpointName) => boolean;
  /**
   * Send path and query bytes no URL parser would write (lone surrogates as invalid UTF-8), as a
   * hostile client can; for a server, not for msw (which cannot route them). Default: true.
   */
  rawUrls?: boolean;
  /** Called after every request (progress of long runs). */
  progress?: (done: number) => void;
}

type FindingKind =
  | '5xx'
  | 'undocumented status'
  | 'answer breaks the contract'
  | 'error body breaks ErrorBody';

interface FuzzFinding {
  endpoint: EndpointName;
  /** What is odd about the request: NUL, lone surrogate, long string, edge date, extreme number... */
  trait: string;
  caller: FuzzCaller | 'signed out';
  kind: FindingKind;
  status: number;
  errorKey?: string;
  request: string;
  answer: string;
}

interface FuzzResult {
  target: string;
  requests: number;
  /** Of which the sweep (one hostile value per field, the rest valid) sent these. */
  sweepRequests: number;
  statuses: Map<number, number>;
  findings: FuzzFinding[];
  ms: number;
}

/** The statuses the OpenAPI document lists per endpoint (what the contract promises). */
const documentedStatuses = (): Map<string, Set<number>> => {
  const out = new Map<string, Set<number>>();
  const doc = buildOpenApiDocument();
  for (const operations of Object.values(doc.paths))
    for (const op of Object.values(operations) as {
      operationId: string;
      responses: Record<string, unknown>;
    }[])
      out.set(op.operationId, new Set(Object.keys(op.responses).map(Number)));
  return out;
};

/** Real values per path parameter and body key, so generated requests reach past "not found". */
const realisticPools = (w: World) => {
  const d = w.dataset;
  const byKind: Record<TenantKind, string[]> = {
    concern: d.concerns.map((c) => c.code),
    branch: d.branches.map((b) => b.code),
    location: d.locations.map((l) => l.code),
    container: d.containers.slice(0, 40).map((c) => c.id),
    article: d.articles.slice(0, 20).map((a) => a.code),
    barcodeList: [],
    inventoryList: [],
    review: d.reviewRequests.map((r) => r.id),
    export: [],
    document: d.documents.slice(0, 20).map((x) => x.id),
    // The callers themselves stay out: the fuzzer must not delete or rewrite its own sessions' users.
    user: d.users.filter((u) => !['admin', 'staff'].includes(u.username)).flatMap((u) => [u.username, u.id]),
    role: d.roles
      .filter((r) => !['ADMIN', 'KD_USER'].includes(r.rolename))
      .flatMap((r) => [r.rolename, r.id]),
    employee: d.employees.map((e) => e.key),
  };
  const byKey: Record<string, string[]> = {
    branchCode: byKind.branch,
    locationCode: byKind.location,
    imageId: d.images.map((i) => i.id),
    barcode: d.containers.slice(0, 40).map((c) => c.barcode),
    username: byKind.user.filter((u) => !u.startsWith('U')),
    rolename: byKind.role.filter((r) => !/^R\d+$/.test(r)),
    roles: ['KD_USER', 'KD_ADMIN', 'SALESFORCE'],
    permissions: ['PERM_FIELD_PRICE', 'PERM_FIELD_CONTAINERCODE', 'PERM_SYSADMIN', 'PERM_CREATEUSER'],
    concerns: byKind.concern,
    branches: byKind.branch,
    locations: byKind.location,
    rackCodes: d.racks.slice(0, 6).map((r) => r.code),
    query: ['C00', 'KB-000', 'din 933', 'schraube', 'A1000'],
    searchTerm: ['KB-000', 'din'],
    employeeKey: d.employees.map((e) => e.key),
    key: byKind.employee,
    password: ['demo1234'],
    'filterMap[]': [
      'state',
      'type',
      'locationCode',
      'username',
      'name',
      'role',
      'region',
      'kind',
      'assignee',
    ],
    state: ['pending', 'all', 'done', 'approved'],
    type: ['scan', 'request', 'signin_failed'],
  };
  return (endpoint: AnyEndpoint) =>
    (key: string | undefined): readonly string[] | undefined => {
      if (key && endpoint.tenant?.param === key) return byKind[endpoint.tenant.kind];
      if (key === 'code' && endpoint.path.includes('/branch/')) return byKind.branch;
      if (key === 'code') return [...byKind.location, ...byKind.concern];
      if (key === 'id') return [...byKind.container, ...byKind.review];
      return key ? byKey[key] : undefined;
    };
};

const UPLOADS: UploadFile[] = [
  { filename: 'rack.png', contentType: 'image/png', bytes: pngOf(16, 8) },
  {
    filename: 'codes.csv',
    contentType: 'text/csv',
    bytes: new TextEncoder().encode('4000000000013\n4000000000020\n'),
  },
  { filename: 'count.csv', contentType: 'text/csv', bytes: new TextEncoder().encode('4000000000013;5\n') },
];

const fileArb: fc.Arbitrary<UploadFile> = fc.oneof(
  fc.constantFrom(...UPLOADS),
  fc.record({
    filename: fc.oneof(fc.constantFrom(...HOSTILE_STRINGS, 'a.csv', 'b.png'), fc.string({ maxLength: 40 })),
    contentType: fc.constantFrom(
      'image/png',
      'text/csv',
      'application/octet-stream',
      'text/plain',
      'image/svg+xml',
    ),
    bytes: fc.uint8Array({ maxLength: 600 }),
  }),
);

/** Broken JSON bodies: what a hand-written client sends by mistake. */
const BROKEN_JSON = [
  '{',
  '[]',
  '"x"',
  'null',
  '{"a":',
  '{"page":1e999}',
  '\u0000',
  '{"query":"\\u0000"}',
  '1',
];

/** `arb` once in `oneIn` draws, else undefined. */
const rarely = <T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

interface Generated {
  params: Record<string, unknown>;
  query: Record<string, unknown> | undefined;
  body: unknown;
  raw: string | undefined;
  file: UploadFile | undefined;
  signedOut: boolean;
  withoutCsrf: boolean;
}

const requestArb = (
  endpoint: AnyEndpoint,
  realistic: (key: string | undefined) => readonly string[] | undefined,
) => {
  const opts = { realistic, hostile: true, invalid: true };
  const asObject = (schema: unknown) =>
    schema
      ? (arbitraryOf(schema, { ...opts, invalid: false }) as fc.Arbitrary<Record<string, unknown>>)
      : fc.constant(undefined);
  return fc.record<Generated>({
    params: endpoint.params
      ? (asObject(endpoint.params) as fc.Arbitrary<Record<string, unknown>>)
      : fc.constant({}),
    query: asObject(endpoint.query),
    body: endpoint.body ? arbitraryOf(endpoint.body, opts) : fc.constant(undefined),
    raw:
      endpoint.body && !endpoint.multipart
        ? rarely(fc.constantFrom(...BROKEN_JSON), 30)
        : fc.constant(undefined),
    file: endpoint.multipart ? fc.option(fileArb, { freq: 8, nil: undefined }) : fc.constant(undefined),
    signedOut: rarely(fc.constant(true), 20).map(Boolean),
    withoutCsrf: rarely(fc.constant(true), 15).map(Boolean),
  });
};

/**
 * A path value that still addresses the endpoint: an empty or dot segment (`.`, `..`) would be
 * resolved away by any URL parser and reach another route. Without `rawUrls` lone surrogates
 * become U+FFFD, as a browser's URL parser writes them (msw cannot route the raw bytes).
 */
const segmentValue = (v: unknown, rawUrls: boolean) => {
  let s = typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
  if (!rawUrls) s = wellFormed(s);
  return s === '' ? ' ' : /^\.+$/.test(s) ? `x${s}` : s;
};

/** Lone surrogates as U+FFFD (String.prototype.toWellFormed, not in this TypeScript lib). */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

const toRequest = (endpoint: AnyEndpoint, g: Generated, rawUrls: boolean): HttpRequest => {
  const params = Object.fromEntries(Object.entries(g.params).map(([k, v]) => [k, segmentValue(v, rawUrls)]));
  const query = g.query
    ? Object.fromEntries(
        Object.entries(g.query).map(([k, v]) => {
          const text = typeof v === 'string' ? v : JSON.stringify(v);
          return [k, rawUrls ? text : wellFormed(text)];
        }),
      )
    : undefined;
  const url = endpointUrl(endpoint, params, query);
  if (endpoint.method === 'GET') return { method: 'GET', url };
  const base: HttpRequest = {
    method: endpoint.method,
    url,
    ...(g.withoutCsrf ? { withoutCsrfHeader: true } : {}),
  };
  if (endpoint.multipart) {
    const fields = Object.fromEntries(
      Object.entries((g.body ?? {}) as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
    return { ...base, multipart: { fields, ...(g.file ? { file: g.file } : {}) } };
  }
  if (g.raw !== undefined) return { ...base, rawJson: g.raw };
  return g.body === undefined ? base : { ...base, json: g.body };
};

/** What is hostile about a request, for grouping findings by cause. */
export const traitOf = (r: HttpRequest): string => {
  const body = r.multipart
    ? JSON.stringify(r.multipart)
    : r.rawJson !== undefined
      ? `raw:${r.rawJson}`
      : r.json !== undefined
        ? JSON.stringify(r.json)
        : '';
  const all = `${r.url} ${body}`;
  const traits: string[] = [];
  if (/%00|\\u0000/.test(all)) traits.push('NUL');
  if (/%ED%[AB]|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i.test(all))
    traits.push('lone surrogate');
  if (/"(0000|0001|1899|3000|9999)-\d\d-\d\d/.test(all)) traits.push('edge date');
  if (/\d(\.\d+)?e[+-]?\d{2,}|9007199254740993|179769313486231/i.test(all)) traits.push('extreme number');
  if (r.url.length > 1500 || /[^"]{1000,}/.test(body)) traits.push('long');
  if (r.rawJson !== undefined) traits.push('broken JSON');
  if (r.withoutCsrfHeader) traits.push('no X-Requested-With');
  return traits.join('+') || 'plain';
};

const summary = (r: HttpRequest) => {
  const body = r.multipart
    ? `multipart ${JSON.stringify(r.multipart.fields)} file=${r.multipart.file ? JSON.stringify(r.multipart.file.filename) : '-'}`
    : r.rawJson !== undefined
      ? `raw ${JSON.stringify(r.rawJson)}`
      : r.json !== undefined
        ? JSON.stringify(r.json)
        : '';
  const text = `${r.method} ${r.url}${r.withoutCsrfHeader ? ' (no X-Requested-With)' : ''} ${body}`;
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

const check = (
  endpoint: AnyEndpoint,
  documented: ReadonlySet<number> | undefined,
  res: HttpResponse,
): { kind: FindingKind; detail: string } | undefined => {
  if (res.status >= 500) return { kind: '5xx', detail: '' };
  if (!documented?.has(res.status)) return { kind: 'undocumented status', detail: '' };
  if (res.status < 300) {
    if (endpoint.responseKind && endpoint.responseKind !== 'json') return undefined;
    const parsed = endpoint.response.safeParse(res.json);
    if (!parsed.success)
      return {
        kind: 'answer breaks the contract',
        detail: parsed.error.issues
          .slice(0, 2)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; '),
      };
    return undefined;
  }
  if (!ErrorBody.safeParse(res.json).success) return { kind: 'error body breaks ErrorBody', detail: '' };
  return undefined;
};

// --- the sweep: every hostile value in every field, the rest of the request valid -----------------------

type Path = (string | number)[];

/** Paths to the string, number and date fields of a schema (one element of arrays, one key of records). */
const leaves = (schema: unknown, path: Path = []): { path: Path; kind: 'string' | 'date' | 'number' }[] => {
  const def = (schema as { _zod: { def: { type: string; [k: string]: unknown } } })._zod.def;
  switch (def.type) {
    case 'string': {
      const checks = ((def.checks as { _zod: { def: { format?: string } } }[] | undefined) ?? []).map(
        (c) => c._zod.def,
      );
      const date = def.format === 'date' || checks.some((c) => c.format === 'date');
      return [{ path, kind: date ? 'date' : 'string' }];
    }
    case 'number':
      return [{ path, kind: 'number' }];
    case 'optional':
    case 'nullable':
    case 'default':
      return leaves(def.innerType, path);
    case 'pipe':
      return leaves(def.in, path);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => leaves(o, path)).slice(0, 1);
    case 'array':
      return leaves(def.element, [...path, 0]);
    case 'record':
      return leaves(def.valueType, [...path, 'x']);
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, s]) =>
        leaves(s, [...path, k]),
      );
    default:
      return [];
  }
};

const setAt = (root: unknown, path: Path, value: unknown): unknown => {
  if (!path.length) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (typeof head === 'number') {
    const arr = Array.isArray(root) ? [...root] : [];
    arr[head] = setAt(arr[head], rest, value);
    return arr;
  }
  const obj = root && typeof root === 'object' && !Array.isArray(root) ? { ...(root as object) } : {};
  (obj as Record<string, unknown>)[head] = setAt((obj as Record<string, unknown>)[head], rest, value);
  return obj;
};

const SWEEP_VALUES = {
  string: ['a\u0000b', '\ud800x', `${'ä'.repeat(3000)}\u{1f469}\u200d\u{1f469}\u200d\u{1f467}e\u0301`],
  date: ['0000-01-01', '9999-12-31', HOSTILE_DATES[2] as string],
  number: [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2],
} as const;

const sweepRequests = (
  endpoint: AnyEndpoint,
  realistic: (key: string | undefined) => readonly string[] | undefined,
  rawUrls: boolean,
): HttpRequest[] => {
  const first = (key: string | undefined) => realistic(key)?.[0];
  const base = {
    params: (endpoint.params ? exampleOf(endpoint.params, first) : {}) as Record<string, unknown>,
    query: endpoint.query ? (exampleOf(endpoint.query, first) as Record<string, unknown>) : undefined,
    body: endpoint.body ? exampleOf(endpoint.body, first) : undefined,
  };
  const out: HttpRequest[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = endpoint[part];
    if (!schema) continue;
    for (const leaf of leaves(schema))
      for (const value of SWEEP_VALUES[leaf.kind]) {
        const g: Generated = {
          ...base,
          [part]: setAt(base[part], leaf.path, value),
          raw: undefined,
          file: endpoint.multipart ? UPLOADS[0] : undefined,
          signedOut: false,
          withoutCsrf: false,
        } as Generated;
        out.push(toRequest(endpoint, g, rawUrls));
      }
  }
  return out;
};

// --- the run -----------------------------------------------------------------------------------------------

// Sign-in goes last: its failed attempts lock the address out of further sign-ins (throttling).
const ORDER = (name: EndpointName) => (name === 'auth.signin' ? 1 : 0);
// These end the session they are sent with: each request gets its own.
const SESSION_ENDING = new Set<EndpointName>(['auth.signout', 'auth.impersonate']);

export const runFuzz = async (target: Target, options: FuzzOptions): Promise<FuzzResult> => {
  const started = Date.now();
  const w = new World();
  const realistic = realisticPools(w);
  const rawUrls = options.rawUrls ?? true;
  const documented = documentedStatuses();
  const statuses = new Map<number, number>();
  const findings: FuzzFinding[] = [];
  let requests = 0;
  let sweepRequestCount = 0;

  const signIn = async (username: string): Promise<TargetSession> => {
    const res = await target.send(null, {
      method: 'POST',
      url: '/api/rest/v2/auth/signin',
      json: { username, password: 'demo1234' },
    });
    if (!res.sessionCookie)
      throw new Error(`fuzz: sign-in of ${username} on ${target.name}: ${res.status} ${res.text}`);
    return { username, cookie: res.sessionCookie };
  };
  const sessions = new Map<string, TargetSession>();
  for (const caller of FUZZ_CALLERS) sessions.set(caller, await signIn(caller));

  const send = async (
    name: EndpointName,
    endpoint: AnyEndpoint,
    caller: FuzzCaller | 'signed out',
    request: HttpRequest,
  ) => {
    let session: TargetSession | null = caller === 'signed out' ? null : (sessions.get(caller) ?? null);
    if (session && SESSION_ENDING.has(name)) session = await signIn(caller);
    const res = await target.send(session, request);
    requests += 1;
    options.progress?.(requests);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const problem = check(endpoint, documented.get(name), res);
    if (problem) {
      const key = (res.json as { error?: unknown } | undefined)?.error;
      findings.push({
        endpoint: name,
        trait: traitOf(request),
        caller,
        kind: problem.kind,
        status: res.status,
        ...(typeof key === 'string' ? { errorKey: key } : {}),
        request: summary(request),
        answer: `${problem.detail ? `${problem.detail} | ` : ''}${res.text.slice(0, 200)}`,
      });
    }
  };

  const selected = endpoints
    .filter((e) => !options.only || options.only(e.name))
    .sort((a, b) => ORDER(a.name) - ORDER(b.name));
  let index = 0;
  for (const { name, endpoint } of selected) {
    const pool = realistic(endpoint);
    if (options.sweep)
      for (const request of sweepRequests(endpoint, pool, rawUrls)) {
        sweepRequestCount += 1;
        await send(name, endpoint, 'admin', request);
      }
    for (const caller of FUZZ_CALLERS) {
      index += 1;
      const generated = fc.sample(requestArb(endpoint, pool), {
        numRuns: options.runs,
        seed: options.seed + index,
      });
      for (const g of generated)
        await send(name, endpoint, g.signedOut ? 'signed out' : caller, toRequest(endpoint, g, rawUrls));
    }
  }
  return {
    target: target.name,
    requests,
    sweepRequests: sweepRequestCount,
    statuses,
    findings,
    ms: Date.now() - started,
  };
};

/** Findings grouped by endpoint, kind, status and error key, with the first example of each. */
export const groupFindings = (findings: readonly FuzzFinding[]) => {
  const groups = new Map<string, { count: number; first: FuzzFinding; callers: Set<string> }>();
  for (const f of findings) {
    // What is odd about the request matters for a crash, not for a status the document leaves out.
    const key = `${f.endpoint} ${f.kind} ${f.status}${f.errorKey ? ` ${f.errorKey}` : ''}${f.kind === 'undocumented status' ? '' : ` [${f.trait}]`}`;
    const g = groups.get(key);
    if (g) {
      g.count += 1;
      g.callers.add(f.caller);
    } else groups.set(key, { count: 1, first: f, callers: new Set([f.caller]) });
  }
  return groups;
};

export const formatFuzz = (result: FuzzResult, known: (f: FuzzFinding) => boolean = () => false): string => {
  const groups = groupFindings(result.findings);
  const lines = [
    `contract fuzzer on ${result.target}: ${result.requests} requests (${result.sweepRequests} of the sweep), ` +
      `${(result.ms / 1000).toFixed(1)} s, ` +
      `${result.findings.length} findings in ${groups.size} groups`,
    `  statuses: ${[...result.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s} x ${n}`)
      .join(', ')}`,
  ];
  // Across endpoints first: the causes, then every endpoint with its first example.
  const causes = new Map<string, Set<string>>();
  for (const f of result.findings) {
    const cause = `${f.kind} ${f.status}${f.errorKey ? ` ${f.errorKey}` : ''}${f.kind === 'undocumented status' ? '' : ` [${f.trait}]`}`;
    causes.set(cause, (causes.get(cause) ?? new Set()).add(f.endpoint));
  }
  for (const [cause, names] of [...causes].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(
      `  cause: ${cause} on ${names.size} endpoint(s): ${[...names].slice(0, 8).join(', ')}${names.size > 8 ? ', …' : ''}`,
    );
  for (const [key, g] of groups)
    lines.push(
      `  ${known(g.first) ? '[known] ' : ''}${key} (x${g.count}, ${[...g.callers].join('/')}): ${g.first.request} -> ${g.first.answer}`,
    );
  return lines.join('\n');
};
