import { FIELD_PERMISSIONS, type MessageKey, type Scope, type TenantKind } from '@falcon/api-client';
import { type AnyColumn, and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Auth } from '../auth/sessions';
import { type Db, queryRows } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { orgMemo, scopeKey } from './org-memo';
import { branchScope, concernScope, containerScope, locationTableScope, reviewScope } from './scope';
import { userInReach, visibleRoles } from './user-admin';

/** A prepared statement per check and scope shape: every call with a path parameter runs one. */
const exists = async (db: Db, query: SQL): Promise<boolean> => {
  const [row] = await queryRows<{ found: boolean }>(db, sql`select exists(${query}) as found`, true);
  return row?.found === true;
};

/** Can the caller see employee `key`: unrestricted, its own, or serving data in its scope. */
export const employeeVisible = async (db: Db, auth: Auth, key: string): Promise<boolean> => {
  if (auth.scope.all || auth.user.employeeKey === key)
    return exists(db, sql`select 1 from ${t.employees} where ${t.employees.key} = ${key}`);
  const serves = (ih: AnyColumn, fs: AnyColumn) => or(eq(ih, key), eq(fs, key));
  return exists(
    db,
    sql`select 1 from ${t.concerns} where ${and(serves(t.concerns.inHouseStaffEmployeeKey, t.concerns.fieldServiceEmployeeKey), concernScope(auth.scope))}
        union all select 1 from ${t.branches} where ${and(serves(t.branches.inHouseStaffEmployeeKey, t.branches.fieldServiceEmployeeKey), branchScope(auth.scope))}
        union all select 1 from ${t.locations} where ${and(serves(t.locations.inHouseStaffEmployeeKey, t.locations.fieldServiceEmployeeKey), locationTableScope(auth.scope))}`,
  );
};

/** Whether the object named by `value` (path parameter `param`) exists and lies in the caller's reach. */
type Check = (db: Db, auth: Auth, value: string, param?: string) => Promise<boolean>;

/** A row of `table` whose `column` equals the value and that lies in the caller's scope exists. */
const rowInScope =
  (table: PgTable, column: AnyColumn, scopeOf: (scope: Scope) => SQL): Check =>
  (db, auth, value) =>
    exists(db, sql`select 1 from ${table} where ${and(eq(column, value), scopeOf(auth.scope))}`);

const containerInScope = rowInScope(t.containers, t.containers.id, containerScope);
const articleInScope = rowInScope(t.containers, t.containers.articleCode, containerScope);

/** A document is visible with its field permission and its container or article in scope. */
const documentVisible = async (db: Db, auth: Auth, id: string): Promise<boolean> => {
  const [doc] = await db.select().from(t.documents).where(eq(t.documents.id, id));
  if (!doc) return false;
  if (doc.containerId)
    return auth.permissions.has(FIELD_PERMISSIONS.document) && containerInScope(db, auth, doc.containerId);
  if (
    doc.articleCode === null ||
    !(
      auth.permissions.has(FIELD_PERMISSIONS.articleDocuments) ||
      auth.permissions.has(FIELD_PERMISSIONS.articleDrawing)
    )
  )
    return false;
  return articleInScope(db, auth, doc.articleCode);
};

/** A barcode or inventory list of a location in the caller's scope. */
const listInScope =
  (table: typeof t.barcodeLists | typeof t.inventoryLists): Check =>
  (db, auth, id) =>
    exists(
      db,
      sql`select 1 from ${table} join ${t.locations} on ${t.locations.code} = ${table.locationCode}
          where ${and(eq(table.id, id), locationTableScope(auth.scope))}`,
    );

/** An export job is its owner's alone. */
const ownExport: Check = (db, auth, id) =>
  exists(
    db,
    sql`select 1 from ${t.exportJobs} where ${and(eq(t.exportJobs.id, id), eq(t.exportJobs.ownerUserId, auth.user.id))}`,
  );

/** The own user, or one the caller administers (a customer admin: customer users of its concern). */
const userCheck: Check = (db, auth, value, param) =>
  userInReach(db, auth, param === 'id' ? { id: value } : { username: value });

/** A role the caller sees: global ones it may assign, and its own concern's; another concern's are missing. */
const roleCheck: Check = async (db, auth, value, param) => {
  const { roles } = await visibleRoles(db, auth);
  return roles.some((r) =>
    param === 'id' ? r.row.id === value : r.row.rolename.toLowerCase() === value.toLowerCase(),
  );
};

/**
 * Every tenant kind of the contract has its check: a `Record`, so a new kind without one does not
 * compile, and nothing is passed through unchecked.
 */
const CHECKS: Record<TenantKind, { check: Check; key: MessageKey }> = {
  concern: { key: 'not_found', check: rowInScope(t.concerns, t.concerns.code, concernScope) },
  branch: { key: 'not_found', check: rowInScope(t.branches, t.branches.code, branchScope) },
  location: {
    key: 'location_not_found',
    check: rowInScope(t.locations, t.locations.code, locationTableScope),
  },
  container: { key: 'container_not_found', check: containerInScope },
  article: { key: 'not_found', check: articleInScope },
  review: { key: 'not_found', check: rowInScope(t.reviewRequests, t.reviewRequests.id, reviewScope) },
  employee: { key: 'not_found', check: employeeVisible },
  document: { key: 'not_found', check: documentVisible },
  barcodeList: { key: 'not_found', check: listInScope(t.barcodeLists) },
  inventoryList: { key: 'not_found', check: listInScope(t.inventoryLists) },
  export: { key: 'not_found', check: ownExport },
  user: { key: 'not_found', check: userCheck },
  role: { key: 'not_found', check: roleCheck },
};

/**
 * Whether a concern, branch or location code lies in a scope (see org-memo.ts): one round trip less per
 * call. A container's place in the tree (its concern, branch and location) is as fixed as the tree: no
 * endpoint moves or creates containers, so its check is remembered alike (every container handler reads
 * the container again within the scope).
 */
const ORG_KINDS: ReadonlySet<TenantKind> = new Set(['concern', 'branch', 'location', 'container']);
const orgChecks = orgMemo<boolean>(10_000);
const containerChecks = orgMemo<boolean>(50_000);

const checkOrg = (db: Db, auth: Auth, kind: TenantKind, value: string, check: Check) =>
  (kind === 'container' ? containerChecks : orgChecks).get(
    db,
    `${kind}\u0000${value}\u0000${scopeKey(auth.scope)}`,
    () => check(db, auth, value),
  );

/** Out of scope answers exactly like missing: 404 with the same key. */
export const checkTenant = async (
  db: Db,
  auth: Auth,
  kind: TenantKind,
  value: string,
  param: string,
): Promise<void> => {
  const entry = CHECKS[kind];
  const found = ORG_KINDS.has(kind)
    ? await checkOrg(db, auth, kind, value, entry.check)
    : await entry.check(db, auth, value, param);
  if (!found) throw new HttpError(404, entry.key);
};
