import { type CblTree, type Employee, LANGUAGES } from '@falcon/api-client';
import { type AnyColumn, and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { notFound } from '../errors';
import { enqueueExport } from '../jobs/exports';
import { searchContainers } from '../services/containers';
import { requestLanguage } from '../services/language';
import { orgMemo, scopeKey } from '../services/org-memo';
import { branchScope, concernScope, locationTableScope } from '../services/scope';
import { employeeVisible } from '../services/tenants';
import { concernView } from '../services/tree';
import { defineRoutes } from './define';

const SUGGEST_LIMIT = 10;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Employees the caller may see: all for an unrestricted scope, else those serving its data, and its own. */
const visibleEmployees = (auth: Auth): SQL => {
  if (auth.scope.all) return sql`true`;
  const e = t.employees.key;
  return or(
    ...(auth.user.employeeKey ? [eq(e, auth.user.employeeKey)] : []),
    sql`${e} in (select ${t.concerns.inHouseStaffEmployeeKey} from ${t.concerns} where ${concernScope(auth.scope)}
      union select ${t.concerns.fieldServiceEmployeeKey} from ${t.concerns} where ${concernScope(auth.scope)}
      union select ${t.branches.inHouseStaffEmployeeKey} from ${t.branches} where ${branchScope(auth.scope)}
      union select ${t.branches.fieldServiceEmployeeKey} from ${t.branches} where ${branchScope(auth.scope)}
      union select ${t.locations.inHouseStaffEmployeeKey} from ${t.locations} where ${locationTableScope(auth.scope)}
      union select ${t.locations.fieldServiceEmployeeKey} from ${t.locations} where ${locationTableScope(auth.scope)})`,
  ) as SQL;
};

const employeesOf = (db: Db, auth: Auth, kind?: Employee['kind']) =>
  db
    .select()
    .from(t.employees)
    .where(and(visibleEmployees(auth), kind ? eq(t.employees.kind, kind) : undefined))
    .orderBy(asc(t.employees.lastname), asc(t.employees.key));

interface OrgEntry {
  kind: 'c' | 'b' | 'l';
  code: string;
  name: string;
  /** A branch's concern, a location's branch; null for a concern. */
  parent: string | null;
  /** Lower-case code and name, for the contains match. */
  codeLc: string;
  nameLc: string;
}

/**
 * The concerns, branches and locations a scope sees, ordered by kind and code (the database's
 * collation), remembered per scope (org-memo.ts): a few hundred rows for an unrestricted user of the
 * `large` dataset. The concern list, the tree and quick search read them without a round trip of their own.
 */
const visibleOrgEntries = orgMemo<OrgEntry[]>(1_000);
const orgEntriesOf = (db: Db, auth: Auth) =>
  visibleOrgEntries.get(db, scopeKey(auth.scope), async () => {
    const part = (kind: string, table: SQL, code: AnyColumn, name: AnyColumn, parent: SQL, scope: SQL) =>
      sql`select ${kind}::text as kind, ${code} as code, ${name} as name, ${parent} as parent from ${table} where ${scope}`;
    const result = (await db.execute(
      sql`select kind, code, name, parent from (
        ${part('c', sql`${t.concerns}`, t.concerns.code, t.concerns.name, sql`null::text`, concernScope(auth.scope))}
        union all ${part('b', sql`${t.branches}`, t.branches.code, t.branches.name, sql`${t.branches.concernCode}`, branchScope(auth.scope))}
        union all ${part('l', sql`${t.locations}`, t.locations.code, t.locations.name, sql`${t.locations.branchCode}`, locationTableScope(auth.scope))}
      ) org order by kind, code`,
    )) as unknown as { rows: Pick<OrgEntry, 'kind' | 'code' | 'name' | 'parent'>[] };
    return result.rows.map((r) => ({ ...r, codeLc: r.code.toLowerCase(), nameLc: r.name.toLowerCase() }));
  });

const ofKind = (entries: readonly OrgEntry[], kind: OrgEntry['kind'], parent?: string) =>
  entries
    .filter((e) => e.kind === kind && (parent === undefined || e.parent === parent))
    .map(({ code, name }) => ({ code, name }));

const concernsOf = async (db: Db, auth: Auth) => ofKind(await orgEntriesOf(db, auth), 'c');

const treeOf = async (db: Db, auth: Auth): Promise<CblTree> => {
  const entries = await orgEntriesOf(db, auth);
  return ofKind(entries, 'c').map((concern) => ({
    ...concern,
    branches: ofKind(entries, 'b', concern.code).map((branch) => ({
      ...branch,
      locations: ofKind(entries, 'l', branch.code),
    })),
  }));
};

/** Quick search: code or name contains the query (any case), in the caller's scope, at most 10 of each. */
const suggest = async (db: Db, auth: Auth, query: string) => {
  const q = query.trim().toLowerCase();
  const found: Record<OrgEntry['kind'], { code: string; name: string }[]> = { c: [], b: [], l: [] };
  for (const entry of await orgEntriesOf(db, auth)) {
    const list = found[entry.kind];
    if (list.length < SUGGEST_LIMIT && (entry.codeLc.includes(q) || entry.nameLc.includes(q)))
      list.push({ code: entry.code, name: entry.name });
  }
  return { concerns: found.c, branches: found.b, locations: found.l };
};

export const concernsRoutes = defineRoutes('concerns', {
  list: ({ db, auth }) => concernsOf(db, auth),
  inHouseStaff: ({ db, auth }) => employeesOf(db, auth, 'inhousestaff'),
  fieldService: ({ db, auth }) => employeesOf(db, auth, 'fieldservice'),
});

export const concernRoutes = defineRoutes('concern', {
  get: ({ db, auth, params }) => concernView(db, auth, params.code),
  search: ({ db, auth, params, body }) =>
    searchContainers(db, auth, { column: 'concernCode', code: params.code }, body),
  exportXlsx: async ({ db, auth, params, body, ctx, request }) => {
    const [concern] = await db
      .select({ code: t.concerns.code, name: t.concerns.name })
      .from(t.concerns)
      .where(eq(t.concerns.code, params.code));
    if (!concern) return notFound();
    return enqueueExport(
      ctx.jobs,
      db,
      auth,
      'concern',
      concern!,
      body,
      ctx.now(),
      requestLanguage(request, auth),
    );
  },
});

const EMPLOYEE_SORT = {
  key: t.employees.key,
  kind: t.employees.kind,
  firstname: t.employees.firstname,
  lastname: t.employees.lastname,
  fullName: t.employees.fullName,
  email: t.employees.email,
} as const;

export const employeeRoutes = defineRoutes('employee', {
  get: async ({ db, auth, params }) => {
    if (!(await employeeVisible(db, auth, params.key))) return notFound();
    const [row] = await db.select().from(t.employees).where(eq(t.employees.key, params.key));
    return row ?? notFound();
  },
  list: async ({ db, auth, body }) => {
    const kind = body.filterMap.kind;
    const name = body.filterMap.name?.trim();
    const where = and(
      visibleEmployees(auth),
      kind ? eq(t.employees.kind, kind as Employee['kind']) : undefined,
      name
        ? or(
            ilike(t.employees.fullName, `%${escapeLike(name)}%`),
            ilike(t.employees.key, `%${escapeLike(name)}%`),
          )
        : undefined,
    );
    const column =
      EMPLOYEE_SORT[(body.sortField ?? 'lastname') as keyof typeof EMPLOYEE_SORT] ?? t.employees.lastname;
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(t.employees)
        .where(where)
        .orderBy(body.sortAsc ? asc(column) : desc(column), asc(t.employees.key))
        .limit(body.size)
        .offset(body.page * body.size),
      db.select({ n: count() }).from(t.employees).where(where),
    ]);
    return { items, total: total?.n ?? 0, page: body.page, size: body.size };
  },
});

export const cblRoutes = defineRoutes('cbl', {
  tree: ({ db, auth }) => treeOf(db, auth),
  suggest: ({ db, auth, body }) => suggest(db, auth, body.query),
  suggestGet: ({ db, auth, query }) => suggest(db, auth, query.query),
});

export const contentRoutes = defineRoutes('content', {
  supportedLanguages: () => [...LANGUAGES],
  footer: async ({ db }) => {
    const [row] = await db.select().from(t.settings).where(eq(t.settings.key, 'footerLinks'));
    // Stored as [label, url] pairs: jsonb would sort an object's keys.
    const pairs = Array.isArray(row?.value) ? (row.value as [string, string][]) : [];
    return { footerLinks: Object.fromEntries(pairs) };
  },
  version: ({ reply, ctx }) =>
    reply.header('Cache-Control', 'no-cache, no-store').type('text/plain; charset=utf-8').send(ctx.version),
});
