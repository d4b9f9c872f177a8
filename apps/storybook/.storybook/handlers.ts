import { handlers, resetMockData } from '@falcon/mock-server';

/**
 * The MSW handlers every story starts with: the mock server's handlers for every rest/v2 endpoint,
 * keyed by resource, over the default seeded dataset. A story overrides one key for its Empty,
 * Error or Loading state:
 *
 *   parameters: { msw: { handlers: { container: [errorHandler('container.get', 500)] } } }
 *
 * Components in packages/ui fetch nothing; the screens of apps/web use these.
 */
export const defaultHandlers = handlers;

/** Each story starts from the same data, whatever the story before it changed. */
export const resetData = resetMockData;
