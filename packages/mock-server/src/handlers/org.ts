import { type CblTree, type Employee, LANGUAGES, slicePage } from '@falcon/api-client';
import { HttpResponse } from 'msw';
import type { Auth, MockDb } from '../db';
import { notFound } from '../errors';
import { createExport } from './exports';
import { type HandlerContext, route } from './route';
import { runSearch } from './search';
import { concernView } from './views';

/** The build the mock pretends to serve (the spec's build timestamp). */
export const MOCK_VERSION = '2025-08-31';

const employeesFor = (db: MockDb, auth: Auth, kind?: Employee['kind']) =>
  [...db.employees.values()].filter((e) => (!kind || e.kind === kind) && db.canSeeEmployee(auth, e.key));

const treeFor = (db: MockDb, auth: Auth): CblTree =>
  [...db.concerns.values()]
    .filter((c) => db.canSeeConcern(auth.scope, c.code))
    .map((c) => ({
      code: c.code,
      name: c.name,
      branches: db
        .branchesOfConcern(c.code)
        .filter((b) => db.canSeeBranch(auth.scope, b.code))
        .map((b) => ({
          code: b.code,
          name: b.name,
          locations: db
            .locationsOfBranch(b.code)
            .filter((l) => db.canSeeLocation(auth.scope, l.code))
            .map((l) => ({ code: l.code, name: l.name })),
        })),
    }));

const SUGGEST_LIMIT = 10;
const suggest = (db: MockDb, auth: Auth, query: string) => {
  const q = query.trim().toLowerCase();
  const hit = (x: { code: string; name: string }) =>
    !q || x.code.toLowerCase().includes(q) || x.name.toLowerCase().includes(q);
  const tree = treeFor(db, auth);
  const branches = tree.flatMap((c) => c.branches);
  const locations = branches.flatMap((b) => b.locations);
  const named = ({ code, name }: { code: string; name: string }) => ({ code, name });
  return {
    concerns: tree.filter(hit).slice(0, SUGGEST_LIMIT).map(named),
    branches: branches.filter(hit).slice(0, SUGGEST_LIMIT).map(named),
    locations: locations.filter(hit).slice(0, SUGGEST_LIMIT).map(named),
  };
};

export const concernsHandlers = (ctx: HandlerContext) => [
  route(ctx, 'concerns', 'list', ({ db, auth }) =>
    [...db.concerns.values()]
      .filter((c) => db.canSeeConcern(auth.scope, c.code))
      .map(({ code, name }) => ({ code, name })),
  ),
  route(ctx, 'concerns', 'inHouseStaff', ({ db, auth }) => employeesFor(db, auth, 'inhousestaff')),
  route(ctx, 'concerns', 'fieldService', ({ db, auth }) => employeesFor(db, auth, 'fieldservice')),
];

export const concernHandlers = (ctx: HandlerContext) => [
  route(ctx, 'concern', 'get', ({ db, auth, params }) => concernView(db, auth, params.code)),
  route(ctx, 'concern', 'search', ({ db, auth, params, body }) => {
    concernView(db, auth, params.code);
    const pool = db
      .visibleLocations(auth.scope)
      .filter((l) => l.concernCode === params.code)
      .flatMap((l) => db.containersByLocation.get(l.code) ?? []);
    return runSearch(auth, pool, body);
  }),
  route(ctx, 'concern', 'exportXlsx', ({ db, auth, params, body, lang }) => {
    const concern = concernView(db, auth, params.code);
    const pool = db
      .visibleLocations(auth.scope)
      .filter((l) => l.concernCode === params.code)
      .flatMap((l) => db.containersByLocation.get(l.code) ?? []);
    return createExport(db, auth, 'concern', concern, pool, body, lang);
  }),
];

export const employeeHandlers = (ctx: HandlerContext) => [
  route(ctx, 'employee', 'get', ({ db, auth, params }) => {
    if (!db.canSeeEmployee(auth, params.key)) return notFound();
    return db.employees.get(params.key);
  }),
  route(ctx, 'employee', 'list', ({ db, auth, body }) => {
    const kind = body.filterMap.kind;
    const name = body.filterMap.name?.toLowerCase();
    const rows = employeesFor(db, auth)
      .filter((e) => !kind || e.kind === kind)
      .filter((e) => !name || e.fullName.toLowerCase().includes(name) || e.key.toLowerCase().includes(name));
    const field = (body.sortField ?? 'lastname') as keyof Employee;
    rows.sort(
      (a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * (body.sortAsc ? 1 : -1),
    );
    return slicePage(rows, body.page, body.size);
  }),
];

export const cblHandlers = (ctx: HandlerContext) => [
  route(ctx, 'cbl', 'tree', ({ db, auth }) => treeFor(db, auth)),
  route(ctx, 'cbl', 'suggest', ({ db, auth, body }) => suggest(db, auth, body.query)),
  route(ctx, 'cbl', 'suggestGet', ({ db, auth, query }) => suggest(db, auth, query.query)),
];

export const contentHandlers = (ctx: HandlerContext) => [
  route(ctx, 'content', 'supportedLanguages', () => [...LANGUAGES]),
  route(ctx, 'content', 'footer', ({ db }) => ({ footerLinks: { ...db.dataset.footerLinks } })),
  route(
    ctx,
    'content',
    'version',
    () =>
      new HttpResponse(MOCK_VERSION, {
        headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
      }),
  ),
];
