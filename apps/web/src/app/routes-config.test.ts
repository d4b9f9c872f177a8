import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EAGER_NAMESPACES, NAMESPACES, type Namespace } from '../lib/i18n';
import type { RouteHandle } from './guards';
import { FRAME_NAMESPACES } from './layouts/RootLayout';
import { ON_DEMAND_NAMESPACES, PUBLIC_ROUTE_NAMESPACES } from './routes-config';
import { SIGNED_IN_ROUTE_NAMESPACES, signedInRoutes } from './routes-signed-in';

// Reads the source: which namespaces the code reachable from a module asks for (useTranslation,
// { ns }, 'ns:key'), following its relative static imports. The app loads only EAGER_NAMESPACES at
// start, so every other namespace a screen uses must be listed for its route (or the frame).
const src = resolve(import.meta.dirname, '..');
const known = new Set<string>(NAMESPACES);

const resolveImport = (from: string, spec: string): string | null => {
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
};

const staticImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'(\.[^']+)'/gm)]
    .map((m) => resolveImport(file, m[1] ?? ''))
    .filter((f): f is string => f !== null);

const namespacesIn = (source: string): string[] => {
  const found = new Set<string>();
  const words = (list: string) => [...list.matchAll(/'(\w+)'/g)].map((m) => m[1] ?? '');
  for (const m of source.matchAll(/useTranslation\(\s*('\w+'|\[[^\]]*\])?/g)) {
    for (const ns of m[1] ? words(m[1]) : ['common']) found.add(ns);
  }
  for (const m of source.matchAll(/\bns:\s*('\w+'|\[[^\]]*\])/g))
    for (const ns of words(m[1] ?? '')) found.add(ns);
  for (const m of source.matchAll(/'(\w+):[\w.]+'/g)) found.add(m[1] ?? '');
  return [...found].filter((ns) => known.has(ns)).sort();
};

const usedFrom = (entry: string): string[] => {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return [...new Set([...seen].flatMap((file) => namespacesIn(readFileSync(file, 'utf8'))))].sort();
};

const ROUTE_NAMESPACES = { ...PUBLIC_ROUTE_NAMESPACES, ...SIGNED_IN_ROUTE_NAMESPACES };

const notEager = (namespaces: readonly string[]) =>
  namespaces.filter((ns) => !(EAGER_NAMESPACES as readonly string[]).includes(ns)).sort();

describe('translation namespaces per route', () => {
  const routeFiles = readdirSync(join(src, 'app/routes'))
    .filter((f) => /\.tsx$/.test(f) && !/\.(test|stories)\.tsx$/.test(f))
    .map((f) => f.replace(/\.tsx$/, ''))
    .sort();

  it('names every route module once, as public or signed-in', () => {
    const publicNames = Object.keys(PUBLIC_ROUTE_NAMESPACES);
    const signedInNames = Object.keys(SIGNED_IN_ROUTE_NAMESPACES);
    expect(publicNames.filter((name) => signedInNames.includes(name))).toEqual([]);
    expect([...publicNames, ...signedInNames].sort()).toEqual(routeFiles);
  });

  const frame: readonly string[] = FRAME_NAMESPACES;
  const onDemand: Record<string, readonly string[]> = ON_DEMAND_NAMESPACES;

  it.each(Object.keys(PUBLIC_ROUTE_NAMESPACES))(
    'public route %s loads exactly the namespaces its screens use (but those it loads on demand)',
    (name) => {
      const listed: readonly Namespace[] = ROUTE_NAMESPACES[name as keyof typeof ROUTE_NAMESPACES];
      const used = notEager(usedFrom(join(src, `app/routes/${name}.tsx`)));
      const late = onDemand[name] ?? [];
      expect(used).toEqual(expect.arrayContaining([...late]));
      expect([...listed].sort()).toEqual(used.filter((ns) => !late.includes(ns)));
    },
  );

  it.each(Object.keys(SIGNED_IN_ROUTE_NAMESPACES))(
    'signed-in route %s loads exactly the namespaces its screens use beyond the frame’s',
    (name) => {
      const listed: readonly Namespace[] = ROUTE_NAMESPACES[name as keyof typeof ROUTE_NAMESPACES];
      const used = notEager(usedFrom(join(src, `app/routes/${name}.tsx`)));
      expect([...listed].sort()).toEqual(used.filter((ns) => !frame.includes(ns)));
    },
  );

  it('every signed-in route renders inside the frame (whose namespaces the routes rely on)', () => {
    for (const route of signedInRoutes) {
      expect((route.handle as RouteHandle).layout, route.path).toMatch(/^(Default|FixedHeight)$/);
    }
  });

  it('the entry (login page frame) needs only the eager namespaces', () => {
    expect(notEager(usedFrom(join(src, 'app/main.tsx')))).toEqual([]);
  });

  it('the signed-in frame loads what its header and notices use, and nothing no signed-in screen uses', () => {
    expect(frame).toEqual(
      expect.arrayContaining(notEager(usedFrom(join(src, 'app/layouts/DefaultLayout.tsx')))),
    );
    const usedInside = new Set([
      ...usedFrom(join(src, 'app/layouts/DefaultLayout.tsx')),
      ...Object.keys(SIGNED_IN_ROUTE_NAMESPACES).flatMap((name) =>
        usedFrom(join(src, `app/routes/${name}.tsx`)),
      ),
    ]);
    expect(frame.filter((ns) => !usedInside.has(ns))).toEqual([]);
  });

  it('finds namespaces in the forms the app writes them', () => {
    expect(
      namespacesIn(
        "useTranslation(['location', 'messages']); t('x', { ns: 'org' }); t('admin:title'); useTranslation()",
      ),
    ).toEqual(['admin', 'common', 'location', 'messages', 'org']);
  });
});
