import {
  Article,
  branchVisible,
  Container,
  concernVisible,
  DEFAULT_ROLES,
  type DefaultRoleName,
  effectivePermissions,
  FIELD_PERMISSIONS,
  type LocationPath,
  locationInScope,
  type Scope,
  scopeWithin,
  visibleArticle,
  visibleContainer,
} from '@falcon/api-client';
import { createDataset, type Dataset, type DatasetContainer, type DatasetUser } from '@falcon/demo-data';

/**
 * What the authorization matrix knows of the seeded dataset (small, seed 1) and of the rules:
 * who the demo users are, what they hold (the default roles of api-client), what their scope
 * reaches (the scope rules of api-client), and which identifiers belong to which concern, so an
 * answer can be searched for data the caller must not see.
 */

export const MATRIX_USERS = ['admin', 'backoffice', 'sales', 'kdadmin', 'staff'] as const;
export type MatrixUser = (typeof MATRIX_USERS)[number];

export interface Caller {
  username: MatrixUser;
  id: string;
  permissions: ReadonlySet<string>;
  scope: Scope;
  /**
   * The supplier's own staff (an unrestricted scope, or acting as an employee): the issue's
   * "internal" users. Customer users (KD_ADMIN, KD_USER) are not.
   */
  internal: boolean;
  employeeKey: string | null;
  /** The concern every demo user serves: C001. */
  ownConcern: string;
  /** A concern outside the caller's scope (C002 for an unrestricted caller: still visible to it). */
  foreignConcern: string;
}

const rolePermissions = (name: string) => DEFAULT_ROLES[name as DefaultRoleName]?.permissions;

export class World {
  readonly dataset: Dataset;
  readonly callers: Record<MatrixUser, Caller>;
  private readonly locationPaths = new Map<string, LocationPath>();
  private readonly branchConcern = new Map<string, string>();
  readonly containers = new Map<string, DatasetContainer>();
  private readonly containerByCode = new Map<string, DatasetContainer>();
  private readonly containerByBarcode = new Map<string, DatasetContainer>();
  /** Identifiers made while the matrix runs (lists, exports, roles, users): exact strings to their concern. */
  private readonly madeIds = new Map<string, string>();

  constructor(dataset: Dataset = createDataset({ seed: 1, scale: 'small' })) {
    this.dataset = dataset;
    for (const b of dataset.branches) this.branchConcern.set(b.code, b.concernCode);
    for (const l of dataset.locations)
      this.locationPaths.set(l.code, {
        concernCode: l.concernCode,
        branchCode: l.branchCode,
        locationCode: l.code,
      });
    for (const c of dataset.containers) {
      this.containers.set(c.id, c);
      this.containerByCode.set(c.code, c);
      this.containerByBarcode.set(c.barcode, c);
    }
    const callers = {} as Record<MatrixUser, Caller>;
    for (const username of MATRIX_USERS) {
      const user = this.user(username);
      const permissions = new Set(effectivePermissions(user.permissions, user.roles, rolePermissions));
      const foreign = ['C002', 'C003'].find((c) => !this.concernSeen(user.scope, c)) ?? 'C002';
      callers[username] = {
        username,
        id: user.id,
        permissions,
        scope: user.scope,
        internal: user.scope.all || user.employeeKey !== null,
        employeeKey: user.employeeKey,
        ownConcern: 'C001',
        foreignConcern: foreign,
      };
    }
    this.callers = callers;
  }

  user(username: string): DatasetUser {
    const u = this.dataset.users.find((x) => x.username === username);
    if (!u) throw new Error(`no user ${username} in the dataset`);
    return u;
  }

  /** A customer user of the concern: its KD_ADMIN (first generated one) or a KD_USER. */
  customerUser(concern: string, role: 'KD_ADMIN' | 'KD_USER'): DatasetUser {
    const u = this.dataset.users.find(
      (x) =>
        x.id > 'U005' &&
        x.roles.includes(role) &&
        !x.scope.all &&
        [...x.scope.concerns, ...x.scope.branches, ...x.scope.locations].some((c) => c.startsWith(concern)),
    );
    if (!u) throw new Error(`no ${role} of ${concern}`);
    return u;
  }

  pathOf(locationCode: string): LocationPath {
    const path = this.locationPaths.get(locationCode);
    if (!path) throw new Error(`unknown location ${locationCode}`);
    return path;
  }

  resolver = {
    branchConcern: (code: string) => this.branchConcern.get(code),
    locationPath: (code: string) => this.locationPaths.get(code),
  };

  branchesOf(concern: string) {
    return this.dataset.branches.filter((b) => b.concernCode === concern).map((b) => b.code);
  }
  locationsOf(concern: string) {
    return this.dataset.locations.filter((l) => l.concernCode === concern).map((l) => l.code);
  }

  locationsOfBranch(branch: string) {
    return this.dataset.locations.filter((l) => l.branchCode === branch).map((l) => l.code);
  }
  /** The location's rack codes in their current order. */
  racksOf(location: string) {
    return this.dataset.racks
      .filter((r) => r.locationCode === location)
      .sort((a, b) => a.position - b.position)
      .map((r) => r.code);
  }
  /** Barcodes of the first `count` containers of a location. */
  barcodesOf(location: string, count: number) {
    return this.dataset.containers
      .filter((c) => c.locationCode === location)
      .slice(0, count)
      .map((c) => c.barcode);
  }

  // --- the scope rules of api-client, over the dataset's tree -------------------------------------

  concernSeen(scope: Scope, concern: string): boolean {
    return concernVisible(scope, {
      concernCode: concern,
      branchCodes: this.branchesOf(concern),
      locationCodes: this.locationsOf(concern),
    });
  }
  branchSeen(scope: Scope, branch: string): boolean {
    return branchVisible(scope, {
      concernCode: this.branchConcern.get(branch) ?? '',
      branchCode: branch,
      locationCodes: this.dataset.locations.filter((l) => l.branchCode === branch).map((l) => l.code),
    });
  }
  locationSeen(scope: Scope, location: string): boolean {
    const path = this.locationPaths.get(location);
    return path !== undefined && locationInScope(scope, path);
  }
  articleSeen(scope: Scope, article: string): boolean {
    return this.dataset.containers.some(
      (c) => c.articleCode === article && this.locationSeen(scope, c.locationCode),
    );
  }
  /** Employees a caller may look up: its own, or those serving a concern, branch or location in its scope. */
  employeeSeen(caller: Caller, key: string): boolean {
    if (caller.scope.all || caller.employeeKey === key) return true;
    const d = this.dataset;
    const serves = (x: { inHouseStaffEmployeeKey: string | null; fieldServiceEmployeeKey: string | null }) =>
      x.inHouseStaffEmployeeKey === key || x.fieldServiceEmployeeKey === key;
    return (
      d.concerns.some((c) => serves(c) && this.concernSeen(caller.scope, c.code)) ||
      d.branches.some((b) => serves(b) && this.branchSeen(caller.scope, b.code)) ||
      d.locations.some((l) => serves(l) && this.locationSeen(caller.scope, l.code))
    );
  }
  /**
   * Users a caller administers (the rule): everyone for an unrestricted caller; for a
   * customer admin only users whose non-empty scope lies inside its own (an empty scope is inside
   * nothing, so it cannot be captured).
   */
  administers(caller: Caller, target: { scope: Scope }): boolean {
    if (caller.scope.all) return true;
    const s = target.scope;
    if (s.all || s.concerns.length + s.branches.length + s.locations.length === 0) return false;
    return scopeWithin(s, caller.scope, this.resolver);
  }

  // --- identifiers in answers ---------------------------------------------------------------------

  /** Records an identifier made during the run (a list id, a role name...) as belonging to a concern. */
  made(id: string, concern: string) {
    this.madeIds.set(id, concern);
  }

  /** The location (or, failing that, the concern) an identifier found in an answer belongs to. */
  private ownerOf(token: string): { location?: string; branch?: string; concern: string } | undefined {
    const container =
      this.containers.get(token) ?? this.containerByCode.get(token) ?? this.containerByBarcode.get(token);
    if (container) return { location: container.locationCode, concern: container.concernCode };
    const org = token.match(/^(C\d{3})(?:-(B\d{2}))?(?:-(L\d{2}))?/);
    if (org?.[1]) {
      const concern = org[1];
      const branch = org[2] ? `${concern}-${org[2]}` : undefined;
      const location = branch && org[3] ? `${branch}-${org[3]}` : undefined;
      if (location && this.locationPaths.has(location)) return { location, concern };
      if (branch && this.branchConcern.has(branch)) return { branch, concern };
      if (this.dataset.concerns.some((c) => c.code === concern)) return { concern };
    }
    const made = this.madeIds.get(token);
    return made ? { concern: made } : undefined;
  }

  private seen(scope: Scope, owner: { location?: string; branch?: string; concern: string }): boolean {
    if (owner.location) return this.locationSeen(scope, owner.location);
    if (owner.branch) return this.branchSeen(scope, owner.branch);
    return this.concernSeen(scope, owner.concern);
  }

  /** Usernames of customer users (they belong to one concern), by the concern they belong to. */
  private customerUsernames(): Map<string, string> {
    const out = new Map<string, string>();
    for (const u of this.dataset.users) {
      if (u.scope.all || u.employeeKey) continue;
      const code = [...u.scope.concerns, ...u.scope.branches, ...u.scope.locations][0];
      if (code) out.set(u.username, code.slice(0, 4));
    }
    return out;
  }

  /**
   * Data of a concern the caller must not see, found anywhere in an answer: codes of concerns,
   * branches, locations, racks, shelves and places; container ids, codes and barcodes; names of
   * another concern's users; ids made for another concern during the run. Also container codes
   * for a caller without PERM_FIELD_CONTAINERCODE (issue case 3: requests, dashboard, summaries).
   */
  leaks(caller: Caller, body: unknown): string[] {
    const problems = new Set<string>();
    const hiddenCodes = new Set<string>();
    const codeHidden = !caller.permissions.has(FIELD_PERMISSIONS.code);
    const usernames = this.customerUsernames();
    const check = (text: string) => {
      for (const m of text.matchAll(/\b(?:KB-\d{7}|K\d{7}|\d{13}|C\d{3}(?:-B\d{2})?(?:-L\d{2})?)\b/g)) {
        const token = m[0];
        if (codeHidden && /^KB-\d{7}$/.test(token) && this.containerByCode.has(token)) hiddenCodes.add(token);
        const owner = this.ownerOf(token);
        if (owner && !this.seen(caller.scope, owner))
          problems.add(`foreign data: ${token} (${owner.concern})`);
      }
      const made = this.madeIds.get(text);
      if (made && !this.concernSeen(caller.scope, made)) problems.add(`foreign object: ${text} (${made})`);
      for (const [name, concern] of usernames)
        if (text.includes(name) && !this.concernSeen(caller.scope, concern))
          problems.add(`foreign user: ${name} (${concern})`);
    };
    const walk = (value: unknown) => {
      if (typeof value === 'string') check(value);
      else if (Array.isArray(value)) for (const v of value) walk(v);
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) {
          check(k);
          walk(v);
        }
    };
    walk(body);
    if (hiddenCodes.size)
      problems.add(
        `${hiddenCodes.size} container code(s) shown without ${FIELD_PERMISSIONS.code}: ${[...hiddenCodes].slice(0, 3).join(', ')}`,
      );
    return [...problems];
  }

  /**
   * Fields the caller may not see in the containers and articles of an answer (the field rules of
   * api-client, applied wherever the response schema holds a Container or an Article).
   */
  hiddenFields(caller: Caller, schema: unknown, body: unknown): string[] {
    const problems: string[] = [];
    visitSchema(schema, body, (node, value) => {
      if (!value || typeof value !== 'object') return;
      if (node === Container) {
        const allowed = new Set(Object.keys(visibleContainer(value as Container, caller.permissions)));
        const extra = Object.keys(value).filter((k) => !allowed.has(k));
        if (extra.length) problems.push(`container ${(value as Container).id} shows ${extra.join(', ')}`);
      } else if (node === Article) {
        const allowed = new Set(Object.keys(visibleArticle(value as Article, caller.permissions)));
        const extra = Object.keys(value).filter((k) => !allowed.has(k));
        if (extra.length) problems.push(`article ${(value as Article).code} shows ${extra.join(', ')}`);
      }
    });
    return problems;
  }
}

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } })?._zod?.def;

/** Calls `visit` for every schema node and the part of `value` it describes. */
const visitSchema = (schema: unknown, value: unknown, visit: (schema: unknown, value: unknown) => void) => {
  const def = defOf(schema);
  if (!def) return;
  visit(schema, value);
  if (value === undefined || value === null) {
    if (['optional', 'nullable', 'default'].includes(def.type))
      visitSchema(def.innerType, value, () => undefined);
    return;
  }
  switch (def.type) {
    case 'object':
      for (const [k, s] of Object.entries(def.shape as Record<string, unknown>))
        visitSchema(s, (value as Record<string, unknown>)[k], visit);
      break;
    case 'array':
      if (Array.isArray(value)) for (const v of value) visitSchema(def.element, v, visit);
      break;
    case 'record':
      for (const v of Object.values(value as Record<string, unknown>)) visitSchema(def.valueType, v, visit);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      visitSchema(def.innerType, value, visit);
      break;
    case 'pipe':
      visitSchema(def.out, value, visit);
      break;
    case 'union':
      for (const option of def.options as { safeParse: (v: unknown) => { success: boolean } }[])
        if (option.safeParse(value).success) {
          visitSchema(option, value, visit);
          break;
        }
      break;
    default:
      break;
  }
};
