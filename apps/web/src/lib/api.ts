import type { TypedClient } from '@falcon/api-client';
import type { PublicClient } from '@falcon/api-client/lite';
import { callStarted } from './store';

export { apiEvents } from './api-events';

type Loaded = Record<string, Record<string, AnyCall> | undefined>;

let client: Promise<TypedClient> | null = null;
let publicClient: Promise<PublicClient> | null = null;

/** The contract client, loaded once on first use. */
const loadClient = (): Promise<TypedClient> => {
  client ??= import('./api-client').then((module) => module.createClient());
  return client;
};

/** The client of the public routes alone (a signed-out page's calls), loaded once on first use. */
const loadPublicClient = (): Promise<PublicClient> => {
  publicClient ??= import('./api-public').then((module) => module.createPublicClient());
  return publicClient;
};

/**
 * The loaded function of a call: from the full client once it is there (or when the public one has not
 * the route), else from the public client, so the login page never loads the other routes.
 */
const loadCall = async (resource: string, method: string): Promise<AnyCall | undefined> => {
  if (!client) {
    const own = ((await loadPublicClient()) as unknown as Loaded)[resource]?.[method];
    if (own && !client) return own;
  }
  return ((await loadClient()) as unknown as Loaded)[resource]?.[method];
};

type AnyCall = (input?: unknown) => Promise<unknown>;

/**
 * `api.location.get({ params })` as in @falcon/api-client, but the client loads with the first call
 * instead of with the page, and a public call (the login page's) loads only the public routes: the login
 * route stays small (size budget). Methods are plain properties created on first access, so tests can
 * spy on them.
 */
export const api: TypedClient = new Proxy({} as Record<string, Record<string, AnyCall>>, {
  get(resources, resource: string) {
    resources[resource] ??= new Proxy({} as Record<string, AnyCall>, {
      // vi.spyOn asks for the descriptor before reading the method: create it on that first touch too.
      getOwnPropertyDescriptor(methods, method: string | symbol) {
        ensure(methods, resource, method);
        return Reflect.getOwnPropertyDescriptor(methods, method);
      },
      has(methods, method: string | symbol) {
        ensure(methods, resource, method);
        return true;
      },
      get(methods, method: string | symbol) {
        ensure(methods, resource, method);
        return Reflect.get(methods, method);
      },
    });
    return resources[resource];
  },
}) as unknown as TypedClient;

function ensure(methods: Record<string, AnyCall>, resource: string, method: string | symbol) {
  if (typeof method !== 'string') return;
  methods[method] ??= (input?: unknown) => {
    // The progress bar shows while the client itself loads, too.
    callStarted(1);
    return loadCall(resource, method)
      .finally(() => callStarted(-1))
      .then((call) => call?.(input) as Promise<unknown>);
  };
}
