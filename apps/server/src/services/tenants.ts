import { FIELD_PERMISSIONS, type MessageKey, type TenantKind } from '@falcon/api-client';
import { type AnyColumn, and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { branchScope, concernScope, containerScope, locationTableScope, reviewScope } from './scope';

const exists = async (db: Db, query: SQL): Promise<boolean> => {
  const result = (await db.execute(sql`select exists(${query}) as found`)) as unknown as {
    rows: { found: boolean }[];
  };
  return result.rows[0]?.found === true;
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

/** A document is visible with its field permission and its container or article in scope. */
export const documentVisible = async (db: Db, auth: Auth, id: string): Promise<boolean> => {
  const [doc] = await db.select().from(t.documents).where(eq(t.documents.id, id));
  if (!doc) return false;
  if (doc.containerId)
    return (
      auth.permissions.has(FIELD_PERMISSIONS.document) &&
      exists(
        db,
        sql`select 1 from ${t.containers} where ${and(eq(t.containers.id, doc.containerId), containerScope(auth.scope))}`,
      )
    );
  if (
    doc.articleCode === null ||
    !(
      auth.permissions.has(FIELD_PERMISSIONS.articleDocuments) ||
      auth.permissions.has(FIELD_PERMISSIONS.articleDrawing)
    )
  )
    return false;
  return exists(
    db,
    sql`select 1 from ${t.containers} where ${and(eq(t.containers.articleCode, doc.articleCode), containerScope(auth.scope))}`,
  );
};

type Check = (db: Db, auth: Auth, value: string) => Promise<boolean>;

const CHECKS: Partial<Record<TenantKind, { check: Check; key: MessageKey }>> = {
  concern: {
    key: 'not_found',
    check: (db, auth, code) =>
      exists(
        db,
        sql`select 1 from ${t.concerns} where ${and(eq(t.concerns.code, code), concernScope(auth.scope))}`,
      ),
  },
  branch: {
    key: 'not_found',
    check: (db, auth, code) =>
      exists(
        db,
        sql`select 1 from ${t.branches} where ${and(eq(t.branches.code, code), branchScope(auth.scope))}`,
      ),
  },
  location: {
    key: 'location_not_found',
    check: (db, auth, code) =>
      exists(
        db,
        sql`select 1 from ${t.locations} where ${and(eq(t.locations.code, code), locationTableScope(auth.scope))}`,
      ),
  },
  container: {
    key: 'container_not_found',
    check: (db, auth, id) =>
      exists(
        db,
        sql`select 1 from ${t.containers} where ${and(eq(t.containers.id, id), containerScope(auth.scope))}`,
      ),
  },
  article: {
    key: 'not_found',
    check: (db, auth, code) =>
      exists(
        db,
        sql`select 1 from ${t.containers} where ${and(eq(t.containers.articleCode, code), containerScope(auth.scope))}`,
      ),
  },
  review: {
    key: 'not_found',
    check: (db, auth, id) =>
      exists(
        db,
        sql`select 1 from ${t.reviewRequests} where ${and(eq(t.reviewRequests.id, id), reviewScope(auth.scope))}`,
      ),
  },
  employee: { key: 'not_found', check: employeeVisible },
  document: { key: 'not_found', check: documentVisible },
};

/** True when this kind is checked here; other kinds are checked by their handlers. */
export const hasTenantCheck = (kind: TenantKind): boolean => kind in CHECKS;

/** Out of scope answers exactly like missing: 404 with the same key. */
export const checkTenant = async (db: Db, auth: Auth, kind: TenantKind, value: string): Promise<void> => {
  const entry = CHECKS[kind];
  if (!entry) return;
  if (!(await entry.check(db, auth, value))) throw new HttpError(404, entry.key);
};
