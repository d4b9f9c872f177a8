import type { TypedClient } from '@falcon/api-client';
import { callStarted } from './store';

export { apiEvents } from './api-events';

let client: Promise<TypedClient> | null = null;

/** The contract client, loaded once on first use. */
export const loadClient = (): Promise<TypedClient> => {
  client ??= import('./api-client').then((module) => module.createClient());
  return client;
};

type AnyCall = (input?: unknown) => Promise<unknown>;

/**
 * `api.location.get({ params })` as in @falcon/api-client, but the client and its zod schemas load with
 * the first call instead of with the page: the login route stays small (size budget). Methods are plain
 * properties created on first access, so tests can spy on them.
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
    return loadClient()
      .finally(() => callStarted(-1))
      .then(
        (loaded) =>
          (loaded as unknown as Record<string, Record<string, AnyCall>>)[resource]?.[method]?.(
            input,
          ) as Promise<unknown>,
      );
  };
}
