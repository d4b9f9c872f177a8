import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import { loadNamespaces, type Namespace } from '../lib/i18n';

type LazyRoute = LazyRouteFunction<RouteObject>;
export type RouteModule = Awaited<ReturnType<LazyRoute>>;

/** `page(name)`: a route module's code and its namespaces, loaded together. */
export const pages =
  <Name extends string>(
    modules: Record<string, () => Promise<RouteModule>>,
    namespaces: Record<Name, readonly Namespace[]>,
  ) =>
  (name: Name): LazyRoute =>
  async () => {
    const load = modules[`./routes/${name}.tsx`];
    if (!load) throw new Error(`src/app/routes/${name}.tsx is missing`);
    const [module] = await Promise.all([load(), loadNamespaces(namespaces[name])]);
    return module;
  };
